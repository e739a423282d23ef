/// A step's row in `steps`: its number, time, who and the command. Which log rows are its
/// (`first_seq`, `last_seq`) is written with them (`SQLConnection.writeStep`).
struct StepRow {
    var step: Int64
    var at: String
    var actor: String?
    var command: String

    static let insertSQL = "INSERT INTO steps (step, at, actor, command) VALUES (?, ?, ?, ?)"

    var values: [SQLValue] {
        [.int(step), .text(at), SQLValue(actor), .text(command)]
    }
}

extension SQLConnection {
    func writeStep(_ row: StepRow, log: RowBatch, after previous: Int64?) throws {
        try row.write(log: log, after: previous, self)
    }
}

extension StepRow {
    /// Three statements: the step's row, its log rows (after it: they name it), then which
    /// rows are its (`recordRows`).
    func write(log: RowBatch, after previous: Int64?, _ db: any SQLConnection) throws {
        try db.execute(Self.insertSQL, values)
        try db.statement(LogRow.insertSQL).run(log)
        try Self.recordRows(ofStep: step, after: previous, db)
    }

    /// Records which log rows `step` wrote: those after `previous`, the log's last row before
    /// them (nil: the last row of the step before it, one of the same transaction whose rows
    /// were not read). No other writer comes between, so a step's rows are contiguous; its
    /// first is the first there is, not `previous + 1`: PostgreSQL's sequence does not take
    /// back the numbers of a step rolled back before it. (One aggregate over the rows, not
    /// two: a new PostgreSQL board's log has no key yet when its import closes its step, and
    /// each was a scan of it.)
    static func recordRows(ofStep step: Int64, after previous: Int64?, _ db: any SQLConnection) throws {
        guard let previous else {
            try db.execute("""
                UPDATE steps SET (first_seq, last_seq) = (SELECT min(seq), max(seq) FROM changes
                    WHERE seq > (SELECT last_seq FROM steps WHERE step = ?1)) WHERE step = ?2
                """, [.int(step - 1), .int(step)])
            return
        }
        try db.execute("""
            UPDATE steps SET (first_seq, last_seq) = (SELECT min(seq), max(seq) FROM changes WHERE seq > ?) WHERE step = ?
            """, [.int(previous), .int(step)])
    }
}
