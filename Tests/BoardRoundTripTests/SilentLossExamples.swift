import Testing
import BoardModel

/// One minimal board for each silent loss the lossy-format properties found and that is not
/// fixed (`KnownSilentLoss`): each records a known issue until it is fixed or warned about,
/// and then fails, saying to move it to the passing examples.
@Suite struct SilentLossExamples {
    static func expectWarnedOrKept(_ board: Board, _ route: Route, _ loss: KnownSilentLoss) throws {
        let left = try LossRules.unexplained(board, route)
        withKnownIssue(Comment(rawValue: loss.rawValue)) {
            #expect(left.isEmpty, "\(route):\n\(BoardDiff.summary(left))")
        }
    }

    static let instant = Instant(epochMilliseconds: 1_722_347_186_417, offsetSeconds: 3600)

    @Test func trelloPositionAdded() throws {
        let board = Board(cards: [Card(id: "c1", title: "t", state: "todo", updated: Instant(epochSeconds: 1_722_347_186))])
        try Self.expectWarnedOrKept(board, .trello, .trelloPositionAdded)
    }

    @Test func icsCarriageReturn() throws {
        let board = Board(cards: [Card(id: "c1", title: "a\rb", body: "line 1\r\nline 2", state: "todo",
                                       due: .date(CalendarDate(year: 2026, month: 11, day: 30)!))])
        try Self.expectWarnedOrKept(board, .ics(.todo, includeDone: true), .icsCarriageReturn)
    }

    @Test func icsFieldNameWithTab() throws {
        let board = Board(cards: [Card(id: "c1", title: "t", state: "todo", due: .date(CalendarDate(year: 2026, month: 11, day: 30)!),
                                       fields: ["tab\there": "x"])])
        try Self.expectWarnedOrKept(board, .ics(.event, includeDone: false), .icsFieldNameTab)
    }

    @Test func icsReopenedCardCompletion() throws {
        let board = Board(cards: [Card(id: "c1", title: "t", state: "todo", due: .date(CalendarDate(year: 2026, month: 11, day: 30)!),
                                       completed: Instant(epochSeconds: 1_790_000_000))])
        try Self.expectWarnedOrKept(board, .ics(.todo, includeDone: true), .icsCompleted)
    }

    @Test func taskwarriorReopenedCardCompletion() throws {
        let board = Board(cards: [Card(id: "c1", title: "t", state: "todo", created: Instant(epochSeconds: 1_790_000_000),
                                       completed: Instant(epochSeconds: 1_790_100_000))])
        try Self.expectWarnedOrKept(board, .taskwarrior, .taskwarriorCompleted)
    }

    @Test func taskwarriorMoveOfAnArchivedCard() throws {
        let board = Board(cards: [Card(id: "c1", title: "t", state: "todo", archived: true)],
                          events: [Event(card: "c1", at: Instant(epochSeconds: 1_790_000_000), type: .moved, from: "todo", to: "todo")])
        try Self.expectWarnedOrKept(board, .taskwarrior, .taskwarriorEventCount)
    }
}
