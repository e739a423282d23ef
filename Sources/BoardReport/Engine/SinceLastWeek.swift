import BoardModel

/// The report's four headline figures beside last week's: cards created and completed this
/// week against last week, and cards overdue and in progress now against the end of last
/// week. Last week's stock (overdue, in progress) comes from a replay of the board as it
/// stood at the end of last week, so a card reopened or finished since is counted where it was.
public struct SinceLastWeek: Sendable, Equatable {
    public struct Figure: Sendable, Equatable {
        public var now: Int
        public var lastWeek: Int
        public var change: Int { now - lastWeek }
    }

    public var created: Figure
    public var completed: Figure
    public var overdue: Figure
    public var inProgress: Figure

    /// `replay` is the board at as-of; `lastWeek` at the last moment of the week before
    /// as-of's week; `overdueNow` the report's overdue list.
    public init(board: Board, replay: BoardReplay, lastWeek: BoardReplay, zone: Zone, overdueNow: OverdueList) {
        func thisWeek(_ perSlot: [Int], _ weeks: Int) -> Int { weeks > 0 ? perSlot[weeks] : 0 }
        created = Figure(now: thisWeek(replay.createdPerSlot, replay.weeks.weeks.count),
                         lastWeek: thisWeek(lastWeek.createdPerSlot, lastWeek.weeks.weeks.count))
        completed = Figure(now: thisWeek(replay.completedPerSlot, replay.weeks.weeks.count),
                           lastWeek: thisWeek(lastWeek.completedPerSlot, lastWeek.weeks.weeks.count))
        overdue = Figure(now: overdueNow.items.count, lastWeek: OverdueList(board, lastWeek, zone: zone).items.count)
        inProgress = Figure(now: Self.inProgress(board, replay), lastWeek: Self.inProgress(board, lastWeek))
    }

    /// Cards on the board in a state of work begun.
    static func inProgress(_ board: Board, _ replay: BoardReplay) -> Int {
        board.cards.indices.reduce(0) { $0 + (replay.isActive($1) && replay.category($1) == .doing ? 1 : 0) }
    }
}
