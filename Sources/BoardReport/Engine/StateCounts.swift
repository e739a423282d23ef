import BoardModel

/// How many cards sit in each state and each category at as-of. Archived cards are left out
/// (they are off the board) and counted apart.
public struct StateCounts: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var stateID: String
        public var name: String
        /// Nil for a state the board does not define.
        public var category: StateCategory?
        public var count: Int
    }

    public var rows: [Row]
    /// Cards per category; `unknown` counts cards in states the board does not define.
    public var todo: Int
    public var doing: Int
    public var done: Int
    public var unknown: Int
    /// Cards on the board at as-of (not archived).
    public var total: Int
    /// Cards that exist at as-of but are archived.
    public var archived: Int

    public init(_ replay: BoardReplay) {
        var perState = Array(repeating: 0, count: replay.states.count)
        var archived = 0
        for c in replay.state.indices where replay.exists(c) {
            if replay.archived[c] { archived += 1; continue }
            perState[Int(replay.state[c])] += 1
        }
        let table = replay.states
        rows = perState.indices.compactMap { s in
            // Unknown states show only when a card is in one.
            s < table.definedCount || perState[s] > 0
                ? Row(stateID: table.ids[s], name: table.names[s], category: table.categories[s], count: perState[s])
                : nil
        }
        func sum(_ category: StateCategory?) -> Int {
            perState.indices.filter { table.categories[$0] == category }.reduce(0) { $0 + perState[$1] }
        }
        todo = sum(.todo)
        doing = sum(.doing)
        done = sum(.done)
        unknown = sum(nil)
        total = perState.reduce(0, +)
        self.archived = archived
    }
}
