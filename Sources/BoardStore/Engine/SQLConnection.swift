/// One engine's connection, inside what the engine opened for it (a transaction, or a
/// glance outside one): what the store's rules (the change log, card rows, import, export,
/// the sync ledger) are written against, once for both engines.
///
/// The SQL they run is what SQLite and PostgreSQL both speak, with `?` or `?N` parameters;
/// an engine translates the little it must (PostgreSQL: `PostgresDialect`).
protocol SQLConnection: AnyObject {
    /// The statement for `sql`, compiled once per connection and reused (reset, bindings
    /// cleared). Two statements of the same text must not be stepped at once.
    func statement(_ sql: String) throws -> any SQLStatement
    /// Whether the transaction is still open (SQLite ends one itself on some errors).
    var isInsideTransaction: Bool { get }
    /// Waits until every statement run so far has been answered, and throws the first failure
    /// among them. PostgreSQL's write transactions send a statement that returns no rows
    /// without waiting (its failure is thrown by the next statement waited for); a caller that
    /// must know a write's outcome before going on (a group's write, before its savepoint is
    /// released) asks here. SQLite runs each statement as it is called: nothing to wait for.
    func waitForAnswers() throws
    /// Hands the statements sent so far to the server without waiting for their answers, so
    /// that it works on them while the caller makes the next (a group's next write). libpq
    /// holds a pipeline's statements until it is synced otherwise. SQLite: nothing to hand.
    func flush() throws
    /// Whether the store has a table of this name.
    func tableExists(_ name: String) throws -> Bool
    /// Puts the rows `batches` hands its `take` into a table of a store being made (an
    /// import, a copy) with `insert`, a one-row `INSERT INTO t (…) VALUES (?, …)`, in the
    /// engine's fastest way: a prepared statement run per row (SQLite), `COPY` (PostgreSQL).
    /// Nothing else may run on the connection until it returns.
    func insert(_ insert: String, _ batches: (_ take: (RowBatch) throws -> Void) throws -> Void) throws
    /// Writes a step's row and its log rows (`LogRow`, one or more), the step's row saying
    /// which log rows are its; `previous` is the log's last row before them, nil when it is
    /// the last of the step before (`StepStart.lastSeq`). Three statements (`StepRow`), or
    /// one where the engine can (PostgreSQL: each is a round of the server's work).
    func writeStep(_ row: StepRow, log: RowBatch, after previous: Int64?) throws
}

/// A prepared statement: bind (from 1), run or step, read columns (from 0) of the current
/// row. Getters are lenient: a value of another kind is converted, a missing one is nil
/// (a damaged file can hold anything anywhere).
protocol SQLStatement {
    func bind(_ index: Int32, _ value: SQLValue)
    /// Runs the statement once per row of the batch (an INSERT or UPDATE).
    func run(_ batch: RowBatch) throws
    /// Runs a statement that returns no rows, then resets it for the next bindings.
    func run() throws
    /// Steps to the next row; false at the end (the statement is then reset).
    func next() throws -> Bool
    /// Sends a read now, bound as it is, without waiting for its rows: its first `next()`
    /// takes them, as of when it was sent, so a caller takes them before writing what they
    /// read. PostgreSQL answers it with the next statement waited for (one round trip for
    /// both); where statements run when stepped (SQLite) nothing happens until then.
    func readAhead() throws
    /// Ends a walk through the rows before their end.
    func reset()
    func text(_ column: Int32) -> String?
    func int(_ column: Int32) -> Int64?
    func double(_ column: Int32) -> Double?
}

extension SQLStatement {
    func readAhead() throws {}

    func bind(_ index: Int32, _ text: String?) { bind(index, SQLValue(text)) }
    func bind(_ index: Int32, _ int: Int64?) { bind(index, SQLValue(int)) }

    func bind(_ values: [SQLValue]) {
        for (k, value) in values.enumerated() { bind(Int32(k + 1), value) }
    }
}

// The shapes of query the store's rules run, over any engine.
extension SQLConnection {
    func insert(_ insert: String, _ batches: (_ take: (RowBatch) throws -> Void) throws -> Void) throws {
        let s = try statement(insert)
        try batches { batch in try s.run(batch) }
    }

    /// Runs a statement that returns no rows.
    func execute(_ sql: String, _ arguments: [SQLValue] = []) throws {
        let s = try statement(sql)
        s.bind(arguments)
        try s.run()
    }

    /// The first column of the first row (nil: no row, or NULL).
    func int(_ sql: String, _ arguments: [SQLValue] = []) throws -> Int64? {
        try first(sql, arguments) { $0.int(0) }
    }

    func text(_ sql: String, _ arguments: [SQLValue] = []) throws -> String? {
        try first(sql, arguments) { $0.text(0) }
    }

    func double(_ sql: String, _ arguments: [SQLValue] = []) throws -> Double? {
        try first(sql, arguments) { $0.double(0) }
    }

    /// The first row read by `read` (nil when there is none).
    func first<T>(_ sql: String, _ arguments: [SQLValue] = [], _ read: (any SQLStatement) -> T?) throws -> T? {
        let s = try statement(sql)
        s.bind(arguments)
        guard try s.next() else { return nil }
        defer { s.reset() }
        return read(s)
    }

    /// Every row, each read by `read`.
    func rows<T>(_ sql: String, _ arguments: [SQLValue] = [], _ read: (any SQLStatement) -> T) throws -> [T] {
        let s = try statement(sql)
        s.bind(arguments)
        var out: [T] = []
        while try s.next() { out.append(read(s)) }
        return out
    }
}
