import BoardModel

/// What the writes of one transaction know of the board as the writes before them left it
/// (`CommitGroup`). A step decides from the board as it finds it: the first step of a group
/// reads that (what it starts from and the cards the group's steps name, asked for together,
/// `askAhead`), and each step after it continues from what the steps before it wrote, kept
/// here, rather than reading it again behind their writes. So no write of a group waits for
/// the one before it, and the steps' events are read together, with the COMMIT (`finish`,
/// `deliver`): a group of steps is two round trips to PostgreSQL whatever its size (BEGIN
/// with the first reads; every write, the events and COMMIT) where reading behind each step
/// made it one a step. The group after it starts from what it left when no one else
/// committed between (`RememberedStart`).
///
/// What is kept is what a read would give, but for a column's end: it is the largest position
/// a card took in the column, even once that card left it (a card moved to the end then goes
/// after that place: still after every card there). A write that may change anything
/// (`WriteReach.anything`: an undo, a sync) makes the run forget all it knew.
final class GroupRun {
    let db: any SQLConnection
    /// What the next step starts from, as the steps before it left the board; nil: to read.
    private var start: StepStart?
    /// What a step started from after the last commit this store made, if it made it: when no
    /// one else committed since, the group starts from it rather than reading the board.
    private let remembered: RememberedStart?
    /// The commit this transaction is, once read.
    private var commit: Int64?
    /// Cards by id as the group found or left them; nil for one known not to be present. A
    /// card not here is read.
    private var cards: [String: StoredCard?] = [:]
    /// Whether the run forgot what it knew: the remembered start no longer holds either.
    private var forgotten = false
    /// The first reads, asked for ahead and not yet taken.
    private var startAhead: (any SQLStatement)?
    private var cardsAhead: (ids: [String], query: any SQLStatement)?
    /// The steps whose events `finish` asks for, and where each one's go.
    private var wanted: [(step: Int64, events: StepEvents)] = []
    /// The events asked for by `finish`, for `deliver` to take.
    private var eventsAhead: (wanted: [(step: Int64, events: StepEvents)], query: any SQLStatement)?

    /// The most cards asked for ahead in one statement: a statement's text is one a count,
    /// and each is prepared once per connection.
    static let mostCardsAhead = 16

    init(_ db: any SQLConnection, remembering remembered: RememberedStart? = nil) {
        self.db = db
        self.remembered = remembered
    }

    /// Asks for what the first of `writes` needs, when it is a step: what it starts from and
    /// the cards the steps up to the first other write read by id, all to come with the first
    /// read waited for (one round trip to PostgreSQL).
    func askAhead(for writes: [WriteReach]) throws {
        guard case .step = writes.first else { return }
        let start = try StepStart.query(db, unlessAt: expected)
        try start.readAhead()
        startAhead = start
        var ids: [String] = []
        for case .step(let reading) in writes.prefix(while: \.isStep) {
            if let id = reading, !ids.contains(id) { ids.append(id) }
        }
        guard !ids.isEmpty else { return }
        let some = Array(ids.prefix(Self.mostCardsAhead))
        let query = try CardRow.presentQuery(ids: some, db)
        try query.readAhead()
        cardsAhead = (some, query)
    }

    // MARK: What a step reads

    /// What the next step starts from.
    func stepStart() throws -> StepStart {
        if let start { return start }
        // A statement asked ahead and bound again since reads anew: right either way.
        let read = try startAhead.map(StepStart.read(from:)) ?? StepStart.read(db, inWriteUnlessAt: expected)
        startAhead = nil
        switch read {
        case .read(let found, let commit):
            self.commit = commit
            start = found
            return found
        case .unchanged(let commit):
            self.commit = commit
            // (Only asked for with a remembered start: `expected`.)
            guard let found = remembered?.start else { return try stepStart() }
            start = found
            return found
        }
    }

    /// The commit this transaction is when nobody else committed since the remembered start
    /// (this one counted first, `StoreSchema.countCommit`): the start still holds then. Only
    /// until the board was read again, or forgotten.
    private var expected: Int64? {
        guard commit == nil, !forgotten, let remembered else { return nil }
        return remembered.commit + 1
    }

