/// Cards created and cards finished in each week: is the backlog growing or shrinking?
public struct CreatedVsCompleted: Sendable, Equatable {
    public var created: [Int]
    /// Entries into a done state from a state that is not done.
    public var completed: [Int]
    /// Created minus completed, per week.
    public var net: [Int] { zip(created, completed).map { $0 - $1 } }

    public init(_ replay: BoardReplay) {
        let n = replay.weeks.weeks.count
        created = Array(replay.createdPerSlot[1...n])
        completed = Array(replay.completedPerSlot[1...n])
    }
}
