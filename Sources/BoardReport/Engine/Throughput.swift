import BoardModel

/// Throughput of each state per ISO week: how many cards entered the state in that week.
/// A card's creation is its entry into its first state; a card that enters a state twice
/// (sent back, then forward again) counts twice.
public struct Throughput: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var stateID: String
        public var name: String
        public var category: StateCategory?
        /// One count per week of the window, oldest first.
        public var perWeek: [Int]
        public var total: Int { perWeek.reduce(0, +) }
    }

    /// One row per state, in board order (unknown states only when entered).
    public var rows: [Row]
    /// Entries into a `done` state from a state that is not done, per week: finished cards.
    public var completedPerWeek: [Int]

    public init(_ replay: BoardReplay) {
        let n = replay.weeks.weeks.count
        let table = replay.states
        rows = table.ids.indices.compactMap { s in
            let perWeek = Array(replay.entries[s][1...n])
            guard s < table.definedCount || perWeek.contains(where: { $0 > 0 }) else { return nil }
            return Row(stateID: table.ids[s], name: table.names[s], category: table.categories[s], perWeek: perWeek)
        }
        completedPerWeek = Array(replay.completedPerSlot[1...n])
    }
}
