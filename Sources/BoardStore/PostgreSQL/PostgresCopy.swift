import CLibPQ

/// Rows into a table through `COPY … FROM STDIN` in its binary form: the rows stream to the
/// server in a few large messages and it reads them in one statement, where an INSERT of
/// the same rows is planned and run chunk by chunk (an import of 100,000 cards is most of a
/// million log rows). Binary rather than text: no number is printed and parsed again, no
/// text escaped and unescaped (measured on a million-card import: the cards' COPY took
/// 4.2–4.7 s, 5.1–6.0 s in the text form; the log's is bound by the server's writes either way).
enum PostgresCopy {
    /// The table and columns of a one-row `INSERT INTO t (a, b) VALUES (?, ?)`: what a COPY
    /// names; nil for any other statement.
    static func target(of sql: String) -> (table: String, columns: [String])? {
        let words = sql.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard words.hasPrefix("INSERT INTO "), let open = words.firstIndex(of: "("),
              let close = words.firstIndex(of: ")"), open < close,
              words[close...].hasPrefix(") VALUES ("),
              words[close...].dropFirst(10).allSatisfy({ $0 == "?" || $0 == "," || $0 == " " || $0 == ")" }) else { return nil }
        let table = words[words.index(words.startIndex, offsetBy: 12)..<open].trimmingCharacters(in: .whitespaces)
        let columns = words[words.index(after: open)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let plain = { (name: String) in !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }
        guard plain(table), columns.allSatisfy(plain) else { return nil }
        return (table, columns)
    }

    /// Runs one COPY on `connection` with what `produce` sends through its feed (the rows in
    /// the binary form, `append`), batch by batch as they are made, so a large import is never
    /// held whole in memory. A `produce` that throws fails the copy (nothing of it stays) and
    /// its error is thrown; `check` reads libpq's results as the session does.
    static func run(on connection: OpaquePointer, into table: String, columns: [String],
                    check: (OpaquePointer?) throws -> PostgresResult, _ produce: (Feed) throws -> Void) throws {
        let names = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        _ = try check(PQexec(connection, "COPY \"\(table)\" (\(names)) FROM STDIN (FORMAT binary)"))
        let feed = Feed(connection)
        var failure: (any Error)?
        do {
            try feed.send(header)
            try produce(feed)
            try feed.send(trailer)
        } catch {
            failure = error
        }
        // Ending the copy with a message of its own makes the server fail it: nothing stays.
        if PQputCopyEnd(connection, failure == nil ? nil : "the rows could not be made") != 1 {
            failure = failure ?? PostgresFailure(.connection, String(cString: PQerrorMessage(connection)))
        }
        // The copy's outcome, then the end of its results (libpq gives them until nil).
        var outcome: (any Error)?
        while let result = PQgetResult(connection) {
            do { _ = try check(result) } catch { outcome = outcome ?? error }
        }
        if let failure { throw failure }
        if let outcome { throw outcome }
    }

    /// What a producer sends the copy's rows through.
    struct Feed {
        fileprivate let connection: OpaquePointer

        fileprivate init(_ connection: OpaquePointer) {
            self.connection = connection
        }

        /// Sends one batch of rows (waiting while the connection's buffer is full); throws
        /// when the connection is lost.
        func send(_ batch: [UInt8]) throws {
            let sent = batch.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { PQputCopyData(connection, $0.baseAddress, Int32($0.count)) }
            }
            guard sent == 1 else { throw PostgresFailure(.connection, String(cString: PQerrorMessage(connection))) }
        }
    }

    /// What a binary COPY's rows begin with: its signature, flags and header extension (none).
    static let header: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00] + [0, 0, 0, 0] + [0, 0, 0, 0]
    /// What ends them: a row of -1 fields.
    static let trailer: [UInt8] = [0xFF, 0xFF]

    /// The rows of `batch` as COPY's binary form has them: each row its number of fields,
    /// each field its length (-1: NULL) and its bytes, big-endian: an integer as PostgreSQL's
    /// `bigint`, a real as its `double precision`, a text as its UTF-8 bytes, unescaped. (The
    /// store's columns are those types: `PostgresDialect.schema`.)
    static func append(_ batch: RowBatch, to out: inout [UInt8]) {
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) }
        }
        batch.bytes.withUnsafeBufferPointer { bytes in
            for (k, cell) in batch.cells.enumerated() {
                if k % batch.columns == 0 { append(Int16(batch.columns)) }
                switch cell {
                case .null:
                    append(Int32(-1))
                case .int(let v):
                    append(Int32(8))
                    append(v)
                case .real(let v):
                    append(Int32(8))
                    append(v.bitPattern)
                case .text(let start, let count):
                    append(Int32(count))
                    out.append(contentsOf: bytes[start..<start + count])
                }
            }
        }
    }
}
