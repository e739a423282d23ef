import BoardModel

/// Cards past their due at as-of, most overdue first.
///
/// Overdue: on the board (not archived), state category not `done`, the due not marked met
/// (`Card.dueComplete`, as the card is now: the log does not date it), and due before as-of. A
/// date-only due is all-day in the board's zone, so it is overdue from the start of the next
/// day there; a due with a time is overdue from that instant.
public struct OverdueList: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var card: ReportCard
        public var due: DueDate
        /// Calendar days from the due date to as-of's date, both in the board's zone
        /// (a date-only due yesterday is 1; a due with a time earlier today is 0).
        public var daysOverdue: Int
    }

    public var items: [Item]
    /// Board positions of the overdue cards (for the per-assignee and per-label counts).
    public var cardIndices: Set<Int>

    public init(_ board: Board, _ replay: BoardReplay, zone: Zone) {
        let asOf = Instant(epochMilliseconds: replay.asOfMs)
        let today = zone.calendarDate(of: asOf).daysSinceEpoch
        var keys: [(from: Int64, index: Int)] = []
        for c in board.cards.indices {
            guard let due = board.cards[c].due, !board.cards[c].dueComplete, replay.isActive(c), replay.category(c) != .done else { continue }
            let from = due.overdueFrom(in: zone).epochMilliseconds
            if from <= replay.asOfMs { keys.append((from, c)) }
        }
        // Most overdue first; board order breaks ties so the list is stable. Sorting small keys
        // and building the entries afterwards avoids copying their strings while sorting.
        keys.sort { $0.from != $1.from ? $0.from < $1.from : $0.index < $1.index }
        items = keys.compactMap { _, c in
            guard let due = board.cards[c].due else { return nil }
            return Item(card: ReportCard(board.cards[c], state: replay.state[c], states: replay.states),
                        due: due, daysOverdue: today - due.calendarDate(in: zone).daysSinceEpoch)
        }
        cardIndices = Set(keys.map(\.index))
    }
}
