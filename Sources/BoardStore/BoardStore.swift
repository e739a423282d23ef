// BoardStore: a board that boardkit holds itself, with every change in an append-only log
// that undo and redo walk. The commands, the board page and the sync all change a board
// through this type, so every change is one undoable step in one log, and every format and
// report sees the same board (`board()` builds the model's Board, events included, from the
// current values and the log).
//
// Where things are: the engine seam in Engine/ (a store is a SQLite file, SQLite/, or a
// schema in a PostgreSQL database, PostgreSQL/); the tables in StoreSchema; a card's
// columns in CardRow; JSON-valued columns in StoredJSON; the loops for a million rows in
// StoreImport and StoreExport; a store copied whole, log and all, in StoreCopy; the change
// log in ChangeLog; the format's reader and writer (`convert … team.db`) in StoreFormat.
import BoardModel
import BoardIO
import Foundation
import Synchronization

/// An open store. Every write is one transaction that no other writer of the store can
/// interleave with, so two processes editing the same board at once both land, and a
/// process killed half-way leaves the store as it was before its command.
public final class BoardStore: Sendable {
    /// Where the store is: a file's path, or a `postgres://` URL without its password.
    public let path: String
    let engine: any StoreEngine
    /// Commits made through this object (see `revision()`).
    private let commits = Mutex<Int64>(0)
    /// Whether the store's card rows say which commit wrote them (schema 10 on): a store
    /// opened read-only at an older schema does not.
    private let countsCommits = Atomic<Bool>(false)
    /// Whether writes commit one by one or in groups, and the group they wait in.
    private let commitMode: CommitMode
    private let group: CommitGroup

    /// The version of the SQLite library linked.
    public static var sqliteVersion: String { SQLiteEngine.libraryVersion }

    /// How long a writer waits for another to finish before giving up.
    public static let busyTimeout: TimeInterval = 10

    /// The most connections this process keeps to one PostgreSQL database, shared by all its
    /// boards there (`PostgresPool`; `serve --database-connections`). A pool made before a
    /// change grows or shrinks to it as connections are lent.
    public static var databaseConnections: Int {
        get { PostgresPool.size.load(ordering: .relaxed) }
        set { PostgresPool.size.store(max(newValue, 1), ordering: .relaxed) }
    }

    /// `databaseConnections` unless set: a `serve` of many boards in one database on a
    /// default cluster (`max_connections = 100`), or two instances of it, stays well within.
    public static let defaultDatabaseConnections = 10

    private init(engine: any StoreEngine, commitMode: CommitMode) {
        path = engine.location
        self.engine = engine
        self.commitMode = commitMode
        group = CommitGroup(limit: commitMode == .each ? 1 : .max)
    }

    // MARK: Opening

    /// Opens an existing store: a file's path, or a `postgres://` URL (`PostgresAddress`).
    /// Refuses, without changing it, one that is not a boardkit store, was written by a newer
    /// boardkit, or (a file) is damaged (`check` says how hard it looks; see `DamageCheck`);
    /// migrates an older one forward (unless `readOnly`).
    ///
    /// `readOnly` opens for commands that only look: nothing is written, and a file on
    /// read-only media (a read-only mount, a folder this user cannot write) is read as it is.
    /// Otherwise a store that cannot be written is refused at once (`readOnly(path:)`).
    /// `commits` says whether concurrent writes through this object share transactions.
    public static func open(_ location: String, readOnly: Bool = false, check: DamageCheck = .sized,
                            commits: CommitMode = .each) throws(StoreError) -> BoardStore {
        let store: BoardStore
        if let address = try StoreLocation(location).address() {
            store = BoardStore(engine: try PostgresEngine.open(address, readOnly: readOnly), commitMode: commits)
        } else {
            store = BoardStore(engine: try SQLiteEngine.open(location, readOnly: readOnly), commitMode: commits)
            try store.checkDamage(check)
        }
        try store.checkStamp(migrating: !readOnly)
        return store
    }

