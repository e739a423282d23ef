/// Rows for one prepared statement, every text in one byte buffer.
///
/// Encoding a card or a log row (dates, JSON lists) is most of the Swift-side cost of an
/// import; in a batch it can be done on a second thread while SQLite inserts the previous
/// batch (`pipelined`), and SQLite binds each text where it lies instead of copying it.
/// Edits use the same encoding with one row, so there is one way a card becomes columns.
struct RowBatch {
    enum Cell {
        case null
        case int(Int64)
        case real(Double)
        /// Bytes `start..<start+count` of `bytes`.
        case text(start: Int, count: Int)
    }

    /// Cells a row has (the statement's parameters, in order).
    let columns: Int
    private(set) var bytes: [UInt8] = []
    private(set) var cells: [Cell] = []

    init(columns: Int, rows: Int = 1) {
        self.columns = columns
        cells.reserveCapacity(columns * rows)
        bytes.reserveCapacity(64 * columns * rows)
    }

    var rowCount: Int { cells.count / columns }

    mutating func int(_ value: Int64?) { cells.append(value.map(Cell.int) ?? .null) }

    mutating func real(_ value: Double?) { cells.append(value.map(Cell.real) ?? .null) }

    mutating func text(_ value: String?) {
        guard var value else { cells.append(.null); return }
        let start = bytes.count
        value.withUTF8 { bytes.append(contentsOf: $0) }
        cells.append(.text(start: start, count: bytes.count - start))
    }

    /// A text written straight into the buffer by `write` (a date, a JSON list); nil when
    /// `present` is false.
    mutating func text(if present: Bool = true, _ write: (inout [UInt8]) -> Void) {
        guard present else { cells.append(.null); return }
        let start = bytes.count
        write(&bytes)
        cells.append(.text(start: start, count: bytes.count - start))
    }
}

extension RowBatch {
    /// One cell as a value (for an engine that does not bind from the buffer in place).
    func value(row: Int, column: Int) -> SQLValue {
        switch cells[row * columns + column] {
        case .null: return .null
        case .int(let v): return .int(v)
        case .real(let v): return .real(v)
        case .text(let start, let count): return .text(String(decoding: bytes[start..<start + count], as: UTF8.self))
        }
    }
}
