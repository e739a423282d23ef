import BoardIO
import CLibPQ
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A store in a PostgreSQL database: the board's tables in a schema of their own
/// (`PostgresAddress.schema`), so many boards share one database, and several `serve`
/// instances (and terminals) on several machines share one board.
///
/// A write locks the board (its `boardkit_store` table, SHARE ROW EXCLUSIVE: writers of the
/// board queue, readers do not wait) before its first read, so its steps are numbered, checked
/// and logged exactly as SQLite's IMMEDIATE transaction has them, in commit order. Each
/// commit counts one more in `boardkit_revision`, which every instance reads to learn that the
/// board moved (`othersCommits`).
///
/// Its connections are its database's `PostgresPool`'s, shared with every other board the
/// process has open there; each call (a write, a read, a glance) borrows one for its length.
final class PostgresEngine: StoreEngine {
    let location: String
    private let pool: PostgresPool
    /// The session each thread's call holds (keyed by the thread), so a call made inside
    /// another's body runs on the same session, in the same transaction.
    private let held = Mutex<[UInt: PostgresSession]>([:])
    private let address: PostgresAddress
    private let password: String?
    /// Why a password file was not read, said when the server then wants a password.
    private let passwordPassedOver: String?
    private let statistics = PostgresStatistics()

    private init(address: PostgresAddress, password: PostgresPassword, readOnly: Bool) {
        location = address.text
        self.address = address
        self.password = password.text
        passwordPassedOver = password.passedOver
        pool = PostgresPool.shared(address, password: password.text, readOnly: readOnly)
    }

    /// Connects to the board's database; `missing` when it has no such board.
    static func open(_ address: PostgresAddress, readOnly: Bool) throws(StoreError) -> PostgresEngine {
        let engine = PostgresEngine(address: address, password: try PostgresPassword.find(for: address), readOnly: readOnly)
        let (exists, standby) = try engine.guarded {
            try engine.exclusively { session in
                let row = try session.query("""
                    SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1), pg_is_in_recovery()
                    """, [.text(address.schema)])
                return (row.flag(0, 0) ?? false, row.flag(0, 1) ?? false)
            }
        }
        guard exists else { throw .missing(path: address.text) }
        // A standby (a streaming replica) is read as any board is; a command that would write
        // is refused before it reads its input, as on read-only media.
        if standby && !readOnly { throw .readOnly(path: address.text) }
        return engine
    }

    /// Makes the board's schema, its tables, what `fill` writes, then its indexes and the
    /// later migrations, then what `finish` writes (what needs their columns: a copy's undo
    /// order), in one transaction: a board that exists is never touched (`alreadyExists`), and
    /// a process killed half-way leaves no board.
    static func create(_ address: PostgresAddress, fill: @escaping (any SQLConnection) throws -> Void,
                       finish: ((any SQLConnection) throws -> Void)? = nil) throws(StoreError) {
        let engine = PostgresEngine(address: address, password: try PostgresPassword.find(for: address), readOnly: false)
        try engine.guarded {
            try engine.exclusively { session in
                try session.transaction("BEGIN") {
                    // The indexes and foreign keys built once the tables are filled sort every
                    // row; with PostgreSQL's default 64 MB those of a million cards spilled to
                    // disk (measured: the three largest took 7.1 s, 5.8 s with this).
                    _ = try session.query("SET LOCAL maintenance_work_mem = '256MB'")
                    try createSchema(address, in: session)
                    _ = try session.query("CREATE TABLE boardkit_migrations (name TEXT PRIMARY KEY)")
                    _ = try session.query("CREATE TABLE boardkit_revision (n BIGINT NOT NULL)")
                    _ = try session.query("INSERT INTO boardkit_revision (n) VALUES (0)")
                    // The tables' keys are added once they are filled (`keysApart`).
                    var primaryKeys: [String] = [], foreignKeys: [String] = []
                    try run(StoreSchema.tables, in: session) { statement in
                        let apart = PostgresDialect.keysApart(statement)
                        primaryKeys += apart.primaryKeys
                        foreignKeys += apart.foreignKeys
                        return apart.table
                    }
                    let identities = try identityColumns(in: session)
                    try cache(identities, values: fillCache, in: session)
                    try fill(PostgresStoreConnection(session))
                    try cache(identities, values: 1, in: session)
                    for key in primaryKeys + foreignKeys { _ = try session.query(key) }
                    try run(StoreSchema.afterTables, in: session)
                    try finish?(PostgresStoreConnection(session))
                    try continueIdentities(in: session)
                    try analyze(in: session)
                }
            }
        }
    }

