import BoardModel
import BoardIO
import BoardTabular

/// A CSV file's rows on their way to the builder: the header once (from
/// `TabularRowDriver`), then each data row with its place noted for the validator's
/// diagnostics, and a row whose field count is not the header's said and left out.
struct CSVRows: TabularRowSink {
    /// A row offered to the header search, its cells copied out of the parser's buffer.
    struct OfferedRow {
        let cells: [TabularCell]
        let offset: Int
        let line: Int
    }

    let builder: TabularBoardBuilder
    let locator: CSVLocator
    let limiter: DiagnosticLimiter
    /// The file's size in bytes, to estimate the row count once `sampleRows` are read.
    let fileSize: Int
    /// The header's field count (0 until the header is taken).
    private var headerFields = 0
    /// Each data row's place, for the validator's diagnostics.
    private(set) var rowOffsets: [Int] = []
    private(set) var rowLines: [Int32] = []
    /// Field-count errors, as many as the limiter lists.
    private(set) var diagnostics: [Diagnostic] = []

    init(builder: TabularBoardBuilder, locator: CSVLocator, limiter: DiagnosticLimiter, fileSize: Int) {
        self.builder = builder
        self.locator = locator
        self.limiter = limiter
        self.fileSize = fileSize
    }

    func cells(of row: OfferedRow) -> [TabularCell] { row.cells }

    func location(ofHeader row: OfferedRow) -> SourceLocation {
        SourceLocation(file: locator.file, line: row.line, column: 1)
    }

    func location(ofMissingRow number: Int) -> SourceLocation {
        SourceLocation(file: locator.file, line: number)
    }

    mutating func takeHeader(_ row: OfferedRow) -> Bool {
        headerFields = row.cells.count
        return builder.header(row.cells, locate: place(row.offset, row.line))
    }

    mutating func takeRow(_ row: OfferedRow) {
        if fits(fields: row.cells.count, offset: row.offset, line: row.line) {
            builder.row(row.cells, locate: place(row.offset, row.line))
        }
    }

    /// A data row past the header, handed to the builder as the parser's bytes: no string
    /// per cell.
    mutating func takeRow(_ row: CSVRow) {
        if fits(fields: row.count, offset: row.offset, line: row.line) {
            builder.row(row.text, locate: place(row.offset, row.line))
        }
    }

    /// Notes a data row's place; false (after saying so) when its field count is not the
    /// header's.
    private mutating func fits(fields: Int, offset: Int, line: Int) -> Bool {
        rowOffsets.append(offset)
        rowLines.append(Int32(truncatingIfNeeded: line))
        if rowOffsets.count == Self.sampleRows {
            let rows = Self.estimatedRows(fileSize: fileSize, firstRow: rowOffsets[0], sampleEnd: offset)
            builder.reserveCapacity(rows: rows)
            rowOffsets.reserveCapacity(rows)
            rowLines.reserveCapacity(rows)
        }
        guard fields != headerFields else { return true }
        let d = Diagnostic(CSVMessage.fieldCount(found: fields, expected: headerFields),
                           at: place(offset, line)(min(fields, headerFields)))
        if limiter.add(d) { diagnostics.append(d) }
        builder.row([], locate: place(offset, line)) // keeps row numbering; an empty row makes no card
        return false
    }

    private func place(_ offset: Int, _ line: Int) -> (Int) -> SourceLocation {
        { [locator] column in locator.location(rowOffset: offset, line: line, field: column) }
    }

    /// Rows read before the row count is estimated from the file size.
    static let sampleRows = 1024

    /// About how many data rows the file holds, from the bytes the first `sampleRows` took
    /// (1/16 more, so that a little variation does not double the arrays at the end).
    static func estimatedRows(fileSize: Int, firstRow: Int, sampleEnd: Int) -> Int {
        let sampled = sampleEnd - firstRow
        guard sampled > 0 else { return 0 }
        let rows = Double(fileSize - firstRow) / Double(sampled) * Double(sampleRows - 1)
        return Int(min(rows * 17 / 16, 1e9))
    }
}
