import BoardModel
import Testing
@testable import BoardReport

@Suite("Weeks, throughput, cycle and lead time on hand-worked boards")
struct FlowTests {
    static let flowStates = [
        BoardState(id: "todo", name: "TODO", category: .todo),
        BoardState(id: "doing", name: "DOING", category: .doing, wipLimit: 1),
        BoardState(id: "review", name: "REVIEW", category: .doing),
        BoardState(id: "done", name: "DONE", category: .done),
    ]

    @Test("ISO weeks across a new year: 2026 has 53 weeks, 2025-12-29 starts 2026-W01")
    func newYearWeeks() {
        // 2027-01-02 is a Saturday; its week starts Monday 2026-12-28, whose Thursday is
        // 2026-12-31, so it is 2026-W53 (2026 began on a Thursday: 53 ISO weeks).
        let card = Card(id: "c", title: "t", state: "todo")
        let b = TB.board(cards: [card], events: [TB.created("c", "2027-01-01T10:00:00Z")])
        let r = TB.report(b, asOf: "2027-01-02", weeks: 2)
        #expect(r.weeks.map(\.label) == ["2026-W52", "2026-W53"])
        #expect(r.createdVsCompleted.created == [0, 1])
        // 2026-01-02 (Friday) is in the week of Monday 2025-12-29, ISO 2026-W01; the one before is 2025-W52.
        let b2 = TB.board(cards: [card], events: [TB.created("c", "2025-12-30T10:00:00Z")])
        let r2 = TB.report(b2, asOf: "2026-01-02", weeks: 2)
        #expect(r2.weeks.map(\.label) == ["2025-W52", "2026-W01"])
        #expect(r2.weeks.last?.monday == TB.day("2025-12-29"))
        #expect(r2.throughput.rows.first { $0.stateID == "todo" }?.perWeek == [0, 1])
    }

    @Test("weeks start at midnight in a daylight-saving zone, and elapsed days ignore the clock change")
    func daylightSaving() {
        // New York leaves daylight saving on Sunday 2026-11-01. Monday 2026-11-02 00:00 EST is
        // 05:00Z. A move at 04:30Z is still Sunday 23:30 in New York: week 2026-W44 (from
        // Monday 2026-10-26); one at 05:30Z is Monday 00:30: 2026-W45. (In UTC both would be W45.)
        let cards = [Card(id: "a", title: "a", state: "done"), Card(id: "b", title: "b", state: "doing")]
        let events = [
            TB.created("a", "2026-10-26T04:30:00Z"),          // Mon 00:30 EDT: W44
            TB.created("b", "2026-10-26T03:30:00Z"),          // Sun 23:30 EDT: W43
            TB.move("a", "2026-10-31T12:00:00Z", "todo", "doing"),
            TB.move("b", "2026-11-02T04:30:00Z", "todo", "doing"),  // W44
            TB.move("a", "2026-11-02T12:00:00Z", "doing", "done"),  // W45
        ]
        let b = TB.board(zone: "America/New_York", states: Self.flowStates, cards: cards, events: events)
        let r = TB.report(b, asOf: "2026-11-03", weeks: 3)
        #expect(r.weeks.map(\.label) == ["2026-W43", "2026-W44", "2026-W45"])
        let doing = r.throughput.rows.first { $0.stateID == "doing" }
        #expect(doing?.perWeek == [0, 2, 0])
        #expect(r.throughput.rows.first { $0.stateID == "todo" }?.perWeek == [1, 1, 0])
        #expect(r.throughput.completedPerWeek == [0, 0, 1])
        // 2026-10-31T12:00Z → 2026-11-02T12:00Z is 48 elapsed hours: 2.0 days, though the
        // wall clock in New York moved 49 hours (08:00 EDT → 07:00 EST).
        #expect(r.flowTimes.cycleTime.p50 == 2.0)
    }

