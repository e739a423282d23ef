import BoardModel

/// Work in progress per `doing` state against its WIP limit.
public struct WIPStatus: Sendable, Equatable {
    public struct Row: Sendable, Equatable {
        public var stateID: String
        public var name: String
        public var count: Int
        /// Nil when the team set no limit.
        public var limit: Int?
        /// True when the count is above the limit.
        public var overLimit: Bool { limit.map { count > $0 } ?? false }
    }

    /// Every `doing` state, and any other state that has a limit, in board order.
    public var rows: [Row]
    /// Cards in all `doing` states together.
    public var total: Int
    /// States above their limit.
    public var statesOverLimit: Int { rows.filter(\.overLimit).count }

    public init(_ counts: StateCounts, states: StateTable) {
        rows = counts.rows.compactMap { r in
            guard let k = states.ids.firstIndex(of: r.stateID) else { return nil }
            let limit = states.wipLimits[k]
            guard r.category == .doing || limit != nil else { return nil }
            return Row(stateID: r.stateID, name: r.name, count: r.count, limit: limit)
        }
        total = counts.doing
    }
}
