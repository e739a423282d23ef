import Synchronization

/// Keeps the planner's statistics of a board's tables current while a long-lived process (a
/// `serve`) writes it.
///
/// A plan PostgreSQL caches (a prepared statement's, a foreign key check's) is made once,
/// with the table's size as its statistics last said; a new board's steps table held one row
/// then, so each move's key lookups in it stayed scans of the whole table, and autovacuum,
/// which analyzes a table after it changed by a tenth, gets to it a minute later at the
/// earliest (measured on a new board of 1,000 cards: the server's time per page move
/// 1.4 ms, 0.45 ms once analyzed). Analyzing a table invalidates the plans made with its old
/// statistics, in every instance's sessions.
final class PostgresStatistics: Sendable {
    /// How often a written board's tables are looked at, at most; a terminal command, done
    /// well within it, never looks.
    static let interval: Duration = .seconds(1)

    private let lastLook = Mutex<ContinuousClock.Instant>(.now)

    /// Analyzes the board's tables that have more than doubled since their last analysis
    /// (their pages on disk, always current, against the count that analysis recorded), so
    /// a table is analyzed each time it doubles. (The server's own counts of changed rows
    /// reach its statistics views up to ten seconds late from a session that just wrote.)
    /// Tables another session is analyzing (autovacuum) are skipped rather than waited for.
    func refresh(in session: PostgresSession) throws {
        let now = ContinuousClock.now
        let due = lastLook.withLock { last in
            guard now - last >= Self.interval else { return false }
            last = now
            return true
        }
        guard due else { return }
        let grown = try session.query("""
            SELECT c.relname::text FROM pg_class c
            WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()) AND c.relkind = 'r'
              AND pg_relation_size(c.oid) > 2 * greatest(c.relpages, 1) * current_setting('block_size')::bigint
            """)
        try Self.analyze(grown.texts(0), in: session)
    }

    /// Gathers the statistics of `tables` (of the session's board), skipping a table another
    /// session holds (a new board's, made in the caller's transaction, no other can).
    static func analyze(_ tables: [String], in session: PostgresSession) throws {
        guard !tables.isEmpty else { return }
        _ = try session.query("ANALYZE (SKIP_LOCKED) " + tables.map { "\"\($0)\"" }.joined(separator: ", "))
    }
}
