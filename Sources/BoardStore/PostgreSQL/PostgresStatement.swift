import Foundation

/// A statement of `PostgresEngine`: bindings gathered, then sent with the query when it runs
/// or is first stepped (prepared on its connection the first time, `PostgresSession.prepared`);
/// the rows come back whole, as text, and are walked here.
final class PostgresStatement: SQLStatement {
    private let session: PostgresSession
    /// The statement as PostgreSQL takes it (`PostgresDialect.statement`).
    private let sql: String
    /// For an `INSERT … VALUES (…)` of one row: the text before its values, so that a batch
    /// goes as many rows per statement (a million-card import is not a million round trips).
    private let insertHead: String?
    private var values: [SQLValue] = []
    private var rows: PostgresResult?
    private var index = -1
    /// The session's ticket for this read when it was sent ahead (`readAhead`).
    private var ahead: Int?

    init(_ sql: String, session: PostgresSession) {
        self.session = session
        self.sql = PostgresDialect.statement(sql)
        insertHead = Self.insertHead(of: sql)
    }

    /// The most rows a batch's statement holds and is still prepared: a step writes a row
    /// per field it changed, a few; an import, thousands a statement.
    static let mostRowsPrepared = 16

    /// For an `INSERT … VALUES (?, …)` of one row, the text before its values; nil for
    /// another statement.
    static func insertHead(of sql: String) -> String? {
        let trimmed = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("INSERT"), trimmed.hasSuffix(")"), let values = trimmed.range(of: "VALUES (", options: .backwards),
              trimmed[values.upperBound...].allSatisfy({ $0 == "?" || $0 == "," || $0 == " " || $0 == ")" }) else { return nil }
        return String(trimmed[..<values.lowerBound]) + "VALUES "
    }

    /// The rows `rows` of `batch` as a VALUES list, `($1, $2), ($3, $4)`, and its parameters.
    static func valuesList(_ batch: RowBatch, rows: Range<Int>) -> (text: String, values: [SQLValue]) {
        var text = ""
        var values: [SQLValue] = []
        values.reserveCapacity(rows.count * batch.columns)
        for row in rows {
            text += row == rows.lowerBound ? "(" : ", ("
            for column in 0..<batch.columns {
                text += column == 0 ? "$\(values.count + 1)" : ", $\(values.count + 1)"
                values.append(batch.value(row: row, column: column))
            }
            text += ")"
        }
        return (text, values)
    }

    /// Ready for new bindings (a statement is reused from the connection's cache).
    func clear() {
        values.removeAll(keepingCapacity: true)
        ahead = nil
        reset()
    }

    func bind(_ index: Int32, _ value: SQLValue) {
        let k = Int(index) - 1
        if values.count <= k { values += Array(repeating: .null, count: k + 1 - values.count) }
        values[k] = value
    }

    func run(_ batch: RowBatch) throws {
        guard batch.rowCount > 0 else { return }
        guard let insertHead else {
            for row in 0..<batch.rowCount {
                for column in 0..<batch.columns { bind(Int32(column + 1), batch.value(row: row, column: column)) }
                try run()
            }
            return
        }
        // PostgreSQL takes at most 65,535 parameters in a statement.
        let perStatement = max(1, min(1000, 65_535 / batch.columns))
        var start = 0
        while start < batch.rowCount {
            let end = min(start + perStatement, batch.rowCount)
            let list = Self.valuesList(batch, rows: start..<end)
            // Its text depends on the batch's size: a small batch (a step's log rows) has one
            // of a few texts, each prepared once; a larger one is parsed for this run only.
            try session.send(insertHead + list.text, list.values, prepared: end - start <= Self.mostRowsPrepared)
            start = end
        }
    }

    /// Sent without waiting in a write's transaction (`PostgresSession.send`).
    func run() throws {
        try session.send(sql, values, prepared: true)
        reset()
    }

    func readAhead() throws {
        ahead = try session.sendAhead(sql, values)
    }

    func next() throws -> Bool {
        if rows == nil {
            if let ticket = ahead {
                ahead = nil
                rows = try session.answer(ahead: ticket)
            }
            if rows == nil { rows = try session.prepared(sql, values) }
            index = -1
        }
        index += 1
        guard let rows, index < rows.rowCount else {
            reset()
            return false
        }
        return true
    }

    func reset() {
        rows = nil
        index = -1
    }

    func text(_ column: Int32) -> String? {
        rows?.text(index, Int(column))
    }

    func int(_ column: Int32) -> Int64? {
        guard let cell = rows?.cell(index, Int(column)) else { return nil }
        var end: UnsafeMutablePointer<CChar>?
        errno = 0
        let int = strtoll(cell, &end, 10)
        if errno == 0, let end, end != UnsafeMutablePointer(mutating: cell), end.pointee == 0 { return int }
        return double(column).flatMap { Int64(exactly: $0) }
    }

    func double(_ column: Int32) -> Double? {
        guard let cell = rows?.cell(index, Int(column)) else { return nil }
        return Double(String(cString: cell))
    }
}
