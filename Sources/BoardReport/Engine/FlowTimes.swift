import BoardModel

/// Cycle time and lead time of the cards finished in the report's window.
///
/// - Cycle time: from the card's first entry into a `doing` state to its last entry into a
///   `done` state. A card reopened from done and finished again keeps its first start, so the
///   rework counts.
/// - Lead time: from creation to the last entry into a `done` state.
///
/// Both are elapsed days (24-hour days, so a daylight-saving night does not bend them). The
/// cards counted are those in a `done` state at as-of whose last entry into it falls in the
/// window's weeks.
public struct FlowTimes: Sendable, Equatable {
    public struct Finished: Sendable, Equatable {
        public var card: ReportCard
        public var completed: Instant
        /// Nil when the card never passed through a `doing` state (or has no history).
        public var cycleDays: Double?
        /// Nil when the creation time is unknown.
        public var leadDays: Double?
    }

    /// Finished cards, in order of completion.
    public var finished: [Finished]
    public var cycleTime: PercentileSummary
    public var leadTime: PercentileSummary
    /// Finished cards with history that never entered a `doing` state (no cycle time).
    public var finishedWithoutDoing: Int
    /// Finished cards without history: their lead time comes from `created`/`completed`,
    /// their cycle time is unknown.
    public var finishedWithoutHistory: Int

    public init(_ board: Board, _ replay: BoardReplay, zone: Zone) {
        let start = replay.weeks.bounds[0]
        var picked: [(done: Int64, index: Int)] = []
        for c in board.cards.indices where replay.category(c) == .done {
            let done = replay.lastDoneMs[c]
            if done != BoardReplay.none, done >= start, done <= replay.asOfMs { picked.append((done, c)) }
        }
        picked.sort { $0.done != $1.done ? $0.done < $1.done : $0.index < $1.index }
        var cycles: [Int64] = []
        var leads: [Int64] = []
        var withoutDoing = 0, withoutHistory = 0
        finished = picked.map { done, c in
            let doing = replay.firstDoingMs[c], created = replay.createdMs[c]
            var cycle: Int64?
            if doing != BoardReplay.none && doing <= done {
                cycle = done - doing
                cycles.append(done - doing)
            } else if replay.hasHistory[c] {
                withoutDoing += 1
            } else {
                withoutHistory += 1
            }
            var lead: Int64?
            if created != BoardReplay.none && created <= done {
                lead = done - created
                leads.append(done - created)
            }
            return Finished(card: ReportCard(board.cards[c], state: replay.state[c], states: replay.states),
                            completed: zone.localize(Instant(epochMilliseconds: done)),
                            cycleDays: cycle.map(ElapsedDays.days), leadDays: lead.map(ElapsedDays.days))
        }
        cycles.sort()
        leads.sort()
        cycleTime = PercentileSummary(millisecondsSorted: cycles)
        leadTime = PercentileSummary(millisecondsSorted: leads)
        finishedWithoutDoing = withoutDoing
        finishedWithoutHistory = withoutHistory
    }
}
