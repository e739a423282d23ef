import Testing
import BoardModel
@testable import BoardXLSX

@Suite struct ExcelDateTests {
    let d1900 = ExcelDateSystem.from1900
    let d1904 = ExcelDateSystem.from1904

    @Test func the1900SystemKeepsLotusLeapYearBug() {
        #expect(d1900.reading(1)?.date == CalendarDate(year: 1900, month: 1, day: 1))
        #expect(d1900.reading(59)?.date == CalendarDate(year: 1900, month: 2, day: 28))
        #expect(d1900.reading(60) == nil)   // 1900-02-29 never happened
        #expect(d1900.reading(61)?.date == CalendarDate(year: 1900, month: 3, day: 1))
        #expect(d1900.reading(46_357)?.date == CalendarDate(year: 2026, month: 12, day: 1))
        #expect(d1900.serial(of: CalendarDate(year: 1900, month: 2, day: 28)!) == 59)
        #expect(d1900.serial(of: CalendarDate(year: 1900, month: 3, day: 1)!) == 61)
        #expect(d1900.serial(of: CalendarDate(year: 1899, month: 12, day: 31)!) == nil)
        #expect(d1900.serial(of: CalendarDate(year: 9999, month: 12, day: 31)!) == 2_958_465)
        #expect(d1900.reading(2_958_466) == nil)
        #expect(d1900.reading(-1) == nil)
    }

    @Test func the1904SystemCountsFrom1904() {
        #expect(d1904.reading(0)?.date == CalendarDate(year: 1904, month: 1, day: 1))
        #expect(d1904.reading(44_895)?.date == CalendarDate(year: 2026, month: 12, day: 1))
        #expect(d1904.serial(of: CalendarDate(year: 1903, month: 12, day: 31)!) == nil)
    }

    @Test func timesKeepMilliseconds() throws {
        let t = LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 30)!, hour: 23, minute: 59, second: 59, millisecond: 999)
        let s = try #require(d1900.serial(of: t))
        #expect(d1900.reading(s) == t)
        let noon = try #require(d1900.reading(46_356.5))
        #expect(noon.hour == 12 && noon.minute == 0)
    }

    @Test func dateFormatsAreRecognised() {
        for code in ["yyyy-mm-dd", "dd/mm/yyyy", "d mmm yyyy", "[$-409]m/d/yy h:mm AM/PM;@", "yyyy\\-mm\\-dd", "h:mm"] {
            #expect(CellStyles.isDateFormat(code), "\(code)")
        }
        for code in ["General", "0.00", "#,##0 \"days\"", "[Red]0.0", "0%", "@"] {
            #expect(!CellStyles.isDateFormat(code), "\(code)")
        }
        #expect(CellStyles.isBuiltInDate(14) && CellStyles.isBuiltInDate(22) && CellStyles.isBuiltInDate(47))
        #expect(!CellStyles.isBuiltInDate(0) && !CellStyles.isBuiltInDate(49))
    }

    @Test func exactInstantsNeedHiddenTextOnlyWhenTheCellCannotSay() throws {
        let seoul = try #require(Zone.named("Asia/Seoul"))
        let inZone = Instant(epochSeconds: 1_795_000_000, offsetSeconds: 9 * 3600)
        #expect(ExactInstant.hiddenText(for: inZone, in: seoul) == nil)
        #expect(ExactInstant.hiddenText(for: inZone.utc, in: seoul) == "Z")
        #expect(ExactInstant.hiddenText(for: inZone.withOffset(-3600 * 5 - 1800), in: seoul) == "-05:30")
        // A person retyped the date: the old exact instant no longer applies.
        let exact = ExactInstant.Hidden.instant(inZone)
        let retyped = inZone.adding(seconds: 86_400)
        #expect(ExactInstant.restore(visible: retyped, hidden: exact, zone: seoul) == retyped)
        #expect(ExactInstant.restore(visible: inZone, hidden: exact, zone: seoul) == inZone)
    }

    @Test func cellReferences() {
        #expect(CellReference.column(0) == "A")
        #expect(CellReference.column(25) == "Z")
        #expect(CellReference.column(26) == "AA")
        #expect(CellReference.column(16_383) == "XFD")
        #expect(CellReference.cell(sheet: "History (2)", row: 4, column: 0) == "'History (2)'!A5")
        let parsed = Array("AB12".utf8).withUnsafeBufferPointer { CellReference.parse($0, from: 0, to: 4) }
        #expect(parsed?.column == 27 && parsed?.row == 11)
    }
}
