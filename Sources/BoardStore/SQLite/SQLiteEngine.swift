#if canImport(Glibc)
import Glibc
#endif
import BoardIO
import BoardModel
import Foundation
import GRDB
import GRDBSQLite

/// A store in one SQLite file, through GRDB: the engine of every board that fits one machine.
///
/// Writes are IMMEDIATE transactions, so two processes editing the same file at once both
/// land (the second waits up to `BoardStore.busyTimeout`), and a process killed half-way
/// leaves the file as it was before its command.
///
/// A store that can be written is opened as a GRDB `DatabasePool`: reads run on a connection
/// of their own, in WAL mode never waiting for a writer, so a served page answers while a
/// write waits for another process's lock. The pool keeps one reader, so `othersCommits`
/// (a per-connection counter) always asks the same connection, and a board holds five
/// descriptors (two connections' database and log, and the shared `-shm`). A pool puts its
/// file in WAL mode as it opens, a write nobody asked for on a file not in that mode yet (a
/// SQLite file that is no store, refused untouched) or opened only to look: those, and a
/// store on read-only media, are one `DatabaseQueue`.
final class SQLiteEngine: StoreEngine {
    let location: String
    private let database: any DatabaseWriter
    /// The file marked held while the connection is open: nothing else in this process opens
    /// it (see HeldFiles), so SQLite's locks stay SQLite's.
    private let hold: HeldFiles.Hold?
    private let readOnly: Bool

    /// The version of the SQLite library linked.
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Opens the file at `path`, refusing one that is not a SQLite database or cannot be
    /// read; one that cannot be written is refused unless `readOnly` (see `StoreMedia`).
    static func open(_ path: String, readOnly: Bool) throws(StoreError) -> SQLiteEngine {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        let head: [UInt8]
        switch HeldFiles.head(of: path, count: SQLiteHeader.length) {
        case .success(let read):
            head = read
            guard SQLiteHeader.matches(head: head) else { throw .notAStore(path: path) }
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
        config.busyMode = .timeout(BoardStore.busyTimeout)
        config.label = "boardkit"
        if readOnly && media == .writable {
            config.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = ON") }
        }
        // Held before SQLite opens it, so no read of the file by this process can come between.
        let hold = HeldFiles.hold(path, head: head)
        do {
            let database: any DatabaseWriter
            if media == .writable && !readOnly && SQLiteHeader.isInWALMode(head: head) {
                config.maximumReaderCount = 1
                database = try DatabasePool(path: path, configuration: config)
            } else {
                database = try DatabaseQueue(path: media.sqlitePath(path), configuration: config)
            }
            return SQLiteEngine(location: path, database: database, hold: hold, readOnly: readOnly)
        } catch {
            throw failure(error, path: path)
        }
    }

    private init(location: String, database: any DatabaseWriter, hold: HeldFiles.Hold?, readOnly: Bool) {
        self.location = location
        self.database = database
        self.hold = hold
        self.readOnly = readOnly
    }

    deinit {
        // The connection closes before the hold is released: until then the file is SQLite's.
        // A connection that would not close stays open, so its file stays held for good.
        do { try database.close() } catch { hold.map(HeldFiles.keepHeld) }
    }

    /// BEGIN IMMEDIATE, so that a reader turned writer cannot deadlock against another
    /// process. BEGIN, COMMIT and ROLLBACK run as statements compiled once per connection:
    /// GRDB's own transaction compiles them every time, which cost a board page's card move
    /// more than the move itself.
    func write<T>(_ body: (any SQLConnection) throws -> T, answered: () throws -> Void) throws -> T {
        try database.writeWithoutTransaction { db in
            try db.cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
            let result: T
            do {
                try db.cachedStatement(sql: StoreSchema.countCommit).execute()
                result = try body(SQLiteConnection(db))
                try answered()
                try db.cachedStatement(sql: "COMMIT TRANSACTION").execute()
            } catch {
                if db.isInsideTransaction { try? db.cachedStatement(sql: "ROLLBACK TRANSACTION").execute() }
                throw error
            }
            return result
        }
    }

    /// Never surely: SQLite runs a statement when it is called, so only COMMIT itself can fail
    /// once the body returned, and a COMMIT that failed half-way (an I/O error) is left to
    /// the journal to settle.
    func leftUncommitted(by error: any Error) -> Bool {
        false
    }

    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try database.read { db in try body(SQLiteConnection(db)) }
    }

