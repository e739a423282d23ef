#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel
import BoardTabular

/// RFC 4180 output into a byte buffer, flushed to a file descriptor in 1 MiB writes (or kept
/// in memory). A field is quoted when it holds the delimiter, a quote, CR or LF, or starts or
/// ends with a space; quotes inside are doubled. With `dialect.neutralisesFormulas`, a text
/// that starts like a formula gets a leading `'` (inside the quotes when it is quoted).
struct CSVOutput {
    private(set) var bytes: [UInt8] = []
    private let fd: Int32?
    let dialect: CSVDialect
    private(set) var failure: Int32?
    private static let flushAt = 1 << 20

    /// Output to `fd`, or to memory when nil.
    init(fd: Int32?, dialect: CSVDialect) {
        self.fd = fd
        self.dialect = dialect
        bytes.reserveCapacity(Self.flushAt + 65_536)
        if dialect.byteOrderMark { bytes += CSVDialect.bom }
    }

    /// Writes a row of cells.
    mutating func row(_ cells: [TabularCell]) {
        for (k, cell) in cells.enumerated() {
            if k > 0 { bytes.append(dialect.delimiter) }
            self.cell(cell)
        }
        endRow()
    }

    /// Writes a card's row cell by cell, with no array of cells in between.
    mutating func row(of card: Card, in layout: TabularBoardLayout) {
        for k in layout.columns.indices {
            if k > 0 { bytes.append(dialect.delimiter) }
            cell(layout.cell(column: k, of: card))
        }
        endRow()
    }

    /// Writes a row of strings.
    mutating func row(_ fields: [String]) {
        for (k, f) in fields.enumerated() {
            if k > 0 { bytes.append(dialect.delimiter) }
            text(f)
        }
        endRow()
    }

    @inline(__always) mutating func appendByte(_ c: UInt8) { bytes.append(c) }

    /// Whole rows made in another buffer (see `inOrderChunks`).
    mutating func append(rows: [UInt8]) {
        bytes.append(contentsOf: rows)
        if bytes.count >= Self.flushAt { flush() }
    }

    mutating func endRow() {
        if dialect.crlf { bytes.append(0x0D) }
        bytes.append(0x0A)
        if bytes.count >= Self.flushAt { flush() }
    }

    /// One cell, unquoted where RFC 4180 allows: dates and numbers never need quotes. Numbers
    /// (a position of -3) are never neutralised: boardkit writes them from a number, so they
    /// are only digits, a sign and a point, which a spreadsheet reads as that number.
    @inline(__always) mutating func cell(_ cell: TabularCell) {
        switch cell {
        case .empty: break
        case .text(let s): text(s)
        case .number(let d):
            if d.isFinite { ascii(TabularCell.numberText(d)) } else { text(String(d)) }
        case .bool(let b): ascii(b ? "true" : "false")
        case .date(let d): ISO8601.appendDate(d, to: &bytes)
        case .dateTime(let t): ISO8601.appendLocal(t, to: &bytes)
        case .instant(let i): ISO8601.appendInstant(i, to: &bytes)
        }
    }

    private mutating func ascii(_ s: String) {
        bytes.append(contentsOf: s.utf8)
    }

    /// A text field, quoted when it must be.
    mutating func text(_ s: String) {
        var s = s
        s.withUTF8 { u in
            guard let first = u.first, let last = u.last else { return }
            let neutralise = dialect.neutralisesFormulas && CSVDialect.startsFormula(first)
            var quote = first == 0x20 || last == 0x20
            if !quote {
                let d = dialect.delimiter
                for c in u where c == d || c == 0x22 || c == 0x0A || c == 0x0D {
                    quote = true
                    break
                }
            }
            guard quote else {
                if neutralise { bytes.append(UInt8(ascii: "'")) }
                bytes.append(contentsOf: u)
                return
            }
            bytes.append(0x22)
            if neutralise { bytes.append(UInt8(ascii: "'")) }
            // Runs between quotes go in whole; each quote is written twice.
            var from = 0
            for (i, c) in u.enumerated() where c == 0x22 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[from...i]))
                bytes.append(0x22)
                from = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[from...]))
            bytes.append(0x22)
        }
    }

    /// Sends what is buffered to the file.
    mutating func flush() {
        guard let fd, failure == nil, !bytes.isEmpty else { return }
        var done = 0
        bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                done += n
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
