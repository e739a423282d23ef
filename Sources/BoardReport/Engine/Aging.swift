import BoardModel

/// Work in progress by age: cards in a `doing` state at as-of (not archived), oldest first.
/// Age counts from the first entry into a `doing` state (the same start as cycle time, so an
/// aging card's age is its cycle time so far); time in state counts from the entry into the
/// state it sits in.
public struct Aging: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var card: ReportCard
        /// Elapsed days since the first entry into a doing state; nil without history.
        public var ageDays: Double?
        /// Elapsed days in the current state; nil without history.
        public var daysInState: Double?
    }

    public var items: [Item]

    public init(_ board: Board, _ replay: BoardReplay) {
        var found: [(age: Int64, index: Int, item: Item)] = []
        for c in board.cards.indices where replay.isActive(c) && replay.category(c) == .doing {
            let since = replay.firstDoingMs[c]
            let entered = replay.enteredMs[c]
            let age: Int64? = since == BoardReplay.none ? nil : replay.asOfMs - since
            let inState: Int64? = entered == BoardReplay.none || !replay.hasHistory[c] ? nil : replay.asOfMs - entered
            found.append((age ?? -1, c, Item(card: ReportCard(board.cards[c], state: replay.state[c], states: replay.states),
                                             ageDays: age.map(ElapsedDays.days),
                                             daysInState: inState.map(ElapsedDays.days))))
        }
        // Oldest first; cards of unknown age last, in board order.
        found.sort { $0.age != $1.age ? $0.age > $1.age : $0.index < $1.index }
        items = found.map(\.item)
    }
}