    /// Gathers the planner's statistics of the board's tables, as after any bulk load: a new
    /// board's tables have none until autovacuum gets to them, and the planner then scanned
    /// the steps table for a step's key and a column's cards for its last position (measured
    /// on a new board of 1,000 cards: page moves 386/s before, 451/s after).
    private static func analyze(in session: PostgresSession) throws {
        let found = try session.query("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema()")
        try PostgresStatistics.analyze(found.texts(0), in: session)
    }

    /// The board's identity columns (a key no row gives is drawn from one), by table.
    private static func identityColumns(in session: PostgresSession) throws -> [(table: String, column: String)] {
        let found = try session.query("""
            SELECT table_name::text, column_name::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND is_identity = 'YES'
            """)
        return zip(found.texts(0), found.texts(1)).map { (table: $0, column: $1) }
    }

    /// How many keys a session draws from an identity's sequence at once while a new board
    /// is filled: one at a time (`nextval` of each log row) took 8 % of the server's time
    /// copying a million-card import's log. Only the filling session uses the new board's
    /// sequences; it draws one at a time again before anyone else can, since keys drawn
    /// ahead by sessions in turn would not follow commit order, which the log's does.
    private static let fillCache = 10_000

    private static func cache(_ identities: [(table: String, column: String)], values: Int,
                              in session: PostgresSession) throws {
        for (table, column) in identities {
            _ = try session.query("ALTER TABLE \"\(table)\" ALTER COLUMN \"\(column)\" SET CACHE \(values)")
        }
    }

    /// Moves each identity column's sequence past the largest key the rows written hold: an
    /// explicit key does not advance it (a copy gives `changes.seq` its own numbers), and the
    /// next row drawn from it would take a number already used. An empty table's is left at 1.
    private static func continueIdentities(in session: PostgresSession) throws {
        for (table, column) in try identityColumns(in: session) {
            _ = try session.query("""
                SELECT setval(pg_get_serial_sequence('"\(table)"', '\(column)'), max("\(column)")) FROM "\(table)"
                HAVING max("\(column)") IS NOT NULL
                """)
        }
    }

    /// The board's schema, or `alreadyExists` when the database has a board of that name:
    /// one made before (`duplicate_schema`), or one another `init` made while this one
    /// waited for it to commit. That loser's CREATE SCHEMA fails on the catalogue's unique
    /// index (`unique_violation`, "pg_namespace_nspname_index"), which only here means a
    /// board that exists: elsewhere it stays the server's own words.
    private static func createSchema(_ address: PostgresAddress, in session: PostgresSession) throws {
        do {
            _ = try session.query("CREATE SCHEMA \"\(address.schema)\"")
        } catch let error as PostgresFailure {
            // duplicate_schema, unique_violation
            guard error.sqlState == "42P06" || error.sqlState == "23505" else { throw error }
            throw StoreError.alreadyExists(path: address.text)
        }
    }

    func write<T>(_ body: (any SQLConnection) throws -> T, answered: () throws -> Void) throws -> T {
        try exclusively { session in
            // Pipelined: these go with the step's first read, and its writes with the reads
            // after them (`PostgresSession.send`).
            try session.transaction("BEGIN", pipelined: true, answered: answered) {
                try session.send("LOCK TABLE boardkit_store IN SHARE ROW EXCLUSIVE MODE")
                // The commit counted (`StoreSchema.countCommit`) and, in the same statement (each
                // is a round of the server's work), the lock's holder made to end when it idles
                // (see `PostgresSession.idleInTransaction`): a read, or an import of a board no
                // one else sees yet, may take its time between statements.
                try session.send("""
                    UPDATE boardkit_revision SET n = n + 1
                    WHERE set_config('idle_in_transaction_session_timeout', $1, true) IS NOT NULL
                    """, [.text("\(PostgresSession.idleInTransaction.components.seconds)s")], prepared: true)
                return try body(PostgresStoreConnection(session))
            }
        } after: { session in
            // The write is committed and acknowledged whatever happens here.
            try? self.statistics.refresh(in: session)
        }
    }