    @Test("cards moving back and forth: each entry counts; cycle time from the first doing entry")
    func backAndForth() {
        // Week of Monday 2026-11-16 (UTC board).
        let events = [
            TB.created("c", "2026-11-16T09:00:00Z"),
            TB.move("c", "2026-11-16T12:00:00Z", "todo", "doing"),
            TB.move("c", "2026-11-17T12:00:00Z", "doing", "review"),
            TB.move("c", "2026-11-18T00:00:00Z", "review", "doing"),   // sent back
            TB.move("c", "2026-11-18T12:00:00Z", "doing", "review"),
            TB.move("c", "2026-11-19T00:00:00Z", "review", "done"),
        ]
        let b = TB.board(states: Self.flowStates, cards: [Card(id: "c", title: "c", state: "done")], events: events)
        let r = TB.report(b, asOf: "2026-11-20", weeks: 1)
        let entries = Dictionary(uniqueKeysWithValues: r.throughput.rows.map { ($0.stateID, $0.perWeek[0]) })
        #expect(entries == ["todo": 1, "doing": 2, "review": 2, "done": 1])
        // Cycle: 11-16 12:00 → 11-19 00:00 = 2.5 days. Lead: 11-16 09:00 → 11-19 00:00 = 63 h = 2.625 → 2.6.
        #expect(r.flowTimes.cycleTime.p50 == 2.5)
        #expect(r.flowTimes.leadTime.p50 == 2.6)
        #expect(r.doneThisWeek.items.map(\.card.id) == ["c"])
        // As of 11-17 23:59 the card sat in review; aging counts from the first doing entry (11-16 12:00):
        // 1 day 11:59:59.999 = 1.4993 → 1.5; in review since 11-17 12:00: 0.4999 → 0.5.
        let earlier = TB.report(b, asOf: "2026-11-17", weeks: 1)
        #expect(earlier.counts.rows.first { $0.stateID == "review" }?.count == 1)
        #expect(earlier.aging.items.first?.ageDays == 1.5)
        #expect(earlier.aging.items.first?.daysInState == 0.5)
        #expect(earlier.flowTimes.finished.isEmpty)
    }

    @Test("reopened from done: the rework counts in cycle time; each completion counts once")
    func reopened() {
        // Created Sunday 11-15 21:00, doing Mon 11-16 10:00, done Tue 11-17 10:00,
        // reopened Wed 11-18 10:00, done again Thu 11-19 22:00.
        let events = [
            TB.created("r", "2026-11-15T21:00:00Z"),
            TB.move("r", "2026-11-16T10:00:00Z", "todo", "doing"),
            TB.move("r", "2026-11-17T10:00:00Z", "doing", "done"),
            TB.move("r", "2026-11-18T10:00:00Z", "done", "doing"),
            TB.move("r", "2026-11-19T22:00:00Z", "doing", "done"),
        ]
        let b = TB.board(states: Self.flowStates, cards: [Card(id: "r", title: "r", state: "done")], events: events)
        let r = TB.report(b, asOf: "2026-11-20", weeks: 2)
        // Cycle: Mon 10:00 → Thu 22:00 = 3 days 12 h = 3.5. Lead: Sun 21:00 → Thu 22:00 = 4 days 1 h = 4.04 → 4.0.
        #expect(r.flowTimes.cycleTime.count == 1)
        #expect(r.flowTimes.cycleTime.p50 == 3.5)
        #expect(r.flowTimes.leadTime.p50 == 4.0)
        // Two entries into done from a state that is not done, both in W47; creation in W46.
        #expect(r.throughput.completedPerWeek == [0, 2])
        #expect(r.createdVsCompleted.created == [1, 0])
        // As of Tuesday evening the card was done after one day of work: the earlier report.
        let tuesday = TB.report(b, asOf: "2026-11-17T18:00:00Z", weeks: 2)
        #expect(tuesday.flowTimes.cycleTime.p50 == 1.0)
        #expect(tuesday.counts.done == 1)
        // As of Wednesday noon it is back in progress and not counted as finished.
        let wednesday = TB.report(b, asOf: "2026-11-18T12:00:00Z", weeks: 2)
        #expect(wednesday.counts.doing == 1)
        #expect(wednesday.flowTimes.finished.isEmpty)
    }

