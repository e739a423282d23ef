import Foundation
import BoardModel
import BoardIO
import BoardTabular
import CXlsxWriter

/// Writes a board as a workbook a team can work in (sheets Cards, History, the cards'
/// conversation where there is one, States, Board; see `WorkbookSchema`) with libxlsxwriter
/// in constant-memory mode.
///
/// Reading it back with `BoardXLSXReader` gives the same board, also after a person sorted,
/// added or deleted rows, picked another state or typed a date. `--mapping NAME` writes the
/// Cards sheet in another tool's import layout instead (what that layout leaves out is
/// reported as `data-not-written`).
public struct BoardXLSXWriter: BoardWriter {
    /// Rows a sheet holds before it continues in the next part: Excel's limit, or fewer in
    /// tests, so that several parts are written (and read back) without a million rows.
    let rowsPerSheet: Int

    public init() { rowsPerSheet = WorkbookSchema.maxRows - 1 }

    init(rowsPerSheet: Int) { self.rowsPerSheet = max(1, min(rowsPerSheet, WorkbookSchema.maxRows - 1)) }

    public func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult {
        var diagnostics: [Diagnostic] = []
        let file = path
        var mapping: ColumnMapping?
        if let name = options.mapping {
            switch MappingFile.resolve(name) {
            case .success(let m): mapping = m
            case .failure(let d): return .failed([d])
            }
        }
        let zone: Zone
        if let z = board.zone {
            zone = z
        } else {
            zone = .utc
            diagnostics.append(Diagnostic(XLSXMessage.invalidTimeZone(board.timeZone), at: SourceLocation(file: file)))
        }
        // A conversation sheet only where some card has such an element: a board without a
        // conversation gives the workbook it gave before.
        let conversation: [(kind: ConversationSheet, rows: [ConversationSheet.Row])] =
            ConversationSheet.allCases.map { ($0, $0.rows(of: board)) }.filter { !$0.rows.isEmpty }
        let conversationRows = conversation.reduce(0) { $0 + $1.rows.count }
        let large = board.cards.count + board.events.count + conversationRows > 400_000
        guard let sink = WorkbookSink(path: path, file: file, large: large) else {
            return .failed(diagnostics + [Diagnostic(XLSXMessage.cannotCreateWorkbook, at: SourceLocation(file: file))])
        }
        sink.settleBoardFormats()
        let layout = TabularBoardLayout(board: board, mapping: mapping)
        diagnostics += layout.lossDiagnostics(for: board, file: file) { loss in
            // The hidden columns keep what a plain table loses.
            switch loss {
            case .unknownCardKeys, .emptyFieldValues: return true
            default: return false
            }
        }

        // Sheets in the order a person sees them; constant-memory mode lets each be written
        // row after row independently.
        let cardParts = SheetPart.parts(of: WorkbookSchema.cards, count: board.cards.count, perPart: rowsPerSheet, in: sink)
        let historyParts = SheetPart.parts(of: WorkbookSchema.history, count: board.events.count, perPart: rowsPerSheet, in: sink)
        let conversationParts = conversation.map { kind, rows in
            SheetPart.parts(of: kind.name, count: rows.count, perPart: rowsPerSheet, in: sink)
        }
        let statesSheet = sink.addSheet(WorkbookSchema.states)
        let boardSheet = sink.addSheet(WorkbookSchema.board)
        guard let statesSheet, let boardSheet, let cardParts, let historyParts,
              !conversationParts.contains(where: { $0 == nil }) else {
            _ = sink.close()
            return .failed(diagnostics + [Diagnostic(XLSXMessage.cannotAddSheets, at: SourceLocation(file: file))])
        }

        // The small sheets and every sheet's set-up first, on this core: they change the
        // workbook's shared tables.
        let setUp = sink.cellWriter()
        let catalogue = CatalogueSheetsWriter(sink: sink, cells: setUp, board: board, zone: zone)
        let stateColumn = layout.columns.first { $0.attribute == .state }
        let stateTexts = board.states.map { s in
            stateColumn.map { layout.cell($0, of: Card(id: "", title: "", state: s.id)).text } ?? s.name
        }
        let ranges = catalogue.writeStates(statesSheet, stateTexts: stateTexts)
        catalogue.writeBoard(boardSheet, exportedAt: options.exportedAt ?? Instant(epochMilliseconds: Int64(Date().timeIntervalSince1970 * 1000)))
        let cards = CardsSheetWriter(sink: sink, board: board, layout: layout, zone: zone,
                                     stateList: ranges?.list, categoryList: ranges?.categories)
        let history = HistorySheetWriter(sink: sink, board: board, zone: zone)
        cards.setUp(parts: cardParts, cells: setUp)
        history.setUp(parts: historyParts, cells: setUp)
        let talk = zip(conversation, conversationParts).map { sheet, parts in
            (ConversationSheetWriter(sink: sink, board: board, zone: zone, kind: sheet.kind, rows: sheet.rows), parts ?? [])
        }
        for (writer, parts) in talk { writer.setUp(parts: parts, cells: setUp) }

        // Then the rows, each part on its own: as many parts at a time as there are cores.
        sink.writeConcurrently(cardParts.map { part in { cards.write(part, cells: $0) } }
                               + historyParts.map { part in { history.write(part, cells: $0) } }
                               + talk.flatMap { writer, parts in parts.map { part in { writer.write(part, cells: $0) } } })

        let (failure, found) = sink.close()
        diagnostics += found
        if let failure {
            diagnostics.append(Diagnostic(XLSXMessage.writeFailed(failure), at: SourceLocation(file: file)))
        }
        return WriteResult(written: board.countedWhole, diagnostics: diagnostics)
    }
}