    /// A statement the server refused (with COMMIT, or before it in the pipeline, which then
    /// skipped the COMMIT) left the transaction uncommitted; a connection lost may have been
    /// lost after the COMMIT.
    func leftUncommitted(by error: any Error) -> Bool {
        if case .statement? = (error as? PostgresFailure)?.kind { true } else { false }
    }

    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try exclusively { session in
            try session.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { try body(PostgresStoreConnection(session)) }
        }
    }

    func glance<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try exclusively { session in try body(PostgresStoreConnection(session)) }
    }

    /// Runs `body` with a session of the pool's, or with the one this thread's call already
    /// holds (a write's body that reads through the store again); then, when `body` returned
    /// on a session of its own, `after` on it.
    private func exclusively<T>(_ body: (PostgresSession) throws -> T,
                                after: ((PostgresSession) -> Void)? = nil) throws -> T {
        let thread = UInt(pthread_self())
        if let session = held.withLock({ $0[thread] }) { return try body(session) }
        return try pool.use(schema: address.schema) { session in
            held.withLock { $0[thread] = session }
            defer { held.withLock { $0[thread] = nil } }
            let result = try body(session)
            after?(session)
            return result
        }
    }

    /// The board's revision (`boardkit_revision`, one more per commit), read from the database
    /// each time: a commit acknowledged by another instance before this is asked is counted,
    /// which a notification heard later (LISTEN/NOTIFY, tried before) did not promise; a page
    /// read through one instance right after a write through another then missed the write.
    func othersCommits() throws -> Int64 {
        try glance { db in try db.int("SELECT n FROM boardkit_revision") ?? 0 }
    }

    /// A session-level advisory lock on a connection of its own, keyed by the board and the
    /// name: PostgreSQL releases it when that connection ends, however the process ends.
    func lock(named name: String) throws -> StoreLock? {
        let session = PostgresSession(address, password: password, readOnly: false)
        try session.ready(for: address.schema)
        guard try session.query("SELECT pg_try_advisory_lock(hashtext($1))", [.text(address.schema + " " + name)]).flag(0, 0) == true else {
            return nil
        }
        return StoreLock { session.close() }
    }

    /// The migrations the board has not had, in one transaction.
    func migrate() throws {
        _ = try exclusively { session in
            try write { _ in try Self.run(StoreSchema.migrations[...], in: session) }
        }
    }

    /// Runs each migration not yet recorded, each statement as `adapted` gives it, and records it.
    private static func run(_ migrations: ArraySlice<StoreSchema.Migration>, in session: PostgresSession,
                            adapted: (String) -> String = { $0 }) throws {
        let names = try session.query("SELECT name FROM boardkit_migrations")
        let done = Set(names.texts(0))
        for migration in migrations where !done.contains(migration.name) {
            for statement in PostgresDialect.schema(migration.sql) { _ = try session.query(adapted(statement)) }
            _ = try session.query("INSERT INTO boardkit_migrations (name) VALUES ($1)", [.text(migration.name)])
        }
    }

    func failure(_ error: any Error) -> StoreError {
        let failure = Self.failure(error, location: location)
        guard let passwordPassedOver, Self.wantsPassword(error), case .database(let path, let message) = failure else { return failure }
        return .database(path: path, message: message + "; " + passwordPassedOver)
    }

    /// The server refused the connection for want of a password.
    private static func wantsPassword(_ error: any Error) -> Bool {
        (error as? PostgresFailure)?.kind == .connect(needsPassword: true)
    }

    /// SQLSTATEs that mean another writer held the board past `BoardStore.busyTimeout`, not a
    /// failure: lock_not_available, which the session's `lock_timeout` (the busy timeout)
    /// raises. (A server out of connection slots, a cancelled statement, are failures, said
    /// in the server's words; a deadlock or a serialization failure cannot happen: a write
    /// first locks the board.)
    static let busyStates: Set<String> = ["55P03"]

    /// PostgreSQL's error as the store's, in the server's words (`database`; `busy` when
    /// another writer was in the way).
    static func failure(_ error: any Error, location: String) -> StoreError {
        if let error = error as? StoreError { return error }
        // Every connection this process keeps to the database was lent out for the busy timeout.
        if let error = error as? PostgresPoolError { return .busy(path: location, message: error.description) }
        guard let error = error as? PostgresFailure else { return .database(path: location, message: "\(error)") }
        switch error.kind {
        case .statement(let state):
            // read_only_sql_transaction: a write reached a standby (promoted away meanwhile).
            if state == "25006" { return .readOnly(path: location) }
            if busyStates.contains(state) { return .busy(path: location, message: error.message) }
            return .database(path: location, message: error.message)
        case .connect(needsPassword: true):
            return .database(path: location, message: "the server asks for a password and none was given (--password-file, PGPASSWORD or ~/.pgpass)")
        case .connect(needsPassword: false):
            return .database(path: location, message: "could not connect to the server: \(error.message)")
        case .connection:
            return .database(path: location, message: error.message)
        }
    }

    private func guarded<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw failure(error) }
    }
}

