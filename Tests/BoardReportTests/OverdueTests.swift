import BoardModel
import Testing
@testable import BoardReport

@Suite("Overdue and due soon, in the board's zone")
struct OverdueTests {
    // A card due 2026-11-20 (all day) on a Seoul board (UTC+9, no daylight saving).
    static let seoulCard = Card(id: "c1", title: "마감 오늘", state: "todo", due: .date(TB.day("2026-11-20")),
                                created: TB.at("2026-11-01T00:00:00Z"))

    @Test("due today in Seoul while it is still yesterday in UTC: due soon, not overdue")
    func dueTodayInSeoul() {
        // 2026-11-19T20:00Z is 2026-11-20 05:00 in Seoul: the due day has begun there.
        let b = TB.board(zone: "Asia/Seoul", cards: [Self.seoulCard])
        let r = TB.report(b, asOf: "2026-11-19T20:00:00Z")
        #expect(r.asOfDate == TB.day("2026-11-20"))
        #expect(r.overdue.items.isEmpty)
        #expect(r.dueSoon.items.map(\.card.id) == ["c1"])
        #expect(r.dueSoon.items.first?.daysLeft == 0)
    }

    @Test("a date-only due is overdue from the next midnight in the board's zone, not UTC's")
    func overdueFromNextSeoulMidnight() {
        let b = TB.board(zone: "Asia/Seoul", cards: [Self.seoulCard])
        // 2026-11-20T14:59:59Z = 23:59:59 on the 20th in Seoul: still due today.
        #expect(TB.report(b, asOf: "2026-11-20T14:59:59Z").overdue.items.isEmpty)
        // 2026-11-20T15:00:00Z = 00:00 on the 21st in Seoul: one day overdue, though UTC is still on the 20th.
        let late = TB.report(b, asOf: "2026-11-20T15:00:00Z")
        #expect(late.overdue.items.map(\.card.id) == ["c1"])
        #expect(late.overdue.items.first?.daysOverdue == 1)
        // The same card on a UTC board at that moment is not overdue yet.
        let utc = TB.board(zone: "UTC", cards: [Self.seoulCard])
        #expect(TB.report(utc, asOf: "2026-11-20T15:00:00Z").overdue.items.isEmpty)
    }

    @Test("--as-of DATE is the end of that day: a card due that day is due today, not overdue")
    func asOfDateIsEndOfDay() {
        let b = TB.board(zone: "Asia/Seoul", cards: [Self.seoulCard])
        let r = TB.report(b, asOf: "2026-11-20")
        #expect(r.asOf.description == "2026-11-20T23:59:59.999+09:00")
        #expect(r.overdue.items.isEmpty)
        #expect(TB.report(b, asOf: "2026-11-21").overdue.items.first?.daysOverdue == 1)
    }

    @Test("a due with a time is overdue from that instant; done and archived cards never are")
    func instantDueAndExclusions() {
        let due = DueDate.instant(TB.at("2026-11-20T18:00:00+09:00"))
        let cards = [
            Card(id: "a", title: "open", state: "doing", due: due),
            Card(id: "b", title: "finished", state: "done", due: due, completed: TB.at("2026-11-19T00:00:00Z")),
            Card(id: "c", title: "archived", state: "todo", due: due, archived: true),
            Card(id: "d", title: "much later", state: "todo", due: .date(TB.day("2026-12-31"))),
        ]
        let b = TB.board(zone: "Asia/Seoul", cards: cards)
        // 17:59 Seoul: not yet; 18:00 Seoul: overdue, 0 calendar days.
        #expect(TB.report(b, asOf: "2026-11-20T08:59:00Z").overdue.items.isEmpty)
        let r = TB.report(b, asOf: "2026-11-20T09:00:00Z")
        #expect(r.overdue.items.map(\.card.id) == ["a"])
        #expect(r.overdue.items.first?.daysOverdue == 0)
        // 2026-12-31 is 41 days after 2026-11-20: outside the 7-day window.
        #expect(r.dueSoon.items.isEmpty)
    }

    @Test("most overdue first")
    func order() {
        let cards = [
            Card(id: "x", title: "x", state: "todo", due: .date(TB.day("2026-11-10"))),
            Card(id: "y", title: "y", state: "todo", due: .date(TB.day("2026-11-01"))),
            Card(id: "z", title: "z", state: "todo", due: .date(TB.day("2026-11-15"))),
        ]
        let r = TB.report(TB.board(cards: cards), asOf: "2026-11-20")
        #expect(r.overdue.items.map(\.card.id) == ["y", "x", "z"])
        // 11-20 minus 11-01 = 19 days; minus 11-10 = 10; minus 11-15 = 5.
        #expect(r.overdue.items.map(\.daysOverdue) == [19, 10, 5])
    }
}
