import BoardModel
import BoardIO

/// Generates believable boards for tests, demos and benchmarks: custom states, due dates of
/// every kind (overdue, due soon, none; date-only and with a time), labels, assignees, custom
/// fields, Korean and English text, and weeks of history moving cards forward and sometimes
/// back. The same parameters always give the same board.
public struct SampleBoard: Sendable {
    public var cards: Int
    public var weeks: Int
    public var seed: UInt64
    /// The end of the generated history ("now" for the sample).
    public var until: Instant

    /// The default end of history: 2026-11-20 18:00 in Seoul. A fixed moment, so the same
    /// seed gives the same file on any day; reports on samples use it as their `--as-of`.
    public static let defaultUntil = Instant(epochSeconds: 1_795_165_200) // 2026-11-20T09:00:00Z

    public init(cards: Int = 40, weeks: Int = 8, seed: UInt64 = 1, until: Instant = SampleBoard.defaultUntil) {
        self.cards = cards
        self.weeks = weeks
        self.seed = seed
        self.until = until
    }

    public static let states: [BoardState] = [
        BoardState(id: "todo", name: "TODO", category: .todo),
        BoardState(id: "doing", name: "DOING", category: .doing, wipLimit: 5),
        BoardState(id: "review", name: "REVIEW", category: .doing, wipLimit: 3),
        BoardState(id: "done", name: "DONE", category: .done),
    ]

    /// Builds the board.
    public func generate() -> Board {
        var rng = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
        let seoul: Int32 = 9 * 3600
        let endMs = until.epochMilliseconds
        let spanMs = Int64(max(weeks, 1)) * 7 * 86_400_000
        let startMs = endMs - spanMs
        let hour: Int64 = 3_600_000
        var cardsOut: [Card] = []
        cardsOut.reserveCapacity(cards)
        var events: [Event] = []
        events.reserveCapacity(cards * 5)
        let flow = ["todo", "doing", "review", "done"]
        var positions: [String: Double] = [:]

        for n in 0..<cards {
            let id = "c\(n + 1)"
            let createdMs = startMs + Int64(rng.below(Int(max(spanMs - hour, 1))))
            let created = Instant(epochMilliseconds: createdMs - createdMs % 1000)
            let actor = rng.pick(SampleText.assignees)
            events.append(Event(card: id, at: created, type: .created, to: "todo", actor: actor))

            // Walk the card through the flow until history ends or it stops for now.
            var stage = 0
            var t = created.epochMilliseconds
            var completed: Instant?
            while true {
                let stay = rng.chance(stage == 0 ? 0.25 : 0.12)
                if stay { break }
                t += hour * Int64(2 + rng.below(stage == 0 ? 96 : 72))
                if t >= endMs { break }
                var next = stage + 1
                if stage == 2 && rng.chance(0.2) { next = 1 } // review sends it back
                if stage == 3 {
                    guard rng.chance(0.05) else { break }     // reopened from done
                    next = 1
                }
                let at = Instant(epochMilliseconds: t - t % 1000)
                events.append(Event(card: id, at: at, type: .moved, from: flow[stage], to: flow[next],
                                    actor: rng.pick(SampleText.assignees)))
                stage = next
                completed = stage == 3 ? at : nil
            }
            let state = flow[stage]
            var archived = false
            var updated = events.last!.at
            if stage == 3, rng.chance(0.08), let done = completed {
                let at = done.adding(seconds: Int64(3600 * (1 + rng.below(48))))
                if at < until {
                    events.append(Event(card: id, at: at, type: .archived, actor: actor))
                    archived = true
                    updated = at
                }
            }

            let title: String = rng.chance(0.45)
                ? rng.pick(SampleText.koreanTitles)
                : "\(rng.pick(SampleText.englishVerbs)) \(rng.pick(SampleText.englishObjects))"
            var due: DueDate?
            if rng.chance(0.7) {
                let dueMs = createdMs + Int64(1 + rng.below(21)) * 86_400_000
                let local = Instant(epochMilliseconds: dueMs, offsetSeconds: seoul).local.date
                if rng.chance(0.5) {
                    due = .date(local)
                } else {
                    let at = LocalDateTime(date: local, hour: 18)
                    due = .instant(at.instant(offsetSeconds: seoul))
                }
            }
            var labels: [String] = []
            for _ in 0..<rng.below(3) {
                let l = rng.pick(SampleText.labels)
                if !labels.contains(l) { labels.append(l) }
            }
            var assignees: [String] = []
            if rng.chance(0.85) { assignees.append(actor) }
            if rng.chance(0.15) {
                let other = rng.pick(SampleText.assignees)
                if !assignees.contains(other) { assignees.append(other) }
            }
            var fields: [String: String] = [:]
            if rng.chance(0.8) { fields["Story points"] = rng.pick(SampleText.points) }
            if rng.chance(0.5) { fields["Priority"] = rng.pick(SampleText.priorities) }
            if rng.chance(0.3) { fields["Component"] = rng.pick(SampleText.components) }
            let position = positions[state, default: 0] + 1
            positions[state] = position
            cardsOut.append(Card(
                id: id, title: title, body: rng.pick(SampleText.bodies), state: state,
                due: due, start: nil, created: created, updated: updated,
                completed: stage == 3 ? completed : nil, labels: labels, assignees: assignees,
                position: position, archived: archived,
                url: rng.chance(0.3) ? "https://boards.example.com/team-web/\(id)" : nil,
                fields: fields))
        }
        // History is one timeline, oldest first; ties keep card order (a stable sort on
        // (time, original index) pairs, cheaper than a closure over the events themselves).
        var keys = events.indices.map { (events[$0].at.epochMilliseconds, Int32(truncatingIfNeeded: $0)) }
        keys.sort { $0 < $1 }
        let sorted = keys.map { events[Int($0.1)] }
        return Board(id: "team-web", name: "Web team 웹팀", timeZone: "Asia/Seoul",
                     states: SampleBoard.states, cards: cardsOut, events: sorted,
                     metadata: ["generator": "boardkit sample --seed \(seed)"])
    }
}