    /// A new, empty store at `location` (where no store may be yet): the board's name, zone
    /// and states, no cards. Never overwrites a store, and a killed process leaves none
    /// half-made.
    public static func create(_ location: String, board: Board, step: StepInfo) throws(StoreError) -> BoardStore {
        try write(board, toNew: location, step: step)
        return try open(location)
    }

    /// Writes a new store holding `board` (`init --from`, `convert … postgres://…`), placed
    /// whole or not at all: its import is the log's first step.
    static func write(_ board: Board, toNew location: String, step: StepInfo) throws(StoreError) {
        if let address = try StoreLocation(location).address() {
            try PostgresEngine.create(address) { db in try StoreImport.insert(board, step: step, into: db) }
        } else {
            try SQLiteEngine.create(location) { db in try StoreImport.insert(board, step: step, into: db) }
        }
    }

    /// The same into `path`, a new file its caller places when whole (`convert … team.db`,
    /// through the pipeline's temporary file).
    static func write(_ board: Board, intoNewFile path: String, step: StepInfo) throws(StoreError) {
        try SQLiteEngine.write(toNewFile: path) { db in try StoreImport.insert(board, step: step, into: db) }
    }

    /// Copies this store into a new one, its log whole (`StoreCopy`): steps, undone and
    /// dropped steps, the redo stack and every change row keep their numbers, so history,
    /// undo and redo answer on the copy as here, and its people's links open it; the sync ledger stays behind. `location` is a
    /// database address, made whole or not at all (`alreadyExists` when it holds a board), or
    /// a new file its caller places when whole (`convert … team.db`, through the pipeline's
    /// temporary file). Says what the copy holds.
    public func copy(to location: String) throws(StoreError) -> [Counted] {
        let rows = try read { db in try StoreCopy(reading: db) }
        if let address = try StoreLocation(location).address() {
            try PostgresEngine.create(address, fill: rows.insert, finish: rows.finish)
        } else {
            try SQLiteEngine.write(toNewFile: location, fill: rows.insert, finish: rows.finish)
        }
        return rows.counted
    }

    private func checkStamp(migrating: Bool) throws(StoreError) {
        let stamp = try glance { db in try StoreSchema.stamp(db) }
        guard let stamp, stamp.format == StoreSchema.formatName else { throw StoreError.notAStore(path: path) }
        guard stamp.schema <= StoreSchema.version else {
            throw StoreError.newerSchema(path: path, found: stamp.schema, supported: StoreSchema.version)
        }
        if migrating && stamp.schema < StoreSchema.version {
            try guarded { try engine.migrate() }
        }
        countsCommits.store(migrating || stamp.schema >= StoreSchema.cardCommitsVersion, ordering: .relaxed)
    }

