import BoardModel
import BoardTabular
import BoardIO

/// Writes a board as CSV: one row per card in BoardTabular's layout (canonical, or a tool's
/// import layout with `--mapping`), RFC 4180 quoting, comma-separated unless
/// `WriterOptions.delimiter` says otherwise, LF line ends (with `--excel`: CRLF, a byte-order
/// mark, and texts that start like formulas neutralised with a leading `'`). History and the
/// board's catalogue go to the events sidecar when `--events FILE` is given; without it, a
/// warning counts what was left behind.
public struct CSVWriter: BoardWriter {
    public init() {}

    public func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult {
        var diagnostics: [Diagnostic] = []
        var mapping: ColumnMapping?
        if let name = options.mapping {
            switch MappingFile.resolve(name) {
            case .success(let m): mapping = m
            case .failure(let d): return .failed([d])
            }
        }
        let legacy = options.encoding.map { !CSVInput.isUTF8($0) } ?? false
        var layout: TabularBoardLayout?
        var refused: Diagnostic?
        diagnostics += OutputFile.write(to: path) { fd in
            // A legacy encoding is converted in one piece at the end; UTF-8 streams out.
            var out = CSVOutput(fd: legacy ? nil : fd, dialect: Self.dialect(options))
            layout = encode(board, mapping: mapping, into: &out)
            guard legacy, let encoding = options.encoding else {
                out.flush()
                return ([], out.failure)
            }
            switch Iconv.convert(out.bytes, from: "UTF-8", to: encoding) {
            case .success(let converted):
                var o = CSVOutput(fd: fd, dialect: CSVDialect())
                o.appendBytes(converted)
                o.flush()
                return ([], o.failure)
            case .failure(.unknownEncoding):
                refused = Diagnostic(CSVMessage.unknownOutputEncoding(encoding), at: SourceLocation(file: path))
            case .failure(.invalidInput):
                refused = Diagnostic(CSVMessage.cannotHold(encoding: encoding), at: SourceLocation(file: path))
            }
            return ([], nil)
        }
        if let refused { return .failed([refused]) }
        guard let layout else { return .failed(diagnostics) }
        diagnostics += layout.lossDiagnostics(for: board, file: path)
        // A row per card; the states and the history only in the sidecar.
        guard let events = options.eventsPath else {
            return WriteResult(written: [Counted(board.cards.count, "card")],
                               diagnostics: diagnostics + Self.sidecarLoss(board, layout: layout, file: path))
        }
        diagnostics += EventsSidecar.write(board, to: events, dialect: Self.dialect(options))
        return WriteResult(written: board.countedWhole, diagnostics: diagnostics)
    }

    /// The CSV of `board` in memory (tests, the server).
    public func encode(_ board: Board, options: WriterOptions = WriterOptions()) -> [UInt8] {
        let mapping = options.mapping.flatMap { try? MappingFile.resolve($0).get() }
        var out = CSVOutput(fd: nil, dialect: Self.dialect(options))
        encode(board, mapping: mapping, into: &out)
        return out.bytes
    }

    /// The events sidecar of `board` in memory.
    public func encodeEvents(_ board: Board, options: WriterOptions = WriterOptions()) -> [UInt8] {
        var out = CSVOutput(fd: nil, dialect: Self.dialect(options))
        EventsSidecar.encode(board, into: &out)
        return out.bytes
    }

    /// The dialect of the CSV and of its sidecar, which follows the same delimiter. Plain CSV
    /// keeps every text as it is; CSV for a spreadsheet must not let a cell run as a formula.
    static func dialect(_ options: WriterOptions) -> CSVDialect {
        CSVDialect(delimiter: options.delimiter ?? UInt8(ascii: ","), byteOrderMark: options.excel,
                   crlf: options.excel, neutralisesFormulas: options.excel)
    }

    @discardableResult
    private func encode(_ board: Board, mapping: ColumnMapping?, into out: inout CSVOutput) -> TabularBoardLayout {
        let layout = TabularBoardLayout(board: board, mapping: mapping)
        out.row(layout.header)
        var cells: [TabularCell] = []
        cells.reserveCapacity(layout.columns.count)
        if layout.writesSections {
            for row in layout.rows(of: board) {
                switch row {
                case .section(let name): out.row(layout.sectionCells(name))
                case .card(let k):
                    layout.cells(of: board.cards[k], into: &cells)
                    out.row(cells)
                }
            }
        } else {
            // Rows are made on every core, a chunk of cards each, into buffers of their own.
            // Cards are read in place: `for card in board.cards` copied each one (retaining
            // and releasing all its strings), a tenth of the writer's time.
            var rows = out.dialect
            rows.byteOrderMark = false
            board.cards.withUnsafeBufferPointer { cards in
                inOrderChunks(count: cards.count, make: { range in
                    var part = CSVOutput(fd: nil, dialect: rows)
                    for k in range { part.row(of: cards[k], in: layout) }
                    return part
                }, take: { out.append(rows: $0) })
            }
        }
        return layout
    }

    /// Without a sidecar: the events, and whatever of the board's catalogue reading the CSV
    /// back by state names would not recover.
    static func sidecarLoss(_ board: Board, layout: TabularBoardLayout, file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let at = SourceLocation(file: file)
        if !board.events.isEmpty {
            out.append(Diagnostic(CSVMessage.eventsNotWritten(events: board.events.count, changes: board.fieldChangeCount), at: at))
        }
        // A tool's layout may hold some of it (Jira's `Comment` and `Parent id` columns).
        let tally = layout.conversationLeft(board)
        if !tally.isEmpty { out.append(Diagnostic(CSVMessage.conversationNotWritten(tally), at: at)) }
        var lost: [CSVMessage.BoardPart] = []
        let blank = Board()
        if board.id != blank.id { lost.append(.id(board.id)) }
        if board.name != blank.name { lost.append(.name) }
        if board.timeZone != blank.timeZone { lost.append(.timeZone(board.timeZone)) }
        if !board.metadata.isEmpty { lost.append(.metadata(board.metadata.count)) }
        if !board.extras.isEmpty { lost.append(.unknownKeys(board.extras.count)) }
        let rebuilt = statesByName(board, layout: layout)
        if board.states != rebuilt {
            // A name read back otherwise (spaces around it trimmed, or the id written for a
            // name two states share) is said too.
            let renamed = board.cards.contains { c in
                guard let s = board.state(withID: c.state), let text = layout.stateCellText(c.state) else { return false }
                return trimmed(text) != s.name
            }
            lost.append(.states(board.states.count, renamed: renamed))
        }
        if !lost.isEmpty {
            out.append(Diagnostic(CSVMessage.boardNotWritten(lost), at: at))
        }
        return out
    }

    /// The states a reader rebuilds from the state cells cards have (trimmed, as the reader
    /// takes them), in first-seen order.
    static func statesByName(_ board: Board, layout: TabularBoardLayout) -> [BoardState] {
        var seen: Set<String> = []
        var out: [BoardState] = []
        for c in board.cards where seen.insert(c.state).inserted {
            guard board.state(withID: c.state) != nil, let text = layout.stateCellText(c.state) else { continue }
            let name = trimmed(text)
            out.append(BoardState(id: StableID.slug(name), name: name, category: StateCategoryWords.guess(name)))
        }
        return out.isEmpty ? BoardState.defaults : out
    }
}

/// A cell without the spaces and tabs around it, as the reader takes a state cell.
private func trimmed(_ s: String) -> String {
    String(s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
}

extension CSVOutput {
    mutating func appendBytes(_ b: [UInt8]) { for c in b { appendByte(c) } }
}
