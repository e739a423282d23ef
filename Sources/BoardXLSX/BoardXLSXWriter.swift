import Foundation
import BoardModel
import BoardTabular
import CXlsxWriter

/// Writes a board as a workbook a team can work in (sheets Cards, History, States, Board;
/// see `WorkbookSchema`) with libxlsxwriter in constant-memory mode.
///
/// Reading it back with `BoardXLSXReader` gives the same board, also after a person sorted,
/// added or deleted rows, picked another state or typed a date. `--mapping NAME` writes the
/// Cards sheet in another tool's import layout instead (what that layout leaves out is
/// reported as `data-not-written`).
public struct BoardXLSXWriter: BoardWriter {
    public init() {}

    public func write(_ board: Board, to path: String, options: WriterOptions) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let file = path
        var mapping: ColumnMapping?
        if let name = options.mapping {
            switch MappingFile.resolve(name) {
            case .success(let m): mapping = m
            case .failure(let d): return [d]
            }
        }
        let zone: Zone
        if let z = board.zone {
            zone = z
        } else {
            zone = .utc
            diagnostics.append(Diagnostic(.invalidTimeZone,
                "'\(board.timeZone)' is not an IANA time-zone name; date-time cells show UTC", at: SourceLocation(file: file)))
        }
        let perPart = WorkbookSchema.maxRows - 1
        let large = board.cards.count + board.events.count > 400_000
        guard let sink = WorkbookSink(path: path, file: file, large: large) else {
            return diagnostics + [Diagnostic(.ioError, "cannot create the workbook", at: SourceLocation(file: file))]
        }
        let layout = TabularBoardLayout(board: board, mapping: mapping)
        diagnostics += layout.lossDiagnostics(for: board, file: file).filter { d in
            // The hidden columns keep what a plain table loses.
            !(d.message.contains("unknown card keys") || d.message.contains("empty custom field values"))
        }

        // Sheets in the order a person sees them; constant-memory mode lets each be written
        // row after row independently.
        func parts(_ base: String, rows: Int) -> [(sheet: UnsafeMutablePointer<lxw_worksheet>, name: String)] {
            let count = max(1, (rows + perPart - 1) / perPart)
            return (0..<count).compactMap { p in
                let name = WorkbookSchema.continuation(base, part: p)
                return sink.addSheet(name).map { ($0, name) }
            }
        }
        let cardParts = parts(WorkbookSchema.cards, rows: board.cards.count)
        let historyParts = parts(WorkbookSchema.history, rows: board.events.count)
        let statesSheet = sink.addSheet(WorkbookSchema.states)
        let boardSheet = sink.addSheet(WorkbookSchema.board)
        guard let statesSheet, let boardSheet, !cardParts.isEmpty, !historyParts.isEmpty else {
            _ = sink.close()
            return diagnostics + [Diagnostic(.xlsxWriteFailed, "libxlsxwriter could not add the sheets", at: SourceLocation(file: file))]
        }

        let catalogue = CatalogueSheetsWriter(sink: sink, board: board, zone: zone)
        let stateColumn = layout.columns.first { $0.attribute == .state }
        let stateTexts = board.states.map { s in
            stateColumn.map { layout.cell($0, of: Card(id: "", title: "", state: s.id)).text } ?? s.name
        }
        let ranges = catalogue.writeStates(statesSheet, stateTexts: stateTexts)
        catalogue.writeBoard(boardSheet, exportedAt: options.exportedAt ?? Instant(epochMilliseconds: Int64(Date().timeIntervalSince1970 * 1000)))
        CardsSheetWriter(sink: sink, board: board, layout: layout, zone: zone,
                         stateList: ranges?.list, categoryList: ranges?.categories).write(parts: cardParts)
        HistorySheetWriter(sink: sink, board: board, zone: zone).write(parts: historyParts)

        let failure = sink.close()
        diagnostics += sink.tally.finished()
        if let failure {
            diagnostics.append(Diagnostic(.xlsxWriteFailed, "libxlsxwriter: \(failure)", at: SourceLocation(file: file)))
        }
        return diagnostics
    }
}
