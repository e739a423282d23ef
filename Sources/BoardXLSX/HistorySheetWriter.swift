import BoardModel
import BoardTabular
import CXlsxWriter

/// Writes the History sheet (continued in `History (2)`… past Excel's row limit): one event
/// per row, `at` as a date-time cell in the board's zone, with the hidden exact instant
/// beside it when the cell alone cannot give it back (see `ExactInstant`), and the fields
/// each event changed as compact JSON text (see `FieldChangesText`).
struct HistorySheetWriter {
    let sink: WorkbookSink
    let board: Board
    let zone: Zone

    /// Sets up every part's sheet (column widths, hidden columns, header, frozen row,
    /// autofilter) before any row is written, on one core.
    func setUp(parts: [SheetPart], cells: CellWriter) {
        let header = WorkbookSchema.historyHeader
        for part in parts {
            let ws = part.sheet
            let widths: [Double] = [12, 17, 10, 12, 12, 14, 40]
            for (k, w) in widths.enumerated() {
                worksheet_set_column(ws, UInt16(k), UInt16(k), w, k == 1 ? sink.dateTime : nil)
            }
            var hide = lxw_row_col_options(hidden: 1, level: 0, collapsed: 0)
            worksheet_set_column_opt(ws, 7, UInt16(header.count - 1), 24, nil, &hide)
            cells.headerRow(ws, header, sheet: part.name)
            worksheet_freeze_panes(ws, 1, 0)
            PrintLayout.apply(to: ws, headerRow: 0)
            worksheet_autofilter(ws, 0, 0, UInt32(max(part.items.count, 1)), UInt16(header.count - 1))
        }
    }

    /// Writes the rows of one part's events.
    func write(_ part: SheetPart, cells writer: CellWriter) {
        let header = WorkbookSchema.historyHeader
        let clock = ZoneClock(zone: zone)
        let ws = part.sheet, sheet = part.name
        for n in part.items {
            let e = board.events[n]
            let row = part.row(of: n)
            // Only a text that overflows needs the row's key.
            func key() -> String { "row:\(row + 1)" }
            writer.text(ws, row, 0, e.card, sheet: sheet, key: key(), columnName: header[0])
            if writer.instant(ws, row, 1, e.at, clock: clock, sheet: sheet, what: "event \(n + 1) at"),
               let exact = clock.hiddenText(for: e.at) {
                writer.text(ws, row, 7, exact, sheet: sheet, key: key(), columnName: header[7])
            }
            writer.text(ws, row, 2, e.type.rawValue, sheet: sheet, key: key())
            if let from = e.from { writer.text(ws, row, 3, from, sheet: sheet, key: key(), columnName: header[3]) }
            if let to = e.to { writer.text(ws, row, 4, to, sheet: sheet, key: key(), columnName: header[4]) }
            if let actor = e.actor { writer.text(ws, row, 5, actor, sheet: sheet, key: key(), columnName: header[5]) }
            if !e.changes.isEmpty {
                writer.text(ws, row, 6, FieldChangesText.encode(e.changes), sheet: sheet, key: key(), columnName: header[6])
            }
            if !e.extras.isEmpty {
                writer.text(ws, row, 8, ExtrasText.encode(e.extras), sheet: sheet, key: key(), columnName: header[8])
            }
        }
    }
}
