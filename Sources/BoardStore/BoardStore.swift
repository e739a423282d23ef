// BoardStore: a board that boardkit holds itself, in one SQLite file (through GRDB), with
// every change in an append-only log that undo and redo walk. The commands, the board page
// and the sync all change a board through this type, so every
// change is one undoable step in one log, and every format and report sees the same board
// (`board()` builds the model's Board, events included, from the current values and the log).
//
// Where things are: the tables in StoreSchema; a card's columns in CardRow; JSON-valued
// columns in StoredJSON; the raw-SQLite loops for a million rows in SQLiteStatement,
// StoreImport and StoreExport; the change log in ChangeLog; the format's reader and writer
// (`convert … team.db`) in StoreFormat.
import BoardModel
import BoardIO
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// An open store. Every write is one IMMEDIATE transaction, so two processes editing the
/// same file at once both land (the second waits up to `busyTimeout`), and a process killed
/// half-way leaves the store as it was before its command.
public final class BoardStore: Sendable {
    /// The file.
    public let path: String
    let queue: DatabaseQueue
    /// The file marked held while the connection is open: nothing else in this process opens
    /// it (see HeldFiles), so SQLite's locks stay SQLite's.
    private let hold: HeldFiles.Hold?
    /// Commits made through this object (see `revision()`).
    private let commits = Mutex<Int64>(0)
    /// Whether writes commit one by one or in groups, and the group they wait in.
    private let commitMode: CommitMode
    private let group: CommitGroup

    /// The version of the SQLite library linked.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// How long a writer waits for another to finish before giving up.
    public static let busyTimeout: TimeInterval = 10

    private init(path: String, queue: DatabaseQueue, hold: HeldFiles.Hold?, commitMode: CommitMode) {
        self.path = path
        self.queue = queue
        self.hold = hold
        self.commitMode = commitMode
        group = CommitGroup(limit: commitMode == .each ? 1 : .max)
    }

    deinit {
        // The connection closes before the hold is released: until then the file is SQLite's.
        // A connection that would not close stays open, so its file stays held for good.
        do { try queue.close() } catch { hold.map(HeldFiles.keepHeld) }
    }

    // MARK: Opening

