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
        // Sort small (age, position) keys, then build the entries in order: moving the
        // entries themselves while sorting would copy their strings again and again.
        var keys: [(age: Int64, index: Int)] = []
        for c in board.cards.indices where replay.isActive(c) && replay.category(c) == .doing {
            let since = replay.firstDoingMs[c]
            keys.append((since == BoardReplay.none ? -1 : replay.asOfMs - since, c))
        }
        // Oldest first; cards of unknown age last, in board order.
        keys.sort { $0.age != $1.age ? $0.age > $1.age : $0.index < $1.index }
        items = keys.map { age, c in
            let entered = replay.enteredMs[c]
            let inState: Int64? = entered == BoardReplay.none || !replay.hasHistory[c] ? nil : replay.asOfMs - entered
            return Item(card: ReportCard(board.cards[c], state: replay.state[c], states: replay.states),
                        ageDays: age < 0 ? nil : ElapsedDays.days(age),
                        daysInState: inState.map(ElapsedDays.days))
        }
    }
}
