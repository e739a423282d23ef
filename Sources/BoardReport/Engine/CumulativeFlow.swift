import BoardModel

/// The cumulative flow diagram's data: how many cards were in each state at the end of each
/// week (the last week ends at as-of). Archived cards stay in their state here, so the done
/// band never shrinks when finished cards are archived; deleted cards leave.
public struct CumulativeFlow: Sendable, Equatable {
    public struct Band: Sendable, Equatable {
        public var stateID: String
        public var name: String
        public var category: StateCategory?
        /// Cards in the state at the end of each week, oldest first.
        public var atWeekEnd: [Int]
    }

    /// One band per state in board order (unknown states only when they held a card).
    public var bands: [Band]

    public init(_ replay: BoardReplay) {
        let n = replay.weeks.weeks.count
        let table = replay.states
        let running = replay.cardsPerStateAtSlotEnd()
        bands = table.ids.indices.compactMap { s in
            let values = Array(running[s][1...n])
            guard s < table.definedCount || values.contains(where: { $0 > 0 }) else { return nil }
            return Band(stateID: table.ids[s], name: table.names[s], category: table.categories[s], atWeekEnd: values)
        }
    }

    /// Cards on the flow at the end of each week, all states together.
    public var totals: [Int] {
        guard let first = bands.first else { return [] }
        return first.atWeekEnd.indices.map { k in bands.reduce(0) { $0 + $1.atWeekEnd[k] } }
    }
}
