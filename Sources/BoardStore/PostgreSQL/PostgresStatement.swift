import NIOCore
import PostgresNIO

/// A statement of `PostgresEngine`: bindings gathered, then sent with the query when it runs
/// or is first stepped; the rows come back whole and are walked here.
final class PostgresStatement: SQLStatement {
    private let session: PostgresSession
    /// The statement as PostgreSQL takes it (`PostgresDialect.statement`).
    private let sql: String
    /// For an `INSERT … VALUES (…)` of one row: the text before its values, so that a batch
    /// goes as many rows per statement (a million-card import is not a million round trips).
    private let insertHead: String?
    private var values: [SQLValue] = []
    private var rows: [PostgresRow]?
    private var index = -1
    private var cells: [PostgresCell] = []

    init(_ sql: String, session: PostgresSession) {
        self.session = session
        self.sql = PostgresDialect.statement(sql)
        let trimmed = sql.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("INSERT"), trimmed.hasSuffix(")"), let values = trimmed.range(of: "VALUES (", options: .backwards),
           trimmed[values.upperBound...].allSatisfy({ $0 == "?" || $0 == "," || $0 == " " || $0 == ")" }) {
            insertHead = String(trimmed[..<values.lowerBound]) + "VALUES "
        } else {
            insertHead = nil
        }
    }

    /// Ready for new bindings (a statement is reused from the connection's cache).
    func clear() {
        values.removeAll(keepingCapacity: true)
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
            var text = insertHead
            var bindings = PostgresBindings(capacity: (end - start) * batch.columns)
            var parameter = 1
            for row in start..<end {
                text += row == start ? "(" : ", ("
                for column in 0..<batch.columns {
                    text += column == 0 ? "$\(parameter)" : ", $\(parameter)"
                    parameter += 1
                    Self.append(batch.value(row: row, column: column), to: &bindings)
                }
                text += ")"
            }
            _ = try session.query(text, bindings)
            start = end
        }
    }

    func run() throws {
        _ = try session.query(sql, bindings())
        reset()
    }

    func next() throws -> Bool {
        if rows == nil {
            rows = try session.query(sql, bindings())
            index = -1
        }
        index += 1
        guard let rows, index < rows.count else {
            reset()
            return false
        }
        cells = Array(rows[index])
        return true
    }

    func reset() {
        rows = nil
        index = -1
        cells = []
    }

    func text(_ column: Int32) -> String? {
        guard let cell = cell(column) else { return nil }
        if let text = try? cell.decode(String.self) { return text }
        if let int = try? cell.decode(Int64.self) { return String(int) }
        return (try? cell.decode(Double.self)).map { String($0) }
    }

    func int(_ column: Int32) -> Int64? {
        guard let cell = cell(column) else { return nil }
        if let int = try? cell.decode(Int64.self) { return int }
        if let text = try? cell.decode(String.self) { return Int64(text) }
        return (try? cell.decode(Double.self)).flatMap { Int64(exactly: $0) }
    }

    func double(_ column: Int32) -> Double? {
        guard let cell = cell(column) else { return nil }
        if let double = try? cell.decode(Double.self) { return double }
        if let int = try? cell.decode(Int64.self) { return Double(int) }
        return (try? cell.decode(String.self)).flatMap { Double($0) }
    }

    /// The current row's cell, nil when it is NULL.
    private func cell(_ column: Int32) -> PostgresCell? {
        let k = Int(column)
        guard k >= 0, k < cells.count, cells[k].bytes != nil else { return nil }
        return cells[k]
    }

    private func bindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { Self.append(value, to: &bindings) }
        return bindings
    }

    private static func append(_ value: SQLValue, to bindings: inout PostgresBindings) {
        switch value {
        case .null: bindings.appendNull()
        case .int(let v): bindings.append(v)
        case .real(let v): bindings.append(v)
        case .text(let v): bindings.append(v)
        }
    }
}