/// The store's SQL over a session the engine holds (inside its transaction, or a glance).
final class PostgresStoreConnection: SQLConnection {
    private let session: PostgresSession
    /// Well under PostgreSQL's 65,535 parameters a statement, at `LogRow.parameterCount` a row.
    private static let mostRowsInOneStatement = 1000

    init(_ session: PostgresSession) {
        self.session = session
    }

    func statement(_ sql: String) throws -> any SQLStatement {
        session.statement(sql)
    }

    /// Through `COPY` (`PostgresCopy`); another statement than a plain one-row INSERT goes
    /// as the statement's batches.
    func insert(_ insert: String, _ batches: (_ take: (RowBatch) throws -> Void) throws -> Void) throws {
        guard let target = PostgresCopy.target(of: insert) else {
            let s = session.statement(insert)
            return try batches { batch in try s.run(batch) }
        }
        try session.copy(into: target.table, columns: target.columns) { feed in
            try batches { batch in
                guard batch.rowCount > 0 else { return }
                var rows: [UInt8] = []
                rows.reserveCapacity(batch.bytes.count + batch.cells.count * 12)
                PostgresCopy.append(batch, to: &rows)
                try feed.send(rows)
            }
        }
    }

    /// A failed statement leaves PostgreSQL's transaction open (aborted until rolled back to
    /// a savepoint), so the store's savepoints recover it.
    var isInsideTransaction: Bool { true }

    func waitForAnswers() throws {
        try session.waitForAnswers()
    }

    /// One statement, not three: the log rows inserted in a WITH, their numbers returned to
    /// the step's INSERT, which records the first and last (`previous` is not needed). The
    /// rows' foreign key to their step is checked at the statement's end, once the step's
    /// row is there. A step of more rows than a statement takes parameters for (a sync of
    /// thousands of changes) is written in three.
    func writeStep(_ row: StepRow, log: RowBatch, after previous: Int64?) throws {
        guard let head = PostgresStatement.insertHead(of: LogRow.insertSQL), log.rowCount <= Self.mostRowsInOneStatement else {
            return try row.write(log: log, after: previous, self)
        }
        let list = PostgresStatement.valuesList(log, rows: 0..<log.rowCount)
        let n = list.values.count
        try session.send("""
            WITH logged AS (\(head)\(list.text) RETURNING seq)
            INSERT INTO steps (step, at, actor, command, first_seq, last_seq)
            SELECT $\(n + 1), $\(n + 2), $\(n + 3), $\(n + 4), min(seq), max(seq) FROM logged
            """, list.values + row.values, prepared: log.rowCount <= PostgresStatement.mostRowsPrepared)
    }

    func flush() throws {
        try session.flush()
    }

    func tableExists(_ name: String) throws -> Bool {
        try session.query("""
            SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1
            """, [.text(name)]).rowCount > 0
    }
}
