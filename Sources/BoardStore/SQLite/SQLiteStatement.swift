import GRDB
import GRDBSQLite

/// A connection of `SQLiteEngine`: GRDB's, inside the transaction the engine opened.
final class SQLiteConnection: SQLConnection {
    let db: Database

    init(_ db: Database) {
        self.db = db
    }

    func statement(_ sql: String) throws -> any SQLStatement {
        try SQLiteStatement(db, sql)
    }

    var isInsideTransaction: Bool { db.isInsideTransaction }

    /// Each statement ran when it was called.
    func waitForAnswers() {}

    /// Each statement ran when it was called.
    func flush() {}

    func tableExists(_ name: String) throws -> Bool {
        try db.tableExists(name)
    }
}

/// A prepared statement driven through SQLite's C API: bind, step, read columns.
///
/// GRDB opens the connection, runs migrations and transactions; this is the one place that
/// talks to `sqlite3_*` directly, for every statement the store runs: the loops over every
/// card and every change (a million of each), where building GRDB's `StatementArguments`
/// and `Row` values per row costs more than SQLite itself, and the dozen small statements a
/// step runs.
struct SQLiteStatement: SQLStatement {
    private let statement: Statement
    private var handle: OpaquePointer { statement.sqliteStatement }

    /// The statement for `sql`, compiled once per connection and reused (reset, bindings
    /// cleared): GRDB checks every compilation with an authorizer, which costs more than
    /// running the small statements a board page's change makes. Two statements of the same
    /// text must not be stepped at once.
    init(_ db: Database, _ sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Binding (indices start at 1, as in SQLite)

    func bind(_ index: Int32, _ value: SQLValue) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .int(let v): sqlite3_bind_int64(handle, index, v)
        case .real(let v): sqlite3_bind_double(handle, index, v)
        case .text(let text): bind(index, text: text)
        }
    }

    private func bind(_ index: Int32, text: String) {
        var text = text
        _ = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                if let start = chars.baseAddress {
                    sqlite3_bind_text(handle, index, start, Int32(chars.count), sqliteTransient)
                } else {
                    // An empty string may have no buffer; '' is still text, not NULL.
                    sqlite3_bind_text(handle, index, "", 0, nil)
                }
            }
        }
    }

    /// Runs the statement once per row of the batch (an INSERT or UPDATE), binding each text
    /// where it lies in the batch's buffer.
    func run(_ batch: RowBatch) throws {
        try batch.bytes.withUnsafeBufferPointer { base in
            var cell = 0
            for _ in 0..<batch.rowCount {
                for column in 1...Int32(batch.columns) {
                    switch batch.cells[cell] {
                    case .null: sqlite3_bind_null(handle, column)
                    case .int(let v): sqlite3_bind_int64(handle, column, v)
                    case .real(let v): sqlite3_bind_double(handle, column, v)
                    case .text(let start, let count):
                        // The batch outlives the step, so SQLite may use the bytes in place.
                        let chars = UnsafeRawPointer(base.baseAddress.map { $0 + start } ?? UnsafePointer(emptyText))
                            .assumingMemoryBound(to: CChar.self)
                        sqlite3_bind_text(handle, column, chars, Int32(count), nil)
                    }
                    cell += 1
                }
                try run()
            }
        }
    }

    /// Runs a statement that returns no rows, then resets it for the next bindings.
    func run() throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
    }

    /// Steps to the next row; false at the end (the statement is then reset).
    func next() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code),
                                message: String(cString: sqlite3_errmsg(sqlite3_db_handle(handle))))
        }
        return false
    }

    func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Columns of the current row (indices start at 0, as in SQLite)

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func int(_ column: Int32) -> Int64? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_int64(handle, column)
    }

    func double(_ column: Int32) -> Double? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
    }
}

/// Where an empty text points when its batch has no bytes at all.
nonisolated(unsafe) private let emptyText = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

/// SQLite copies bound text before `bind` returns (the C macro SQLITE_TRANSIENT).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