    /// Opens an existing store. Refuses, without changing the file, one that is not a
    /// boardkit store, was written by a newer boardkit, or is damaged (`check` says how hard
    /// it looks; see `DamageCheck`); migrates an older one forward (unless `readOnly`).
    ///
    /// `readOnly` opens for commands that only look: nothing is written, and a store on
    /// read-only media (a read-only mount, a folder this user cannot write) is read as it is.
    /// Otherwise a store that cannot be written is refused at once (`readOnly(path:)`).
    /// `commits` says whether concurrent writes through this object share transactions.
    public static func open(_ path: String, readOnly: Bool = false, check: DamageCheck = .sized,
                            commits: CommitMode = .each) throws(StoreError) -> BoardStore {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        switch HeldFiles.head(of: path, count: SQLiteHeader.magic.count) {
        case .success(let head): guard SQLiteHeader.matches(head: head) else { throw .notAStore(path: path) }
        // A file this user cannot read is not "not a store": say why it was not read.
        case .failure(let failure): throw .database(path: path, message: SystemError.text(failure.errno))
        }
        let media = StoreMedia.of(path)
        if !readOnly && media != .writable { throw .readOnly(path: path) }
        var config = Configuration()
        // A command that only looks still opens read-write where it can (and promises not to
        // write, `query_only`): the last connection to close then folds the write-ahead log
        // back and removes `-wal` and `-shm`, as after any command.
        config.readonly = media != .writable
        config.busyMode = .timeout(busyTimeout)
        config.label = "boardkit"
        if readOnly && media == .writable {
            config.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = ON") }
        }
        // Held before SQLite opens it, so no read of the file by this process can come between.
        let hold = HeldFiles.hold(path, head: SQLiteHeader.magic)
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: media.sqlitePath(path), configuration: config)
        } catch {
            throw failure(error, path: path)
        }
        let store = BoardStore(path: path, queue: queue, hold: hold, commitMode: commits)
        try store.checkDamage(check)
        try store.checkStamp(migrating: !readOnly)
        return store
    }

    /// True when the file starts as a SQLite database does (the store format's sniff); `open`
    /// then says whether it is a boardkit store.
    public static func isStore(path: String) -> Bool {
        SQLiteHeader.matches(path: path)
    }

    /// A new, empty store at `path` (which must not exist yet): the board's name, zone and
    /// states, no cards. Written to a temporary file and linked into place, so an existing
    /// file is never overwritten and a killed process leaves no half-made store.
    public static func create(_ path: String, board: Board, step: StepInfo) throws(StoreError) -> BoardStore {
        try createAtomically(path) { temp throws(StoreError) in try write(board, toNewFile: temp, step: step) }
        return try open(path)
    }

    /// Places a store made by `make` at `path`, failing if something is there.
    static func createAtomically(_ path: String, _ make: (String) throws(StoreError) -> Void) throws(StoreError) {
        if FileManager.default.fileExists(atPath: path) { throw .alreadyExists(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        try TemporaryFiles.using(near: folder.isEmpty ? "." : folder, name: (path as NSString).lastPathComponent) {
            temp throws(StoreError) in
            try make(temp)
            switch TemporaryFiles.placeNew(temp, at: path) {
            case nil: break
            case EEXIST?: throw .alreadyExists(path: path)
            case let error?: throw .database(path: path, message: SystemError.text(error))
            }
        }
    }

    private func checkStamp(migrating: Bool) throws(StoreError) {
        do {
            let stamp = try queue.read { db in try StoreSchema.stamp(db) }
            guard let stamp, stamp.format == StoreSchema.formatName else { throw StoreError.notAStore(path: path) }
            guard stamp.schema <= StoreSchema.version else {
                throw StoreError.newerSchema(path: path, found: stamp.schema, supported: StoreSchema.version)
            }
            if migrating && stamp.schema < StoreSchema.version {
                try StoreSchema.migrator.migrate(queue)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.failure(error, path: path)
        }
    }

    /// SQLite's error as the store's: damage (SQLite's CORRUPT and NOTADB) is `damaged`, a
    /// write refused by the file system is `readOnly`, the rest `database` in SQLite's words.
    static func failure(_ error: any Error, path: String) -> StoreError {
        if let e = error as? DatabaseError {
            switch e.resultCode.primaryResultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .damaged(path: path, finding: describe(error))
            case .SQLITE_READONLY: return .readOnly(path: path)
            default: break
            }
        }
        return .database(path: path, message: describe(error))
    }

    static func describe(_ error: any Error) -> String {
        if let e = error as? DatabaseError {
            if e.resultCode == .SQLITE_NOTADB { return "not a database" }
            return e.message ?? "\(e.resultCode)"
        }
        return "\(error)"
    }

    /// Runs `body` and turns SQLite's errors into the store's (`failure`).
    func guarded<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw storeError(error)
        }
    }

    /// An error as the store's: its own as it is, SQLite's through `failure`.
    private func storeError(_ error: any Error) -> StoreError {
        (error as? StoreError) ?? Self.failure(error, path: path)
    }

    /// One write, in a transaction of its own or in a group's (`CommitMode`); it returns once
    /// the transaction holding it has committed.
    func write<T>(_ body: @escaping (Database) throws -> T) throws(StoreError) -> T {
        try guarded {
            switch commitMode {
            case .each: return try transaction(body)
            case .grouped: return try group.run(body) { writes in try self.transaction(writes) }
            }
        }
    }

    /// The same for a caller that must not block its thread (a server's request): it waits
    /// for the commit without holding one, its write committed by the group's committer (one
    /// write per transaction in `.each` mode).
    func write<T>(_ body: @escaping (Database) throws -> T) async throws(StoreError) -> T {
        do {
            return try await group.run(body) { writes in try self.transaction(writes) }
        } catch {
            throw storeError(error)
        }
    }

    /// One write transaction, taken at once (BEGIN IMMEDIATE) so that a reader turned writer
    /// cannot deadlock against another process. BEGIN, COMMIT and ROLLBACK run as statements
    /// compiled once per connection: GRDB's own transaction compiles them every time, which
    /// cost a board page's card move more than the move itself.
    private func transaction<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.writeWithoutTransaction { db in
            try db.execute(cached: "BEGIN IMMEDIATE TRANSACTION")
            let result: T
            do {
                result = try body(db)
                try db.execute(cached: "COMMIT TRANSACTION")
            } catch {
                if db.isInsideTransaction { try? db.execute(cached: "ROLLBACK TRANSACTION") }
                throw error
            }
            commits.withLock { $0 += 1 }
            return result
        }
    }

    /// A read in one transaction (a consistent view across its statements).
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try guarded { try queue.read(body) }
    }

    /// A read of one statement, or of statements that need not agree with each other,
    /// outside a transaction (each statement is its own): no BEGIN and COMMIT to run.
    func glance<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try guarded { try queue.inDatabase(body) }
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

    /// The card a person means by `reference`: its id, its number (`12` or `#12`), or a
    /// title that only one card has. Deleted cards are not found.
    public func card(_ reference: String) throws(StoreError) -> StoredCard {
        try read { db in try CardLookup.find(reference, in: db) }
    }

    /// The present card whose id is exactly `id` (no number or title lookup: for URLs and
    /// APIs, where a reference must not change meaning as cards come and go).
    public func card(id: String) throws(StoreError) -> StoredCard {
        try glance { db in
            guard let card = try CardRow.present(id: id, db) else {
                throw StoreError.unknownCard(id, close: [])
            }
            return card
        }
    }

    /// A value that differs after every change to the file, by this process or another,
    /// and is cheap to read (a server checks it on each request before using what it built
    /// from the board last time). Only meaningful within this process.
    public func revision() throws(StoreError) -> StoreRevision {
        // SQLite's data_version moves when another connection commits; our own commits are counted.
        let others = try glance { db in try Int64.fetchOne(db, cached: "PRAGMA data_version") ?? 0 }
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
    public func apply<Failure: Error>(by info: StepInfo, expecting versions: [String: String] = [:],
                                      deciding decide: @escaping (StepDraft) throws(Failure) -> [CardEdit])
        throws(StoreError) -> Result<AppliedStep?, Failure> {
        try write(applying(info, versions, decide))
    }

    /// The same for a caller that must not block its thread while the step commits.
    public func apply<Failure: Error>(by info: StepInfo, expecting versions: [String: String] = [:],
                                      deciding decide: @escaping (StepDraft) throws(Failure) -> [CardEdit])
        async throws(StoreError) -> Result<AppliedStep?, Failure> {
        try await write(applying(info, versions, decide))
    }

    private func applying<Failure: Error>(_ info: StepInfo, _ versions: [String: String],
                                          _ decide: @escaping (StepDraft) throws(Failure) -> [CardEdit])
        -> (Database) throws -> Result<AppliedStep?, Failure> {
        let path = self.path
        return { db in
            let draft = StepDraft(db: db, path: path)
            let edits: [CardEdit]
            do throws(Failure) { edits = try decide(draft) } catch { return .failure(error) }
            for (id, version) in versions.sorted(by: { $0.key < $1.key }) {
                guard let current = try draft.card(id: id) else { throw StoreError.unknownCard(id, close: []) }
                guard current.version == version else { throw StoreError.cardChanged(id: id, number: current.number) }
            }
            return .success(try ChangeLog.apply(edits, info: info, in: db, header: draft.readHeader))
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

/// What `apply` did: the step's number, the cards as they are after it, and the step's
/// events as `history` gives them.
public struct AppliedStep: Sendable, Equatable {
    public var step: Int64
    public var cards: [StoredCard]
    public var events: [LogEvent]
}

/// The 16-byte header every SQLite 3 database starts with.
enum SQLiteHeader {
    static let magic = Array("SQLite format 3\0".utf8)

    static func matches(head: [UInt8]) -> Bool { head.starts(with: magic) }

    /// Through HeldFiles, so a file this process already holds open is not opened again.
    static func matches(path: String) -> Bool {
        guard case .success(let head) = HeldFiles.head(of: path, count: magic.count) else { return false }
        return matches(head: head)
    }
}
