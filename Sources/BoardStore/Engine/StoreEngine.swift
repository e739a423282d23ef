/// Where a store's rows live: the small seam under `BoardStore` that SQLite (`SQLiteEngine`,
/// a file) and PostgreSQL (`PostgresEngine`, a schema in a database) implement. The store's
/// rules are written once above it; an engine only opens, runs transactions, says when
/// someone else has committed, and puts its errors in the store's words.
protocol StoreEngine: Sendable {
    /// The store as messages name it: a path, or a URL without its password.
    var location: String { get }
    /// One write transaction, taken at once (no other writer of the store can commit
    /// between its first read and its commit), committed when `body` returns. `answered`
    /// takes the rows of reads `body` asked for ahead (`SQLStatement.readAhead`) last: on
    /// PostgreSQL they come back with the COMMIT (one round trip, not two), and it runs once
    /// that answered; SQLite, which reads a statement as it is stepped, runs it before COMMIT.
    func write<T>(_ body: (any SQLConnection) throws -> T, answered: () throws -> Void) throws -> T
    /// Whether a write that failed with `error` surely did not commit (the server answered
    /// with a failure) rather than maybe did (the connection lost while it committed).
    func leftUncommitted(by error: any Error) -> Bool
    /// A read in one transaction: its statements see one state of the store.
    func read<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// Statements outside a transaction (each sees the store as it is when it runs).
    func glance<T>(_ body: (any SQLConnection) throws -> T) throws -> T
    /// A number that moves when another connection commits (this one's commits are counted
    /// by the store).
    func othersCommits() throws -> Int64
    /// The store's lock called `name` (`StoreLock`), nil when another process holds it.
    func lock(named name: String) throws -> StoreLock?
    /// Runs `StoreSchema.migrations` the store has not had yet.
    func migrate() throws
    /// The engine's error as the store's.
    func failure(_ error: any Error) -> StoreError
}

extension StoreEngine {
    /// One write transaction with nothing read after its writes.
    func write<T>(_ body: (any SQLConnection) throws -> T) throws -> T {
        try write(body, answered: {})
    }
}
