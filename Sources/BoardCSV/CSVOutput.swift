import BoardModel
import BoardIO
import BoardTabular

/// RFC 4180 output into an `OutputBuffer`, flushed to a file descriptor in 1 MiB writes (or
/// kept in memory). A field is quoted when it holds the delimiter, a quote, CR or LF, or
/// starts or ends with a space; quotes inside are doubled. With
/// `dialect.neutralisesFormulas`, a text that starts like a formula gets a leading `'`
/// (inside the quotes when it is quoted).
struct CSVOutput {
    private var out: OutputBuffer
    let dialect: CSVDialect
    /// Where dates are formatted before they are appended (the model's formatters write to
    /// an array); kept, so a date costs no allocation.
    private var scratch: [UInt8] = []

    /// Output to `fd`, or to memory when nil.
    init(fd: Int32?, dialect: CSVDialect) {
        out = OutputBuffer(fd: fd ?? -1)
        self.dialect = dialect
        if dialect.byteOrderMark { out.append(CSVDialect.bom) }
    }

    /// What is buffered: for output in memory, the whole CSV.
    var bytes: [UInt8] { out.bytes }

    /// The first write error (`errno`), after which output is dropped.
    var failure: Int32? { out.failure }

    /// Writes a row of cells.
    mutating func row(_ cells: [TabularCell]) {
        for (k, cell) in cells.enumerated() {
            if k > 0 { out.append(dialect.delimiter) }
            self.cell(cell)
        }
        endRow()
    }

    /// Writes a card's row cell by cell, with no array of cells in between.
    mutating func row(of card: Card, in layout: TabularBoardLayout) {
        for k in layout.columns.indices {
            if k > 0 { out.append(dialect.delimiter) }
            cell(layout.cell(column: k, of: card))
        }
        endRow()
    }

    /// Writes a row of strings.
    mutating func row(_ fields: [String]) {
        for (k, f) in fields.enumerated() {
            if k > 0 { out.append(dialect.delimiter) }
            text(f)
        }
        endRow()
    }

    @inline(__always) mutating func appendByte(_ c: UInt8) { out.append(c) }

    /// Whole rows made in another buffer (see `inOrderChunks`).
    mutating func append(rows part: borrowing CSVOutput) {
        out.append(part.out.contents)
        out.flushIfFull()
    }

    mutating func endRow() {
        if dialect.crlf { out.append(0x0D) }
        out.append(0x0A)
        out.flushIfFull()
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
        case .date(let d): formatted { ISO8601.appendDate(d, to: &$0) }
        case .dateTime(let t): formatted { ISO8601.appendLocal(t, to: &$0) }
        case .instant(let i): formatted { ISO8601.appendInstant(i, to: &$0) }
        }
    }

    /// Appends what `format` writes into the scratch array.
    @inline(__always) private mutating func formatted(_ format: (inout [UInt8]) -> Void) {
        scratch.removeAll(keepingCapacity: true)
        format(&scratch)
        out.append(scratch)
    }

    private mutating func ascii(_ s: String) {
        out.append(utf8: s)
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
                if neutralise { out.append(UInt8(ascii: "'")) }
                out.append(u)
                return
            }
            out.append(0x22)
            if neutralise { out.append(UInt8(ascii: "'")) }
            // Runs between quotes go in whole; each quote is written twice.
            var from = 0
            for (i, c) in u.enumerated() where c == 0x22 {
                out.append(UnsafeBufferPointer(rebasing: u[from...i]))
                out.append(0x22)
                from = i + 1
            }
            out.append(UnsafeBufferPointer(rebasing: u[from...]))
            out.append(0x22)
        }
    }

    /// Sends what is buffered to the file.
    mutating func flush() { out.flush() }
}
