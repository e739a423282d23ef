import BoardModel

/// Cards finished in the week that holds as-of (from its Monday to as-of) and still done at
/// as-of, in order of completion.
public struct DoneThisWeek: Sendable, Equatable {
    public var items: [FlowTimes.Finished]

    public init(_ flow: FlowTimes, weeks: ReportWeeks) {
        let monday = weeks.bounds[weeks.bounds.count - 2]
        items = flow.finished.filter { $0.completed.epochMilliseconds >= monday }
    }
}
