import BoardModel
import BoardIO
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
                ws.setColumns(k, k, width: w, format: k == 1 ? sink.dateTime : nil)
            }
            TableSheet.setUp(ws, header: header, hiddenFrom: widths.count, rows: part.items.count, cells: cells)
        }
    }

    /// Writes the rows of one part's events.
    func write(_ part: SheetPart, cells writer: CellWriter) {
        let header = WorkbookSchema.historyHeader
        let clock = ZoneClock(zone: zone)
        let ws = part.sheet
        for n in part.items {
            // Rows written, for the progress bar, a batch at a time.
            if (n - part.items.lowerBound) % ProgressMeter.batch == ProgressMeter.batch - 1 {
                ProgressMeter.active.advance(by: ProgressMeter.batch)
            }
            let e = board.events[n]
            let row = part.row(of: n)
            // Only a text that overflows needs the row's key.
            func key() -> String { "row:\(row + 1)" }
            writer.text(ws, row, 0, e.card, key: key(), columnName: header[0])
            if writer.instant(ws, row, 1, e.at, clock: clock, what: .eventTime(n + 1)),
               let exact = clock.hiddenText(for: e.at) {
                writer.text(ws, row, 7, exact, key: key(), columnName: header[7])
            }
            writer.text(ws, row, 2, e.type.rawValue, key: key())
            if let from = e.from { writer.text(ws, row, 3, from, key: key(), columnName: header[3]) }
            if let to = e.to { writer.text(ws, row, 4, to, key: key(), columnName: header[4]) }
            if let actor = e.actor { writer.text(ws, row, 5, actor, key: key(), columnName: header[5]) }
            if !e.changes.isEmpty {
                writer.text(ws, row, 6, FieldChangesText.encode(e.changes), key: key(), columnName: header[6])
            }
            if !e.extras.isEmpty {
                writer.text(ws, row, 8, ExtrasText.encode(e.extras), key: key(), columnName: header[8])
            }
        }
        ProgressMeter.active.advance(by: part.items.count % ProgressMeter.batch)
    }
}