    @Test("created and finished in the same hour: a real 0.0-day cycle, not a missing one")
    func sameHour() {
        let events = [
            TB.created("q", "2026-11-18T10:05:00Z"),
            TB.move("q", "2026-11-18T10:10:00Z", "todo", "doing"),
            TB.move("q", "2026-11-18T10:50:00Z", "doing", "done"),
        ]
        let b = TB.board(cards: [Card(id: "q", title: "q", state: "done")], events: events)
        let r = TB.report(b, asOf: "2026-11-20", weeks: 1)
        // 40 minutes = 0.028 days → 0.0; 45 minutes → 0.0.
        #expect(r.flowTimes.cycleTime.count == 1)
        #expect(r.flowTimes.cycleTime.p95 == 0.0)
        #expect(r.flowTimes.leadTime.p50 == 0.0)
        #expect(r.throughput.rows.map(\.perWeek) == [[1], [1], [1]])
    }

    @Test("percentiles by nearest rank: cycle times of 1…10 days give p50 5, p70 7, p85 9, p95 10")
    func nearestRank() {
        var cards: [Card] = []
        var events: [Event] = []
        for k in 1...10 {
            let id = "k\(k)"
            cards.append(Card(id: id, title: id, state: "done"))
            // Start on 11-01; finish k days later (all within the 4-week window ending 11-20).
            events.append(TB.created(id, "2026-11-01T00:00:00Z"))
            events.append(TB.move(id, "2026-11-01T00:00:00Z", "todo", "doing"))
            events.append(Event(card: id, at: TB.at("2026-11-01T00:00:00Z").adding(seconds: Int64(k) * 86_400),
                                type: .moved, from: "doing", to: "done"))
        }
        events.sort { $0.at < $1.at }
        let r = TB.report(TB.board(cards: cards, events: events), asOf: "2026-11-20", weeks: 4)
        // n = 10: p50 rank ⌈5⌉ = 5; p70 rank 7; p85 rank ⌈8.5⌉ = 9; p95 rank ⌈9.5⌉ = 10.
        let s = r.flowTimes.cycleTime
        #expect(s.count == 10)
        #expect([s.p50, s.p70, s.p85, s.p95] == [5.0, 7.0, 9.0, 10.0])
    }

    @Test("WIP against limits, cumulative flow and aging")
    func wipFlowAging() {
        let cards = (1...3).map { Card(id: "w\($0)", title: "w\($0)", state: "doing") }
        let events = [
            TB.created("w1", "2026-11-09T00:00:00Z"), TB.created("w2", "2026-11-09T00:00:00Z"),
            TB.created("w3", "2026-11-16T00:00:00Z"),
            TB.move("w1", "2026-11-10T00:00:00Z", "todo", "doing"),
            TB.move("w2", "2026-11-17T00:00:00Z", "todo", "doing"),
            TB.move("w3", "2026-11-18T00:00:00Z", "todo", "doing"),
        ]
        let b = TB.board(states: Self.flowStates, cards: cards, events: events)
        let r = TB.report(b, asOf: "2026-11-20", weeks: 2)
        let doing = r.wip.rows.first { $0.stateID == "doing" }
        #expect(doing?.count == 3)
        #expect(doing?.limit == 1)
        #expect(doing?.overLimit == true)
        #expect(r.wip.rows.first { $0.stateID == "review" }?.overLimit == false)
        // End of W46 (11-15 23:59): w1 doing, w2 todo; end of W47 (as-of): all three doing.
        #expect(r.flow.bands.first { $0.stateID == "todo" }?.atWeekEnd == [1, 0])
        #expect(r.flow.bands.first { $0.stateID == "doing" }?.atWeekEnd == [1, 3])
        // Oldest first: w1 since 11-10 00:00 → 11-20 23:59:59.999 = 10.99999 → 11.0.
        #expect(r.aging.items.map(\.card.id) == ["w1", "w2", "w3"])
        #expect(r.aging.items.first?.ageDays == 11.0)
    }
}
