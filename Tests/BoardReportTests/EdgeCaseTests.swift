import BoardModel
import BoardSample
import Foundation
import Testing
@testable import BoardReport

@Suite("Boards with little or odd data still report, and say so")
struct EdgeCaseTests {
    /// Every number a renderer could print; none may be NaN or infinite.
    func assertFinite(_ r: WeeklyReport) {
        for s in [r.flowTimes.cycleTime, r.flowTimes.leadTime] {
            for (_, v) in s.values { if let v { #expect(v.isFinite) } }
        }
        let json = String(decoding: ReportJSON.render(r), as: UTF8.self)
        #expect(!json.contains("nan") && !json.contains("inf"))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }

    @Test("an empty board")
    func empty() {
        let r = TB.report(TB.board(cards: []), asOf: "2026-11-20")
        #expect(r.counts.total == 0)
        #expect(r.notes.contains(.noCards))
        #expect(r.flowTimes.cycleTime.count == 0 && r.flowTimes.cycleTime.p50 == nil)
        assertFinite(r)
        for format in [ReportFormat.text, .markdown, .html] {
            guard case .success(let bytes) = ReportRenderer.render(r, format: format) else {
                Issue.record("\(format) did not render"); continue
            }
            #expect(String(decoding: bytes, as: UTF8.self).contains("The board has no cards"))
        }
    }

    @Test("a board with no states at all")
    func noStates() {
        let b = TB.board(states: [], cards: [Card(id: "a", title: "a", state: "todo")])
        let r = TB.report(b, asOf: "2026-11-20")
        #expect(r.counts.unknown == 1)
        #expect(r.notes.contains(.unknownStates(["todo"])))
        assertFinite(r)
    }

    @Test("no due dates and no events: created and completed times stand in, and the report says so")
    func noHistory() {
        let cards = [
            Card(id: "a", title: "a", state: "done", created: TB.at("2026-11-16T00:00:00Z"),
                 completed: TB.at("2026-11-18T12:00:00Z")),
            Card(id: "b", title: "b", state: "todo", created: TB.at("2026-11-17T00:00:00Z")),
            Card(id: "c", title: "c", state: "doing"),
        ]
        let r = TB.report(TB.board(cards: cards), asOf: "2026-11-20", weeks: 1)
        #expect(r.notes.contains(.noEvents))
        #expect(r.notes.contains(.noDueDates))
        #expect(r.notes.contains(.cardsWithoutCreated(1)))
        #expect(r.counts.todo == 1 && r.counts.doing == 1 && r.counts.done == 1)
        // Lead time from created to completed: 2.5 days; no cycle time without history.
        #expect(r.flowTimes.leadTime.p50 == 2.5)
        #expect(r.flowTimes.cycleTime.count == 0)
        #expect(r.flowTimes.finishedWithoutHistory == 1)
        // a and b created this week (c has no creation time: counted before the window).
        #expect(r.createdVsCompleted.created == [2])
        #expect(r.createdVsCompleted.completed == [1])
        #expect(r.aging.items.first?.ageDays == nil)
        assertFinite(r)
        // As of 11-16 noon, "a" was waiting in todo, "b" did not exist yet, "c" was there.
        let before = TB.report(TB.board(cards: cards), asOf: "2026-11-16T12:00:00Z", weeks: 1)
        #expect(before.counts.todo == 1 && before.counts.done == 0)
        #expect(before.counts.total == 2)
    }

    @Test("events out of order give the same figures as sorted ones, and a note")
    func outOfOrder() {
        let board = SampleBoard(cards: 60, weeks: 6, seed: 7).generate()
        var shuffled = board
        var rng = SystemRandomNumberGenerator()
        shuffled.events.shuffle(using: &rng)
        let asOf = "2026-11-20"
        let a = TB.report(board, asOf: asOf, weeks: 6)
        let b = TB.report(shuffled, asOf: asOf, weeks: 6)
        #expect(b.notes.contains { if case .eventsOutOfOrder = $0 { return true } else { return false } })
        #expect(a.throughput == b.throughput)
        #expect(a.flow == b.flow)
        #expect(a.flowTimes == b.flowTimes)
        #expect(a.counts == b.counts)
    }

    @Test("unknown states and events for unknown cards are counted, not fatal")
    func unknowns() {
        let cards = [Card(id: "a", title: "a", state: "qa"), Card(id: "b", title: "b", state: "todo")]
        let events = [
            TB.created("b", "2026-11-16T00:00:00Z"),
            TB.move("b", "2026-11-17T00:00:00Z", "todo", "limbo"),
            TB.move("ghost", "2026-11-17T00:00:00Z", "todo", "done"),
            Event(card: "b", at: TB.at("2026-11-18T00:00:00Z"), type: .moved, from: "limbo", to: nil),
        ]
        let r = TB.report(TB.board(cards: cards, events: events), asOf: "2026-11-20", weeks: 1)
        #expect(r.counts.unknown == 2)
        #expect(r.counts.rows.map(\.stateID).contains("qa"))
        #expect(r.notes.contains(.eventsForUnknownCards(1)))
        #expect(r.notes.contains(.movesWithoutState(1)))
        #expect(r.notes.contains { if case .unknownStates(let ids) = $0 { return Set(ids) == ["limbo", "qa"] } else { return false } })
        assertFinite(r)
    }

    @Test("--as-of reproduces an earlier report exactly, whatever happened since")
    func asOfReproduces() {
        // A board whose history ends 2026-11-06, reported on 11-06; then the same board with
        // two more weeks of history, reported as of 11-06: the two must agree.
        let early = SampleBoard(cards: 80, weeks: 6, seed: 3, until: TB.at("2026-11-06T09:00:00Z")).generate()
        var later = early
        let start = TB.at("2026-11-07T00:00:00Z").epochMilliseconds
        for (k, card) in early.cards.enumerated() where card.state != "done" {
            let t = Instant(epochMilliseconds: start + Int64(k) * 3_600_000)
            later.events.append(Event(card: card.id, at: t, type: .moved, from: card.state, to: "done"))
            later.cards[k].state = "done"
            later.cards[k].completed = t
        }
        later.cards.append(Card(id: "new", title: "new", state: "todo", created: TB.at("2026-11-10T00:00:00Z")))
        later.events.append(TB.created("new", "2026-11-10T00:00:00Z"))
        let a = TB.report(early, asOf: "2026-11-06", weeks: 4)
        let b = TB.report(later, asOf: "2026-11-06", weeks: 4)
        #expect(a.counts == b.counts)
        #expect(a.overdue == b.overdue)
        #expect(a.throughput == b.throughput)
        #expect(a.flow == b.flow)
        #expect(a.flowTimes == b.flowTimes)
        #expect(a.aging == b.aging)
        #expect(a.perAssignee == b.perAssignee)
        #expect(ReportJSON.render(a).count > 0)
        // ...and the later report is different.
        let c = TB.report(later, asOf: "2026-11-20", weeks: 4)
        #expect(c.counts.done > a.counts.done)
    }

    @Test("the sample board's figures agree with each other")
    func sampleConsistency() {
        let board = SampleBoard(cards: 400, weeks: 8, seed: 1).generate()
        let r = TB.report(board, asOf: SampleBoard.defaultUntil.description, weeks: 8)
        // Cards at the last week's end in the flow = cards on the board + archived ones.
        #expect(r.flow.totals.last == r.counts.total + r.counts.archived)
        // Category counts add up to the total.
        #expect(r.counts.todo + r.counts.doing + r.counts.done + r.counts.unknown == r.counts.total)
        // Per-assignee rows cover every card at least once.
        #expect(r.perAssignee.rows.reduce(0) { $0 + $1.total } >= r.counts.total)
        // Nothing overdue is done; overdue list is most overdue first.
        #expect(zip(r.overdue.items, r.overdue.items.dropFirst()).allSatisfy { $0.daysOverdue >= $1.daysOverdue })
        // Percentiles rise.
        let s = r.flowTimes.cycleTime
        if let p50 = s.p50, let p70 = s.p70, let p85 = s.p85, let p95 = s.p95 {
            #expect(p50 <= p70 && p70 <= p85 && p85 <= p95)
        } else {
            Issue.record("the sample board should have finished cards")
        }
        #expect(r.notes.isEmpty)
    }
}