    func glance<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try database.unsafeRead { db in try body(SQLiteConnection(db)) }
    }

    /// SQLite's data_version of the reading connection: it moves when another connection
    /// (this process's writer too) commits.
    func othersCommits() throws -> Int64 {
        try glance { db in try db.int("PRAGMA data_version") ?? 0 }
    }

    /// An flock(2) on a hidden file beside the store (`.team.db.sync-lock`, kept), never on
    /// the store's file (see HeldFiles). Beside the file itself, symbolic links followed (as
    /// SQLite follows them to place the `-wal`): a store opened through a link or by another
    /// spelling of its path is the same store and meets the same lock.
    func lock(named name: String) throws -> StoreLock? {
        let url = URL(fileURLWithPath: Self.realPath(location))
        let path = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".\(name)-lock").path
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw StoreError.database(path: path, message: SystemError.text(errno)) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(fd)
            if failure == EWOULDBLOCK { return nil }
            throw StoreError.database(path: path, message: SystemError.text(failure))
        }
        return StoreLock { close(fd) }
    }

    /// `path` with every symbolic link and `.`/`..` resolved; as given when it cannot be.
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    func migrate() throws {
        try Self.migrator.migrate(database)
    }

    /// `StoreSchema.migrations` as GRDB runs them: each once, recorded by name.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in StoreSchema.migrations {
            migrator.registerMigration(migration.name) { db in try db.execute(sql: migration.sql) }
        }
        return migrator
    }

    func failure(_ error: any Error) -> StoreError {
        Self.failure(error, path: location)
    }

    /// SQLite's error as the store's: damage (SQLite's CORRUPT and NOTADB) is `damaged`, a
    /// write refused by the file system is `readOnly`, a lock held past the busy timeout
    /// `busy`, the rest `database` in SQLite's words.
    static func failure(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        if let e = error as? DatabaseError {
            switch e.resultCode.primaryResultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .damaged(path: path, finding: describe(error))
            case .SQLITE_READONLY: return .readOnly(path: path)
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: path, message: describe(error))
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
}

/// The 16-byte header every SQLite 3 database starts with.
enum SQLiteHeader {
    static let magic = Array("SQLite format 3\0".utf8)
    /// Bytes through the file format's read and write versions (offsets 18 and 19).
    static let length = 20

    static func matches(head: [UInt8]) -> Bool { head.starts(with: magic) }

    /// Whether the file is in WAL mode: both format versions are 2 (1 for a rollback journal).
    static func isInWALMode(head: [UInt8]) -> Bool {
        head.count >= length && head[18] == 2 && head[19] == 2
    }

    /// Through HeldFiles, so a file this process already holds open is not opened again.
    static func matches(path: String) -> Bool {
        guard case .success(let head) = HeldFiles.head(of: path, count: magic.count) else { return false }
        return matches(head: head)
    }
}

extension SQLiteEngine {
    /// Makes a new store file at `path` (which must not exist yet): the tables, what `fill`
    /// writes into them, then the indexes. Written to a temporary file and linked into place,
    /// so an existing file is never overwritten and a killed process leaves no half-made store.
    static func create(_ path: String, fill: @escaping (any SQLConnection) throws -> Void) throws(StoreError) {
        if FileManager.default.fileExists(atPath: path) { throw .alreadyExists(path: path) }
        let folder = (path as NSString).deletingLastPathComponent
        try TemporaryFiles.using(near: folder.isEmpty ? "." : folder, name: (path as NSString).lastPathComponent) {
            temp throws(StoreError) in
            try write(toNewFile: temp, fill: fill)
            switch TemporaryFiles.placeNew(temp, at: path) {
            case nil: break
            case EEXIST?: throw .alreadyExists(path: path)
            case let error?: throw .database(path: path, message: SystemError.text(error))
            }
        }
    }

    /// The file is new and placed only when complete, so it is written without a journal and
    /// indexed once at the end; it is switched to WAL before it is handed over. `finish`
    /// writes what needs the later migrations' columns (a copy's undo order), after them.
    static func write(toNewFile path: String, fill: @escaping (any SQLConnection) throws -> Void,
                      finish: ((any SQLConnection) throws -> Void)? = nil) throws(StoreError) {
        var config = Configuration()
        config.label = "boardkit-import"
        // The rows come from a validated board (every event names one of its cards): checking
        // each row's references again would cost a look-up per row.
        config.foreignKeysEnabled = false
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -32768; PRAGMA threads = 2")
            }
            try migrator.migrate(queue, upTo: StoreSchema.tablesMigration)
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try fill(SQLiteConnection(db))
                    return .commit
                }
            }
            try migrator.migrate(queue)
            if let finish {
                try queue.writeWithoutTransaction { db in
                    try db.inTransaction(.immediate) {
                        try finish(SQLiteConnection(db))
                        return .commit
                    }
                }
            }
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            try queue.close()
        } catch {
            throw (error as? StoreError) ?? .database(path: path, message: describe(error))
        }
    }
}
