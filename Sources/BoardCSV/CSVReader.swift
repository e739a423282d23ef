import BoardModel
import BoardIO
import BoardTabular

/// Reads a CSV file into a board: libcsv parses (streaming, one pass), BoardTabular maps the
/// columns (the same mapping layer XLSX uses), and an optional events sidecar
/// (`--events FILE`) brings back the history and the board's catalogue.
///
/// Dialects are sniffed: `,` `;` or tab, a UTF-8 byte-order mark, CRLF or LF, quoted fields
/// with newlines, blank lines anywhere. `--encoding` converts a legacy file through iconv
/// first. Every problem is a diagnostic at `file:line:col`; a file with errors gives no board.
public struct CSVReader: SniffingReader {
    /// At most this many diagnostics of one code are listed; the rest are counted.
    static let listLimit = 50

    public init() {}

    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        let file = input.displayName
        let text: MappedText
        switch CSVInput.load(path: input.path, file: file, encoding: options.encoding) {
        case .success(let t): text = t
        case .failure(let d): return .failed([d], file: file)
        }
        return read(text, file: file, options: options)
    }

    /// Reads CSV held in memory (tests, the server); `file` names it in diagnostics.
    public func read(bytes: [UInt8], file: String = "-", options: ReaderOptions = ReaderOptions()) -> ReadResult {
        if let encoding = options.encoding, !CSVInput.isUTF8(encoding) {
            switch Iconv.convert(bytes, from: encoding, to: "UTF-8") {
            case .success(let u): return read(MappedText(copying: u), file: file, options: options)
            case .failure: return .failed([Diagnostic(CSVMessage.cannotConvert(from: encoding), at: SourceLocation(file: file))], file: file)
            }
        }
        if let bad = CSVInput.firstInvalidUTF8(bytes) {
            let (l, c) = MappedText.lineColumn(of: bad, in: bytes)
            return .failed([Diagnostic(CSVMessage.invalidUTF8(byte: bytes[bad], hint: false),
                                       at: SourceLocation(file: file, line: l, column: c))], file: file)
        }
        return read(MappedText(copying: bytes), file: file, options: options)
    }

    private func read(_ text: MappedText, file: String, options: ReaderOptions) -> ReadResult {
        var diagnostics: [Diagnostic] = []
        var sidecar: EventsSidecar.Contents?
        if let path = options.eventsPath {
            let (contents, found) = EventsSidecar.read(path: path, file: path, options: options)
            diagnostics += found
            if found.hasErrors { return .failed(diagnostics, file: file) }
            sidecar = contents
        }
        let dialect = CSVDialect.sniff(text.bytes)
        let locator = CSVLocator(text: text, file: file, delimiter: dialect.delimiter)
        let catalogue = sidecar.map { $0.catalogue }
        let builder = TabularBoardBuilder(options: options, catalogue: catalogue, file: file)
        let limiter = DiagnosticLimiter(limit: Self.listLimit, file: file)

        // Each data row's place, for the validator's diagnostics.
        var rowOffsets: [Int] = []
        var rowLines: [Int32] = []
        var header = HeaderState.searching
        var search = HeaderRowSearch<OfferedRow>(chosen: options.headerRow, likeness: builder.headerLikeness)
        func place(_ offset: Int, _ line: Int) -> (Int) -> SourceLocation {
            { column in locator.location(rowOffset: offset, line: line, field: column) }
        }
        /// Takes what the search found; false when the rows cannot become cards.
        func take(_ outcome: HeaderRowSearch<OfferedRow>.Outcome) -> Bool {
            switch outcome {
            case .undecided: return true
            case .missing(let n):
                header = .failed
                builder.headerRowMissing(n, at: SourceLocation(file: file, line: n))
                return false
            case .found(let row, let number, let passed, let firstPassed, let below):
                header = .read(fields: row.cells.count)
                builder.headerFound(atRow: number, passed: passed, firstPassed: firstPassed?.cells,
                                    at: SourceLocation(file: file, line: row.line, column: 1))
                guard builder.header(row.cells, locate: place(row.offset, row.line)) else { return false }
                for r in below where fits(fields: r.cells.count, offset: r.offset, line: r.line) {
                    builder.row(r.cells, locate: place(r.offset, r.line))
                }
                return true
            }
        }
        /// Notes a data row's place; false (after saying so) when its field count is not the
        /// header's.
        func fits(fields: Int, offset: Int, line: Int) -> Bool {
            guard case .read(let headerFields) = header else { return false }
            rowOffsets.append(offset)
            rowLines.append(Int32(truncatingIfNeeded: line))
            if rowOffsets.count == Self.sampleRows {
                let rows = Self.estimatedRows(fileSize: text.bytes.count, firstRow: rowOffsets[0], sampleEnd: offset)
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
        let parser = CSVParser(delimiter: dialect.delimiter)
        var released = 0
        let outcome = parser.parse(text.bytes, from: dialect.byteOrderMark ? 3 : 0,
                                   passed: { released = text.release(from: released, upTo: $0) }) { row in
            if row.isBlank { return true }
            if case .searching = header {
                let cells = row.text.cells
                if cells.allSatisfy(\.isEmpty) { return true }
                return take(search.offer(OfferedRow(cells: cells, offset: row.offset, line: row.line),
                                         number: row.line, cells: cells))
            }
            // Data rows go to the builder as bytes: no string per cell.
            if fits(fields: row.count, offset: row.offset, line: row.line) {
                builder.row(row.text, locate: place(row.offset, row.line))
            }
            return true
        }
        if case .searching = header, case .success = outcome, let last = search.end() { _ = take(last) }
        switch outcome {
        case .success: break
        case .failure(.strayQuote(let offset)):
            diagnostics.append(Diagnostic(CSVMessage.strayQuote, at: locator.location(ofByte: offset)))
        case .failure(.unterminatedQuote(let offset, let line)):
            diagnostics.append(Diagnostic(CSVMessage.unterminatedQuote, at: locator.location(rowOffset: offset, line: line, field: nil)))
        case .failure(.outOfMemory):
            diagnostics.append(Diagnostic(CSVMessage.outOfMemory, at: SourceLocation(file: file)))
        }
        // A file the parser stopped in has its reason already; it is not also "empty".
        if case .searching = header, case .success = outcome {
            diagnostics.append(Diagnostic(CSVMessage.emptyFile, at: SourceLocation(file: file, line: 1, column: 1)))
        }
        diagnostics += limiter.closingLines()
        var built = builder.finish()
        diagnostics = built.diagnostics.limited(Self.listLimit, file: file) + diagnostics
        guard !diagnostics.hasErrors, var board = built.board else {
            return .failed(diagnostics, file: file)
        }
        if let sidecar {
            board.events = sidecar.events
            Self.resolveEventStates(&board)
        }
        built.board = nil
        let cardRows = built.cardRows
        let offsets = rowOffsets, lines = rowLines
        let eventLines = sidecar?.eventLines ?? [], stateLines = sidecar?.stateLines ?? []
        let eventsFile = options.eventsPath ?? file
        let map = TabularSourceMap(
            cardRows: cardRows, columnOfField: built.columnOfField,
            locate: { row, column in
                guard row < offsets.count else { return SourceLocation(file: file) }
                return locator.location(rowOffset: offsets[row], line: Int(lines[row]), field: column)
            },
            other: { path in
                switch path {
                case .event(let i, _) where i < eventLines.count:
                    return SourceLocation(file: eventsFile, line: Int(eventLines[i]), path: path.description)
                case .state(let i, _) where i < stateLines.count:
                    return SourceLocation(file: eventsFile, line: Int(stateLines[i]), path: path.description)
                default:
                    return SourceLocation(file: file, path: path.description)
                }
            })
        return ReadResult(board: board, diagnostics: diagnostics, sourceMap: map)
    }

    /// Where the reader is with the header row.
    private enum HeaderState {
        case searching
        case read(fields: Int)
        case failed
    }

    /// A row offered to the header search, its cells copied out of the parser's buffer.
    private struct OfferedRow {
        let cells: [TabularCell]
        let offset: Int
        let line: Int
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

    /// An events-only sidecar may name states as the CSV does (by name): turn those into ids.
    static func resolveEventStates(_ board: inout Board) {
        let ids = Set(board.states.map(\.id))
        var byName: [String: String] = [:]
        for s in board.states where byName[s.name] == nil { byName[s.name] = s.id }
        for k in board.events.indices {
            if let f = board.events[k].from, !ids.contains(f), let id = byName[f] { board.events[k].from = id }
            if let t = board.events[k].to, !ids.contains(t), let id = byName[t] { board.events[k].to = id }
        }
    }

    /// A CSV whose first line splits into several fields and names a title column the way
    /// boardkit's mapping or a preset reads it.
    public func recognizes(head: [UInt8]) -> Bool {
        guard let first = head.first(where: { $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }),
              first != UInt8(ascii: "{"), first != UInt8(ascii: "["), first != UInt8(ascii: "<"),
              !head.starts(with: Array("BEGIN:".utf8)), !head.starts(with: [0x50, 0x4B]) else { return false }
        guard CSVInput.firstInvalidUTF8(Array(head.prefix(4096).dropLast(4))) == nil else { return false }
        let dialect = head.withUnsafeBufferPointer { CSVDialect.sniff($0) }
        let end = head.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? head.count
        let line = String(decoding: head[(dialect.byteOrderMark ? 3 : 0)..<end], as: UTF8.self)
        let names = line.split(separator: Character(Unicode.Scalar(dialect.delimiter)))
            .map { $0.trimmingCharacters(in: ["\"", " "]) }
        guard names.count >= 2 else { return false }
        let mapping = MappingLibrary.detect(header: names)
        return names.contains { mapping.attribute(forHeader: $0) == .title }
    }
}