    /// Runs `body` and turns the engine's errors into the store's.
    func guarded<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw engine.failure(error)
        }
    }

    /// One write, in a transaction of its own or in a group's (`CommitMode`); it returns once
    /// the transaction holding it has committed.
    func write<T>(_ body: @escaping (any SQLConnection) throws -> T) throws(StoreError) -> T {
        try write(GroupWrite(body))
    }

    /// The same for a caller that must not block its thread (a server's request): it waits
    /// for the commit without holding one, its write committed by the group's committer (one
    /// write per transaction in `.each` mode).
    func write<T>(_ body: @escaping (any SQLConnection) throws -> T) async throws(StoreError) -> T {
        try await write(GroupWrite(body))
    }

    /// A write with reads it can ask for ahead (a step: `GroupWrite`).
    private func write<T>(_ write: GroupWrite<T>) throws(StoreError) -> T {
        try guarded {
            switch commitMode {
            case .each: return try group.runAlone(write, transaction: transaction)
            case .grouped: return try group.run(write, transaction: transaction)
            }
        }
    }

    private func write<T>(_ write: GroupWrite<T>) async throws(StoreError) -> T {
        do {
            return try await group.run(write, transaction: transaction)
        } catch {
            throw engine.failure(error)
        }
    }

    /// A write transaction of this store's, counted.
    private var transaction: CommitGroup.Transaction {
        let engine = self.engine
        return CommitGroup.Transaction(run: { body, answered in
            try engine.write(body, answered: answered)
            self.commits.withLock { $0 += 1 }
        }, leftUncommitted: { error in engine.leftUncommitted(by: error) })
    }

    /// A read in one transaction (a consistent view across its statements).
    func read<T>(_ body: (any SQLConnection) throws -> T) throws(StoreError) -> T {
        try guarded { try engine.read(body) }
    }

    /// A read of one statement, or of statements that need not agree with each other,
    /// outside a transaction (each statement is its own): no BEGIN and COMMIT to run.
    func glance<T>(_ body: (any SQLConnection) throws -> T) throws(StoreError) -> T {
        try guarded { try engine.glance(body) }
    }

    // MARK: Reading

    /// The board's id, name, zone, states and metadata, without cards or events.
    public func header() throws(StoreError) -> Board {
        try glance { db in try StoreExport.header(db) }
    }

    /// The whole board as the model has it: present cards, deleted cards that history still
    /// names (as archived), and the events the log gives (undone steps left out).
    public func board() throws(StoreError) -> Board {
        try read { db in try StoreExport.board(db) }
    }

    /// Cards on the board (not deleted), in board order.
    public func cards(includeArchived: Bool = true) throws(StoreError) -> [StoredCard] {
        try read { db in
            try CardRow.fetch(db, where: includeArchived ? "WHERE present = 1 ORDER BY number"
                                                         : "WHERE present = 1 AND archived = 0 ORDER BY number")
        }
    }

    /// The board as a page shows it, read in one transaction (the header and the cards agree):
    /// its id, name, zone, states and metadata (no cards, no events), and its present cards
    /// in board order.
    public func overview() throws(StoreError) -> BoardOverview {
        let counted = countsCommits.load(ordering: .relaxed)
        return try read { db in try Self.wholeOverview(db, commit: counted ? try Self.commitCount(db) : nil) }
    }

    /// What an overview read at `commit` (its `BoardOverview.commit`) needs to be as the
    /// store is now: the header, and each card row a later commit wrote, present or not (a
    /// card deleted, or whose creation was undone, comes with `present` false). A page
    /// beside many moves reads the few cards they moved, not the board. The whole overview
    /// when the store has counted fewer commits than `commit` (it is not the store that was
    /// read, but one made again in its place).
    public func overview(since commit: Int64) throws(StoreError) -> BoardOverview {
        try read { db in
            let now = try Self.commitCount(db)
            guard now >= commit else { return try Self.wholeOverview(db, commit: now) }
            let written = try CardRow.fetch(db, where: "WHERE last_commit > ? ORDER BY number") { $0.bind(1, .int(commit)) }
            return BoardOverview(header: try StoreExport.header(db), cards: written, commit: now, isWhole: false)
        }
    }

    private static func wholeOverview(_ db: any SQLConnection, commit: Int64?) throws -> BoardOverview {
        BoardOverview(header: try StoreExport.header(db), cards: try CardRow.fetch(db, where: "WHERE present = 1 ORDER BY number"),
                      commit: commit, isWhole: true)
    }

    /// The store's count of commits (`StoreSchema.countCommit`).
    static func commitCount(_ db: any SQLConnection) throws -> Int64 {
        try db.int("SELECT n FROM boardkit_revision") ?? 0
    }

    /// The card a person means by `reference`: its id, its number (`12` or `#12`), or a
    /// title that only one card has. Deleted cards are not found.
    public func card(_ reference: String) throws(StoreError) -> StoredCard {
        try read { db in try CardLookup.find(reference, in: db) }
    }

    /// The present card whose id is exactly `id` (no number or title lookup: for URLs and
    /// APIs, where a reference must not change meaning as cards come and go).
    public func card(id: String) throws(StoreError) -> StoredCard {
        guard let card = try cardIfPresent(id: id) else { throw StoreError.refused(.unknownCard(id, close: [])) }
        return card
    }

    /// The present card whose id is exactly `id`, or nil when there is none.
    public func cardIfPresent(id: String) throws(StoreError) -> StoredCard? {
        try glance { db in try CardRow.present(id: id, db) }
    }

    /// A value that differs after every change to the file, by this process or another,
    /// and is cheap to read (a server checks it on each request before using what it built
    /// from the board last time). Only meaningful within this process.
    public func revision() throws(StoreError) -> StoreRevision {
        let others = try guarded { try engine.othersCommits() }
        return StoreRevision(others: others, own: commits.withLock { $0 })
    }

    /// The log, newest last: every event, or one card's, since an instant, at most `limit`
    /// (the newest ones).
    public func history(card: String? = nil, since: Instant? = nil, limit: Int? = nil) throws(StoreError) -> [LogEvent] {
        try read { db in try ChangeLog.events(db, card: card, since: since, limit: limit) }
    }

    /// The events of one step.
    public func history(step: Int64) throws(StoreError) -> [LogEvent] {
        try read { db in try ChangeLog.events(db, step: step) }
    }

    // MARK: Changing

    /// Applies `edits` as one undo step. An edit that changes nothing adds nothing; when no
    /// edit changed anything there is no step (nil). Cards named must exist (ids, as
    /// `card(_:)` resolves them); states must exist.
    ///
    /// `expecting` maps card ids to the `StoredCard.version` the person saw: when a card has
    /// another version by the time the transaction starts, nothing is applied and the
    /// error is `cardChanged` (someone else changed it meanwhile).
    @discardableResult
    public func apply(_ edits: [CardEdit], by info: StepInfo,
                      expecting versions: [String: String] = [:]) throws(StoreError) -> AppliedStep? {
        try apply(by: info, expecting: versions) { _ in edits }.get()
    }

    /// Applies the edits `decide` makes from the board as the step's own transaction sees it
    /// (`StepDraft`): what the edits are checked against is what they change, and a server
    /// reads nothing outside the write it is making. An error `decide` throws is returned as
    /// the failure, with nothing applied; `expecting` is checked after it, as in `apply(_:by:expecting:)`.
    /// `reading` names the card `decide` reads by id: asked for ahead, with the board
    /// (`StepDraft.card(id:)` takes it), which spares PostgreSQL's store a round trip.
    public func apply<Failure: Error>(by info: StepInfo, expecting versions: [String: String] = [:], reading card: String? = nil,
                                      deciding decide: @escaping (StepDraft) throws(Failure) -> [CardEdit])
        throws(StoreError) -> Result<AppliedStep?, Failure> {
        let events = StepEvents()
        return try write(applying(info, versions, card, decide, events)).map { $0.map { $0.with(events) } }
    }

    /// The same for a caller that must not block its thread while the step commits.
    public func apply<Failure: Error>(by info: StepInfo, expecting versions: [String: String] = [:], reading card: String? = nil,
                                      deciding decide: @escaping (StepDraft) throws(Failure) -> [CardEdit])
        async throws(StoreError) -> Result<AppliedStep?, Failure> {
        let events = StepEvents()
        return try await write(applying(info, versions, card, decide, events)).map { $0.map { $0.with(events) } }
    }

    /// The step as a group's write: the card it reads by id asked for with the group's first
    /// reads, and its events read with the group's, into `events`.
    private func applying<Failure: Error>(_ info: StepInfo, _ versions: [String: String], _ card: String?,
                                          _ decide: @escaping (StepDraft) throws(Failure) -> [CardEdit], _ events: StepEvents)
        -> GroupWrite<Result<AppliedStep?, Failure>> {
        let engine = self.engine
        return GroupWrite(.step(reading: card ?? versions.keys.min())) { db, run in
            let draft = StepDraft(run: run, engine: engine)
            let edits: [CardEdit]
            do throws(Failure) { edits = try decide(draft) } catch { return .failure(error) }
            for (id, version) in versions.sorted(by: { $0.key < $1.key }) {
                guard let current = try draft.card(id: id) else { throw StoreError.refused(.unknownCard(id, close: [])) }
                guard current.version == version else { throw StoreError.cardChanged(id: id, number: current.number) }
            }
            let applied = try ChangeLog.apply(edits, info: info, in: run)
            if let applied { run.readEvents(of: applied.step, into: events) }
            return .success(applied)
        }
    }

    /// Takes back the last step that is not undone in `scope` (the board's, or one person's),
    /// and says what it was.
    public func undo(_ scope: UndoScope = .board) throws(StoreError) -> StepRecord {
        try write { db in try ChangeLog.undo(in: db, scope: scope) }
    }

    /// Puts back the step undone last in `scope`, unless a new step came after it.
    public func redo(_ scope: UndoScope = .board) throws(StoreError) -> StepRecord {
        try write { db in try ChangeLog.redo(in: db, scope: scope) }
    }

    /// `undo(_:)` for a caller that must not block its thread while the step commits. With
    /// `.needed`, a step that would remove more than one card (an import) is refused with
    /// `undoUnconfirmed` (saying how many) unless it is the step confirmed: a page asks first.
    public func undo(_ scope: UndoScope = .board, confirmation: UndoConfirmation = .notNeeded) async throws(StoreError) -> StepRecord {
        try await write { db in try ChangeLog.undo(in: db, scope: scope, confirmation: confirmation) }
    }

    /// `redo(_:)` for a caller that must not block its thread while the step commits.
    public func redo(_ scope: UndoScope = .board) async throws(StoreError) -> StepRecord {
        try await write { db in try ChangeLog.redo(in: db, scope: scope) }
    }

    /// Takes back the last `count` steps in `scope`, newest first, in one transaction: all of
    /// them, or (when fewer are left) none, with `nothingToUndo`.
    public func undo(steps count: Int, _ scope: UndoScope = .board) throws(StoreError) -> [StepRecord] {
        try write { db in try (0..<count).map { _ in try ChangeLog.undo(in: db, scope: scope) } }
    }

    /// Puts back the `count` steps undone last in `scope`, oldest first, in one transaction:
    /// all of them, or none, with `nothingToRedo`.
    public func redo(steps count: Int, _ scope: UndoScope = .board) throws(StoreError) -> [StepRecord] {
        try write { db in try (0..<count).map { _ in try ChangeLog.redo(in: db, scope: scope) } }
    }

    /// The step `undo(scope)` would take back now, without taking it (nil: none), so a page
    /// can say what its Undo does before it is pressed.
    public func nextUndo(_ scope: UndoScope) throws(StoreError) -> StepRecord? {
        try read { db in try ChangeLog.next(undoing: true, in: db, scope: scope) }
    }

    /// The step with this number as it is now (nil: no such step): what a page says it did.
    public func step(_ number: Int64) throws(StoreError) -> StepRecord? {
        try read { db in try ChangeLog.stepRecord(number, db) }
    }

    /// The step `redo(scope)` would put back now (nil: none).
    public func nextRedo(_ scope: UndoScope) throws(StoreError) -> StepRecord? {
        try read { db in try ChangeLog.next(undoing: false, in: db, scope: scope) }
    }
}

