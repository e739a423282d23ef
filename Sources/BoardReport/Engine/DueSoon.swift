import BoardModel

/// Cards not yet overdue that fall due from as-of's date through `days` days later (in the
/// board's zone), soonest first. Done and archived cards and those whose due is marked met
/// are left out.
public struct DueSoon: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var card: ReportCard
        public var due: DueDate
        /// Calendar days from as-of's date to the due date (0: due today).
        public var daysLeft: Int
    }

    public var days: Int
    public var items: [Item]

    public init(_ board: Board, _ replay: BoardReplay, zone: Zone, days: Int) {
        self.days = days
        let today = zone.calendarDate(of: Instant(epochMilliseconds: replay.asOfMs)).daysSinceEpoch
        var keys: [(at: Int64, index: Int, left: Int)] = []
        for c in board.cards.indices {
            guard let due = board.cards[c].due, !board.cards[c].dueComplete, replay.isActive(c), replay.category(c) != .done else { continue }
            let from = due.overdueFrom(in: zone).epochMilliseconds
            guard from > replay.asOfMs else { continue }
            let left = due.calendarDate(in: zone).daysSinceEpoch - today
            if left <= days { keys.append((from, c, left)) }
        }
        keys.sort { $0.at != $1.at ? $0.at < $1.at : $0.index < $1.index }
        items = keys.compactMap { _, c, left in
            guard let due = board.cards[c].due else { return nil }
            return Item(card: ReportCard(board.cards[c], state: replay.state[c], states: replay.states),
                        due: due, daysLeft: left)
        }
    }
}
