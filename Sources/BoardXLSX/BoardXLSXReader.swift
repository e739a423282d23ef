import BoardModel
import BoardTabular
import BoardIO

/// Reads a workbook into a board.
///
/// - boardkit's own workbook (a Board sheet saying `format = boardkit/1`): the Cards sheet
///   through the tabular mapping plus the hidden exact columns, History, the conversation
///   sheets (Comments, Checklists, Attachments, Links), States, Board and Overflow: the
///   board that was written, also after a person edited it.
/// - Any other workbook: the first sheet, or `--sheet NAME`, through the same column mapping
///   and presets as CSV (`--mapping`).
///
/// Never throws or traps: a file that is no workbook, broken XML, a missing sheet are
/// diagnostics with the cell (`Cards!C7`) where there is one.
public struct BoardXLSXReader: SniffingReader {
    public init() {}

    /// A zip (`PK\3\4`) whose first entries include a spreadsheet part (`xl/`).
    public func recognizes(head: [UInt8]) -> Bool {
        guard head.count >= 4, head[0] == 0x50, head[1] == 0x4B, head[2] == 0x03, head[3] == 0x04 else { return false }
        return head.withUnsafeBufferPointer { XMLBytes.find(Array("xl/".utf8), $0, from: 0, end: $0.count) != nil }
    }

    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        let file = input.displayName
        let source: WorkbookSource
        switch WorkbookSource.open(input) {
        case .success(let s): source = s
        case .failure(let d): return .failed([d], file: file)
        }
        let tally = DiagnosticLimiter(file: file)
        let index = source.index
        let boardSheet = index.sheet(named: WorkbookSchema.board)
        let wantsCards = options.sheet == nil || options.sheet == WorkbookSchema.cards
        var boardRows: [(row: Int, cells: [TabularCell])] = []
        if wantsCards, let boardSheet, index.sheet(named: WorkbookSchema.cards) != nil {
            boardRows = source.table(boardSheet, tally: tally)
        }
        if !boardRows.isEmpty, CatalogueSheetsReader.isBoardkit(boardRows) {
            return readOwn(source, boardRows: boardRows, options: options, tally: tally)
        }
        return readTable(source, options: options, tally: tally)
    }

    /// Any workbook: one sheet of cards.
    private func readTable(_ source: WorkbookSource, options: ReaderOptions, tally: DiagnosticLimiter) -> ReadResult {

        let file = source.file
        let sheet: WorkbookIndex.Sheet
        if let name = options.sheet {
            guard let s = source.index.sheet(named: name) else { return .failed(tally.finished() + [source.missing(name)], file: file) }
            guard s.kind == .worksheet else { return .failed(tally.finished() + [source.notWorksheet(s)], file: file) }
            sheet = s
        } else {
            sheet = source.index.firstWorksheet
        }
        let reader = CardsSheetReader(source: source, options: options, mapping: nil, catalogue: nil,
                                      overflow: OverflowTexts(), ownWorkbook: false)
        guard let out = reader.read(parts: [sheet], tally: tally) else {
            return .failed(tally.finished(), file: file)
        }
        let diagnostics = tally.finished() + out.built.diagnostics
        return ReadResult(board: out.built.board, diagnostics: diagnostics, sourceMap: sourceMap(out, source, eventRows: [], eventParts: []))
    }

    /// boardkit's workbook: all its sheets.
    private func readOwn(_ source: WorkbookSource, boardRows: [(row: Int, cells: [TabularCell])],
                         options: ReaderOptions, tally: DiagnosticLimiter) -> ReadResult {

        let file = source.file
        let index = source.index
        var overflow = OverflowTexts()
        if let o = index.sheet(named: WorkbookSchema.overflow) {
            overflow = OverflowTexts(rows: source.table(o, tally: tally))
        }
        let catalogueReader = CatalogueSheetsReader(source: source, overflow: overflow)
        var catalogue = BoardCatalogue()
        catalogueReader.board(boardRows, into: &catalogue)
        if let s = index.sheet(named: WorkbookSchema.states) {
            catalogue.states = catalogueReader.states(source.table(s, tally: tally), tally: tally)
        }
        func parts(_ base: String) -> [WorkbookIndex.Sheet] {
            index.sheets.compactMap { s in WorkbookSchema.part(of: s.name, base: base).map { ($0, s) } }
                .sorted { $0.0 < $1.0 }.map(\.1)
        }
        let mapping: ColumnMapping? = options.mapping == nil ? .boardkit : nil
        let cards = CardsSheetReader(source: source, options: options, mapping: mapping, catalogue: catalogue,
                                     overflow: overflow, ownWorkbook: true)
        // The board's zone as the Cards builder settles it (`--timezone` first).
        let zone = Zone.named(options.timeZone ?? catalogue.timeZone ?? "UTC") ?? .utc
        let cardParts = parts(WorkbookSchema.cards), historyParts = parts(WorkbookSchema.history)

        // Cards and History do not depend on each other: read at once (`runAtOnce`), History
        // through its own handle on the package and into its own tally (reported after the
        // cards').
        // From/to state names map to the States sheet's ids here, to the final states after.
        let catalogueStateIDs = Self.stateIDs(catalogue.states)
        let historyReader = source.reopened().map { own in
            HistorySheetReader(source: own, zone: zone, overflow: overflow, stateIDs: catalogueStateIDs)
        }
        let historyTally = DiagnosticLimiter(file: file)
        var read: CardsSheetReader.Output?
        var history: (events: [Event], rows: [HistorySheetReader.Origin]) = ([], [])
        runAtOnce([
            { read = cards.read(parts: cardParts, tally: tally) },
            { if let historyReader { history = historyReader.read(parts: historyParts, tally: historyTally) } },
        ])
        if historyReader == nil {
            tally.add(Diagnostic(XLSXMessage.cannotReopen, at: SourceLocation(file: file)))
        }
        tally.absorb(historyTally)
        guard let out = read, var board = out.built.board else {
            // The Cards builder says why it made no board (no title column…): keep its words.
            return .failed(tally.finished() + (read?.built.diagnostics ?? []), file: file)
        }
        var (events, eventRows) = history
        history = ([], [])   // so that the changes below happen in place, not on a copy
        let stateIDs = Self.stateIDs(board.states)
        if stateIDs != catalogueStateIDs {
            // The Cards sheet named states the States sheet lacks: history rows may name them too.
            for k in events.indices {
                events[k].from = events[k].from.map { stateIDs[$0] ?? $0 }
                events[k].to = events[k].to.map { stateIDs[$0] ?? $0 }
            }
        }
        // Events of cards a person deleted from the Cards sheet go with them, counted.
        if let orphans = Self.leaveOutOrphans(&events, &eventRows, cards: board.cards, file: file) { tally.add(orphans) }
        board.events = events
        // The cards' conversation, where the workbook has its sheets (one written before has none).
        let talk = ConversationSheetReader(source: source, zone: zone, overflow: overflow)
        var conversation = ConversationSheetReader.Conversation()
        var present: Set<ConversationSheet> = []
        for kind in ConversationSheet.allCases {
            let kindParts = parts(kind.name)
            guard !kindParts.isEmpty else { continue }
            present.insert(kind)
            talk.read(kind, parts: kindParts, into: &conversation, tally: tally)
        }
        for d in conversation.apply(to: &board, sheets: present, file: file) { tally.add(d) }
        return ReadResult(board: board, diagnostics: tally.finished() + out.built.diagnostics,
                          sourceMap: sourceMap(out, source, eventRows: eventRows, eventParts: historyParts.map(\.name)))
    }

    /// Removes the events of cards not on the board (in place, keeping the order) and their
    /// origins; the warning that counts them, or nil when there were none.
    private static func leaveOutOrphans(_ events: inout [Event], _ rows: inout [HistorySheetReader.Origin],
                                        cards: [Card], file: String) -> Diagnostic? {
        let index = IDIndex(cards: cards)
        let positions = events.withUnsafeBufferPointer { index.positions(ofCardsOf: $0) }
        guard positions.contains(-1) else { return nil }
        var orphanCards: Set<String> = []
        var kept = 0
        for k in events.indices {
            if positions[k] >= 0 {
                events.swapAt(kept, k)
                rows.swapAt(kept, k)
                kept += 1
            } else {
                orphanCards.insert(events[k].card)
            }
        }
        let orphans = events.count - kept
        events.removeLast(orphans)
        rows.removeLast(orphans)
        return Diagnostic(XLSXMessage.orphanEvents(rows: orphans, cards: Array(orphanCards)),
            at: SourceLocation(file: file, cell: CellReference.sheetPrefix(WorkbookSchema.history) + "A1"))
    }

    /// State names and ids onto ids (the first state of a name wins).
    private static func stateIDs(_ states: [BoardState]) -> [String: String] {
        var ids: [String: String] = [:]
        for s in states where ids[s.name] == nil { ids[s.name] = s.id }
        for s in states { ids[s.id] = s.id }
        return ids
    }

    private func sourceMap(_ out: CardsSheetReader.Output, _ source: WorkbookSource,
                           eventRows: [HistorySheetReader.Origin], eventParts: [String]) -> TabularSourceMap {
        let file = source.file
        let rowPart = out.rowPart, rowSheetRow = out.rowSheetRow, visible = out.visible, names = out.partNames
        var columnOfField: [String: Int] = [:]
        for (field, k) in out.built.columnOfField where k < visible.count { columnOfField[field] = k }
        return TabularSourceMap(
            cardRows: out.built.cardRows, columnOfField: columnOfField,
            locate: { row, column in
                guard row >= 0, row < rowPart.count else { return SourceLocation(file: file) }
                let sheetColumn = column.map { $0 < visible.count ? visible[$0] : 0 } ?? 0
                return SourceLocation(file: file, cell: CellReference.cell(sheet: names[Int(rowPart[row])],
                                                                           row: Int(rowSheetRow[row]), column: sheetColumn))
            },
            other: { path in
                switch path {
                case .event(let i, _) where i >= 0 && i < eventRows.count:
                    return SourceLocation(file: file, path: path.description,
                                          cell: CellReference.cell(sheet: eventParts[Int(eventRows[i].part)],
                                                                   row: Int(eventRows[i].row), column: 0))
                case .state(let i, _):
                    return SourceLocation(file: file, path: path.description,
                                          cell: CellReference.cell(sheet: WorkbookSchema.states, row: i + 1, column: 0))
                case .board:
                    return SourceLocation(file: file, path: path.description,
                                          cell: CellReference.sheetPrefix(WorkbookSchema.board) + "B2")
                default:
                    return SourceLocation(file: file, path: path.description)
                }
            })
    }
}
