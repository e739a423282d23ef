import Testing
@testable import BoardModel

@Suite("ISO 8601 dates and instants")
struct ISO8601Tests {
    @Test func calendarDateStaysADate() throws {
        let due = try #require(DueDate(iso: "2026-11-30"))
        #expect(due == .date(CalendarDate(year: 2026, month: 11, day: 30)!))
        #expect(due.description == "2026-11-30")
    }

    @Test func instantKeepsItsOffset() throws {
        let due = try #require(DueDate(iso: "2026-11-30T18:00:00+09:00"))
        guard case .instant(let i) = due else { Issue.record("not an instant"); return }
        #expect(i.offsetSeconds == 9 * 3600)
        #expect(i.utc.description == "2026-11-30T09:00:00Z")
        #expect(due.description == "2026-11-30T18:00:00+09:00")
    }

    @Test(arguments: [
        "2026-11-02T09:00:00Z", "2026-11-02T18:00:00+09:00", "1999-12-31T23:59:59-05:30",
        "2026-03-01T00:00:00.123Z", "2024-02-29T12:00:00Z", "2026-06-15T08:30:00-07:00",
    ])
    func instantsRoundTrip(_ text: String) throws {
        let i = try #require(ISO8601.parseInstant(text))
        #expect(i.description == text)
    }

    @Test func acceptsCommonVariants() {
        #expect(ISO8601.parseInstant("2026-11-02 09:00:00Z")?.description == "2026-11-02T09:00:00Z")
        #expect(ISO8601.parseInstant("2026-11-02T09:00Z")?.description == "2026-11-02T09:00:00Z")
        #expect(ISO8601.parseInstant("2026-11-02T18:00:00+0900")?.utc.description == "2026-11-02T09:00:00Z")
        #expect(ISO8601.parseInstant("2026-11-02T09:00:00.123456Z")?.epochMilliseconds == 1_793_610_000_123)
    }

    @Test func timestampWithoutOffsetIsLocal() {
        guard case .local(let t)? = ISO8601.parse(Array("2026-11-02T09:15:00".utf8)) else {
            Issue.record("expected a wall-clock time"); return
        }
        #expect(t.hour == 9 && t.minute == 15)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "2025-02-29", "2026-11-02T24:00:00Z", "2026-11-02T09:60:00Z", "2026-11-02T09:00:00+25:00"])
    func impossibleDatesAreImpossible(_ text: String) {
        #expect(throws: ISO8601.Failure.impossible) { try ISO8601.parseOrFail(Array(text.utf8)) }
    }

    @Test(arguments: ["", "2026", "2026-1-02", "20261102", "2026-11-02T", "2026-11-02T09", "2026-11-02T09:00:00Q", "yesterday", "2026-11-02T09:00:00Z "])
    func malformedTextIsMalformed(_ text: String) {
        #expect(throws: ISO8601.Failure.malformed) { try ISO8601.parseOrFail(Array(text.utf8)) }
    }
}

@Suite("Calendar dates")
struct CalendarDateTests {
    @Test func daysSinceEpochRoundTrips() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CalendarDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(CalendarDate(year: 1970, month: 1, day: 1)!.daysSinceEpoch == 0)
        #expect(CalendarDate(year: 2000, month: 3, day: 1)!.daysSinceEpoch == 11_017)
    }

    @Test func isoWeeksAroundTheNewYear() {
        // 2026-12-31 is a Thursday, so it lies in week 53 of 2026; 2027-01-04 (Monday) starts week 1.
        #expect(CalendarDate(year: 2026, month: 12, day: 31)!.isoWeek == (2026, 53))
        #expect(CalendarDate(year: 2027, month: 1, day: 3)!.isoWeek == (2026, 53))
        #expect(CalendarDate(year: 2027, month: 1, day: 4)!.isoWeek == (2027, 1))
        // 2024-12-30 (Monday) belongs to 2025-W01.
        #expect(CalendarDate(year: 2024, month: 12, day: 30)!.isoWeek == (2025, 1))
        #expect(CalendarDate(year: 2026, month: 11, day: 22)!.isoWeekday == 7)
        #expect(CalendarDate(year: 2026, month: 11, day: 22)!.startOfISOWeek.description == "2026-11-16")
    }
}

@Suite("Time zones")
struct ZoneTests {
    @Test func seoulDayStartsNineHoursBeforeUTC() throws {
        let seoul = try #require(Zone.named("Asia/Seoul"))
        let day = CalendarDate(year: 2026, month: 11, day: 22)!
        #expect(seoul.startOfDay(day).utc.description == "2026-11-21T15:00:00Z")
        // 20:00 UTC on the 21st is already the 22nd in Seoul.
        #expect(seoul.calendarDate(of: ISO8601.parseInstant("2026-11-21T20:00:00Z")!) == day)
    }

    @Test func dateOnlyDueIsOverdueFromTheNextDayInTheBoardZone() throws {
        let seoul = try #require(Zone.named("Asia/Seoul"))
        let due = DueDate.date(CalendarDate(year: 2026, month: 11, day: 22)!)
        #expect(due.overdueFrom(in: seoul).utc.description == "2026-11-22T15:00:00Z")
        #expect(due.overdueFrom(in: Zone.utc).utc.description == "2026-11-23T00:00:00Z")
    }

    @Test func daylightSavingGapAndOverlap() throws {
        let ny = try #require(Zone.named("America/New_York"))
        // 2026-03-08 02:30 does not exist in New York (clocks jump 02:00 → 03:00).
        let gap = ny.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 3, day: 8)!, hour: 2, minute: 30))
        #expect(gap.utc.description == "2026-03-08T07:30:00Z")
        // 2026-11-01 01:30 happens twice; the earlier (EDT, -04:00) wins.
        let twice = ny.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 1)!, hour: 1, minute: 30))
        #expect(twice.description == "2026-11-01T01:30:00-04:00")
        #expect(ny.offset(atEpochSeconds: ISO8601.parseInstant("2026-07-01T12:00:00Z")!.epochSeconds) == -4 * 3600)
        #expect(ny.offset(atEpochSeconds: ISO8601.parseInstant("2026-12-01T12:00:00Z")!.epochSeconds) == -5 * 3600)
    }

    @Test func unknownZonesAreRejected() {
        #expect(Zone.named("Mars/Olympus") == nil)
        #expect(Zone.named("KST") == nil)
        #expect(Zone.named("Europe/Berlin") != nil)
    }
}
