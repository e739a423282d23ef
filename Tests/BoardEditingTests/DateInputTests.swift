import BoardEditing
import BoardModel
import Testing

/// Dates as people type them, in the board's zone.
@Suite("date input")
struct DateInputTests {
    let seoul = Zone.named("Asia/Seoul")!
    // 2026-11-24T14:30Z: 23:30 on the 24th in Seoul.
    let now = Instant(epochSeconds: 1_795_530_600)

    func date(_ text: String) -> String? { DateInput.parse(text, zone: seoul, now: now)?.description }

    @Test func wordsAndOffsetsAreDaysInTheBoardsZone() {
        #expect(date("today") == "2026-11-24")
        #expect(date("Tomorrow") == "2026-11-25")
        #expect(date("yesterday") == "2026-11-23")
        #expect(date("내일") == "2026-11-25")
        #expect(date("+3d") == "2026-11-27")
        #expect(date("+2w") == "2026-12-08")
        #expect(date("-1d") == "2026-11-23")
        #expect(date("+3m") == "2027-02-24")
        // 2026-11-24 is a Tuesday: the next Tuesday is a week on, the next Friday this week.
        #expect(date("tuesday") == "2026-12-01")
        #expect(date("fri") == "2026-11-27")
    }

    /// Korean day words work as the English ones do: a weekday is the next one (a week on
    /// when it is today), and a weekday of this or next week counts weeks from Monday.
    @Test func koreanDayWords() {
        #expect(date("오늘") == "2026-11-24")
        #expect(date("모레") == "2026-11-26")
        #expect(date("금요일") == "2026-11-27")
        #expect(date("화요일") == "2026-12-01")
        #expect(date("다음 주 월요일") == "2026-11-30")
        #expect(date("다음주 금요일") == "2026-12-04")
        #expect(date("이번 주 금요일") == "2026-11-27")
        #expect(date("다음 주") == nil)
        #expect(date("다음 주 금") == nil)
        #expect(DateInput.acceptedInKorean.contains("금요일, 이번 주 금요일, 다음 주 월요일"))
    }

    @Test func isoTextKeepsWhatItSays() {
        #expect(date("2026-12-01") == "2026-12-01")
        #expect(date("2026-12-01T18:00:00Z") == "2026-12-01T18:00:00Z")
        // A time without an offset is the board's wall clock.
        #expect(date("2026-12-01T18:00") == "2026-12-01T18:00:00+09:00")
        #expect(date("2026-12-01 09:30") == "2026-12-01T09:30:00+09:00")
    }

    @Test func acceptedFormsAreSaidOnce() {
        #expect(DateInput.accepted == "use YYYY-MM-DD, YYYY-MM-DDTHH:MM (in the board's zone, or with an offset), today, "
                + "tomorrow, yesterday, a weekday name (the next one), or +3d, +2w, +1m")
    }

    @Test func nonsenseIsRefused() {
        for text in ["someday", "2026-02-30", "+3x", "+d", "", "next week"] {
            #expect(date(text) == nil, "\(text)")
        }
    }
}
