import BoardModel

/// Cards past their due at as-of, most overdue first.
///
/// Overdue: on the board (not archived), state category not `done`, and due before as-of. A
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
        var found: [(from: Int64, index: Int, item: Item)] = []
        for (c, card) in board.cards.enumerated() {
            guard let due = card.due, replay.isActive(c), replay.category(c) != .done else { continue }
            let from = due.overdueFrom(in: zone)
            guard from.epochMilliseconds <= replay.asOfMs else { continue }
            let days = today - due.calendarDate(in: zone).daysSinceEpoch
            found.append((from.epochMilliseconds, c,
                          Item(card: ReportCard(card, state: replay.state[c], states: replay.states),
                               due: due, daysOverdue: days)))
        }
        // Most overdue first; board order breaks ties so the list is stable.
        found.sort { $0.from != $1.from ? $0.from < $1.from : $0.index < $1.index }
        items = found.map(\.item)
        cardIndices = Set(found.map(\.index))
    }
}