    /// What the next group can start from once this one committed: what its steps left, as
    /// of the commit it is; nil when it does not know (it forgot, or read nothing).
    var leftStart: RememberedStart? {
        guard let start, let commit else { return nil }
        return RememberedStart(start: start, commit: commit)
    }

    /// The present card whose id is exactly `id` as the group's steps left it, or nil.
    func card(id: String) throws -> StoredCard? {
        if let known = cards[id] { return known }
        if let ahead = cardsAhead, ahead.ids.contains(id) {
            cardsAhead = nil
            var found: [String: StoredCard] = [:]
            while try ahead.query.next() {
                let card = CardRow.read(ahead.query)
                found[card.card.id] = card
            }
            // As read when the group began: a card a step wrote since is known as it left it.
            for asked in ahead.ids where cards.index(forKey: asked) == nil { cards.updateValue(found[asked], forKey: asked) }
            if let known = cards[id] { return known }
        }
        let read = try CardRow.present(id: id, db)
        cards.updateValue(read, forKey: id)
        return read
    }

    /// The largest position among a column's cards before the step (nil: no card).
    func columnEnd(_ state: String) throws -> Double? {
        try stepStart().columnEnds[state]
    }

    // MARK: What a step wrote

    /// A card as an edit of the step left it.
    func wrote(_ card: StoredCard) {
        cards.updateValue(card.present ? card : nil, forKey: card.card.id)
        guard card.present, let position = card.card.position, start != nil else { return }
        let end = max(start?.columnEnds[card.card.state] ?? position, position)
        start?.columnEnds[card.card.state] = end
    }

    /// The step was written (`lastEvent`: its last row's event number): the log now ends
    /// with it, its last row numbered where the step's own row says (`StepStart.lastSeq`).
    func closed(step: Int64, at: Instant, lastEvent: Int64) {
        start?.lastStep = step
        start?.lastSeq = nil
        start?.lastAt = at.description
        start?.lastEvent = lastEvent
        start?.redoable = false
    }

    /// The board may have changed in ways not told here (a write that is no step, a column
    /// a step renumbered to make room): everything is read again.
    func forget() {
        forgotten = true
        start = nil
        startAhead = nil
        cards = [:]
        cardsAhead = nil
    }

    // MARK: Events

    /// Reads `step`'s events into `events` at the group's end (`finish`, `deliver`).
    func readEvents(of step: Int64, into events: StepEvents) {
        wanted.append((step, events))
    }

    /// Asks for the events the steps want, in one statement sent ahead: on PostgreSQL they
    /// come back with the COMMIT (`StoreEngine.write(_:answered:)`).
    func finish() throws {
        guard let first = wanted.first?.step, let last = wanted.last?.step else { return }
        let query = try ChangeLog.eventsQuery(db, steps: first...last)
        try query.readAhead()
        eventsAhead = (wanted, query)
        wanted = []
    }

    /// Gives each step the events `finish` asked for.
    func deliver() throws {
        guard let (wanted, query) = eventsAhead else { return }
        eventsAhead = nil
        let byStep = Dictionary(grouping: try ChangeLog.events(from: query), by: \.step)
        for (step, events) in wanted { events.events = byStep[step] ?? [] }
    }

    // MARK: A write refused

    /// What the run knew before a write, to go back to when the write is rolled back.
    struct Kept {
        fileprivate let start: StepStart?
        fileprivate let cards: [String: StoredCard?]
        fileprivate let wanted: Int
    }

    func kept() -> Kept {
        Kept(start: start, cards: cards, wanted: wanted.count)
    }

    func restore(_ kept: Kept) {
        start = kept.start
        cards = kept.cards
        wanted.removeLast(wanted.count - kept.wanted)
    }
}

/// A step's events, read at its group's end on the committer (`GroupRun.finish`) and taken by
/// its caller after the commit (which orders the two).
final class StepEvents: @unchecked Sendable {
    var events: [LogEvent] = []
}

/// What a step started from as one group of a store left it, and the commit that group was
/// (`GroupRun.leftStart`): the next group starts from it when no one else committed between.
struct RememberedStart: Sendable {
    var start: StepStart
    var commit: Int64
}