/// See `BoardStore.revision()`.
public struct StoreRevision: Sendable, Hashable, CustomStringConvertible {
    var others: Int64
    var own: Int64

    public var description: String { "\(others).\(own)" }
}

/// The board as a page shows it (`BoardStore.overview()`), or what changed of it since one
/// (`overview(since:)`).
public struct BoardOverview: Sendable {
    /// The board's id, name, zone, states and metadata: no cards, no events.
    public var header: Board
    /// Whole: the present cards, in board order. Since a commit: the card rows later commits
    /// wrote, present or not, in board order.
    public var cards: [StoredCard]
    /// The store's count of commits when read: what the next `overview(since:)` starts from
    /// (nil for a store opened read-only at a schema that does not count them).
    public var commit: Int64?
    /// Whether `cards` are all the present cards rather than those written since a commit.
    public var isWhole: Bool
}

/// What `apply` did: the step's number, the cards as they are after it, and the step's
/// events as `history` gives them.
public struct AppliedStep: Sendable, Equatable {
    public var step: Int64
    public var cards: [StoredCard]
    public var events: [LogEvent]

    /// The step with the events read for it after it was written.
    fileprivate func with(_ read: StepEvents) -> AppliedStep {
        var step = self
        step.events = read.events
        return step
    }
}
