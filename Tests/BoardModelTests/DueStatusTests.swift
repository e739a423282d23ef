import BoardModel
import Testing

/// Where a due date stands, on the board's day.
@Suite("due status")
struct DueStatusTests {
    let seoul = Zone.named("Asia/Seoul")!
    // 2026-11-24T14:30Z: 23:30 on the 24th in Seoul.
    let now = Instant(epochSeconds: 1_795_530_600)

    @Test func dueStatusFollowsTheBoardsDay() {
        let d = DueDate.date(CalendarDate(year: 2026, month: 11, day: 24)!)
        #expect(DueStatus.of(d, category: .todo, settled: false, now: now, zone: seoul) == .today)
        let utc = Zone.utc
        let tomorrowMorning = Instant(epochSeconds: 1_795_568_400)  // 2026-11-25T01:00Z
        #expect(DueStatus.of(d, category: .todo, settled: false, now: tomorrowMorning, zone: utc) == .overdue(days: 1))
        #expect(DueStatus.of(d, category: .done, settled: false, now: tomorrowMorning, zone: utc) == .done)
        let nextWeek = DueDate.date(CalendarDate(year: 2026, month: 12, day: 1)!)
        #expect(DueStatus.of(nextWeek, category: .doing, settled: false, now: now, zone: seoul) == .soon(days: 7))
    }
}
