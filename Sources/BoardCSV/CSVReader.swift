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
        var rows = CSVRows(builder: TabularBoardBuilder(options: options, catalogue: sidecar.map { $0.catalogue }, file: file),
                           locator: locator, limiter: DiagnosticLimiter(limit: Self.listLimit, file: file),
                           fileSize: text.bytes.count)
        var driver = TabularRowDriver(for: rows)
        let parser = CSVParser(delimiter: dialect.delimiter)
        var released = 0
        let outcome = parser.parse(text.bytes, from: dialect.byteOrderMark ? 3 : 0,
                                   passed: { released = text.release(from: released, upTo: $0) }) { row in
            if row.isBlank { return true }
            switch driver.state {
            case .readingRows:
                rows.takeRow(row)
                return true
            case .refused:
                return false
            case .searchingHeader:
                let cells = row.text.cells
                if cells.allSatisfy(\.isEmpty) { return true }
                driver.offer(CSVRows.OfferedRow(cells: cells, offset: row.offset, line: row.line), number: row.line, to: &rows)
                return driver.state != .refused
            }
        }
        if case .success = outcome { driver.end(sink: &rows) }
        diagnostics += rows.diagnostics
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
        if driver.state == .searchingHeader, case .success = outcome {
            diagnostics.append(Diagnostic(CSVMessage.emptyFile, at: SourceLocation(file: file, line: 1, column: 1)))
        }
        diagnostics += rows.limiter.closingLines()
        var built = rows.builder.finish()
        diagnostics = built.diagnostics.limited(Self.listLimit, file: file) + diagnostics
        guard !diagnostics.hasErrors, var board = built.board else {
            return .failed(diagnostics, file: file)
        }
        if let sidecar {
            board.events = sidecar.events
            Self.resolveEventStates(&board)
            diagnostics += SidecarConversation.apply(sidecar.conversation, to: &board, file: options.eventsPath ?? file)
            if diagnostics.hasErrors { return .failed(diagnostics, file: file) }
        }
        built.board = nil
        let cardRows = built.cardRows
        let offsets = rows.rowOffsets, lines = rows.rowLines
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
