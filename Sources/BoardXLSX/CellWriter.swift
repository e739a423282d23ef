import BoardModel
import CXlsxWriter
import BoardIO

/// Writes cells into a workbook's sheets with the checks every cell needs: Excel's text limit
/// (an overflowing text shows its beginning and is kept whole for the hidden Overflow sheet)
/// and Excel's date range (a date outside it becomes ISO text), each with a warning.
///
/// One writer per sheet part (`WorkbookSink.writeConcurrently`), so that two parts can be
/// written on several cores at once: what a writer finds (overflowing texts, warnings, a failed
/// call) stays with it until the sink gathers every writer's, in the order they were made.
public final class CellWriter {
    let sink: WorkbookSink
    let tally: DiagnosticLimiter
    /// Set when a libxlsxwriter call failed; the write then reports an error.
    private(set) var failure: XLSXMessage.WriteFailure?
    /// Texts too long for a cell, to be kept whole in the Overflow sheet.
    private(set) var overflow: [OverflowText] = []

    init(sink: WorkbookSink) {
        self.sink = sink
        tally = DiagnosticLimiter(file: sink.file)
    }

    func fail(_ failure: XLSXMessage.WriteFailure) {
        if self.failure == nil { self.failure = failure }
    }

    @inline(__always)
    private func check(_ rc: lxw_error, _ sheet: String, _ row: UInt32, _ col: UInt16) {
        if rc != LXW_NO_ERROR {
            fail(.cell(sheet: sheet, row: Int(row), column: Int(col), error: rc.rawValue))
        }
    }

    /// Writes a header row (bold, a line under it): the table's, in row 0, or one of several
    /// small tables' (the report's summary).
    public func headerRow(_ ws: Worksheet, _ names: [String], row: UInt32 = 0) {
        for (k, name) in names.enumerated() {
            text(ws, row, UInt16(k), name, format: sink.header, key: "header")
        }
    }

    /// Writes a text cell. A text over the cell limit shows its beginning and is kept whole for
    /// the Overflow sheet under (`sheet`, `key`, column header), with a warning. Empty texts
    /// write nothing (an empty cell).
    public func text(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ value: String,
                     format: CellFormat? = nil, key: @autoclosure () -> String = "",
                     columnName: @autoclosure () -> String = "") {
        let sheet = ws.name
        if value.isEmpty { return }
        // The usual cell: short enough, no literal `_xHHHH_`; written from the string's own
        // bytes (no copy for a large string, a stack copy for a small one).
        let count = value.utf8.count
        if count <= SpreadsheetText.cellLimit {
            let written: lxw_error? = value.withCString { p in
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: count)
                // A NUL would end libxlsxwriter's C string: such a text takes the escaping path.
                return SpreadsheetText.containsEscapeLike(bytes) || bytes.contains(0) ? nil
                    : worksheet_write_string(ws.pointer, row, col, p, format)
            }
            if let written {
                check(written, sheet, row, col)
                return
            }
        }
        let escaped = SpreadsheetText.escapeLiteralEscapes(value)
        if escaped.utf8.count <= SpreadsheetText.cellLimit {
            check(escaped.withCString { worksheet_write_string(ws.pointer, row, col, $0, format) }, sheet, row, col)
            return
        }
        // Pieces short enough that escaping cannot push one past the limit.
        let limit = escaped.utf8.count == value.utf8.count ? SpreadsheetText.cellLimit : SpreadsheetText.cellLimit / 2 - 400
        let pieces = SpreadsheetText.pieces(value, limit: limit)
        let first = SpreadsheetText.escapeLiteralEscapes(pieces[0])
        check(first.withCString { worksheet_write_string(ws.pointer, row, col, $0, format) }, sheet, row, col)
        let name = columnName()
        overflow.append(OverflowText(sheet: sheet, key: key(), column: name, pieces: pieces))
        tally.add(Diagnostic(XLSXMessage.textOverflow(column: name, bytes: value.utf8.count, shown: pieces[0].utf8.count),
                             at: location(sheet, row, col)))
    }

    /// Writes a piece of an overflowing text as it is (already short enough, never kept again).
    func piece(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ value: String) {
        let escaped = SpreadsheetText.escapeLiteralEscapes(value)
        check(escaped.withCString { worksheet_write_string(ws.pointer, row, col, $0, nil) }, ws.name, row, col)
    }

    public func number(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ value: Double, format: CellFormat? = nil) {
        check(worksheet_write_number(ws.pointer, row, col, value, format), ws.name, row, col)
    }

    func bool(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ value: Bool) {
        check(worksheet_write_boolean(ws.pointer, row, col, value ? 1 : 0, nil), ws.name, row, col)
    }

    /// A calendar date as a date cell, or as ISO text (with a warning) outside Excel's range.
    func calendarDate(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ d: CalendarDate, what: @autoclosure () -> XLSXMessage.DateCell) {
        if let s = sink.system.serial(of: d) {
            check(worksheet_write_number(ws.pointer, row, col, s, sink.date), ws.name, row, col)
        } else {
            outOfRange(ws, row, col, d.description, what: what())
        }
    }

    /// A card's due date as a date cell (a day) or a date-time cell of its reading in `zone`
    /// (an instant), so a spreadsheet sorts and filters it as a date; ISO text, with a
    /// warning naming `card` and `column`, outside Excel's range.
    public func due(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ due: DueDate, zone: Zone, card: String, column: String) {
        switch due {
        case .date(let d): calendarDate(ws, row, col, d, what: .card(card, column: column))
        case .instant(let i): moment(ws, row, col, i, zone: zone, card: card, column: column)
        }
    }

    /// A moment as a date-time cell of its reading in `zone`; ISO text, with a warning,
    /// outside Excel's range.
    public func moment(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ i: Instant, zone: Zone, card: String, column: String) {
        localDateTime(ws, row, col, zone.localize(i).local, iso: i.description, what: .card(card, column: column))
    }

    /// A wall-clock reading as a date-time cell; false (and ISO text, with a warning) outside
    /// Excel's range.
    @discardableResult
    func localDateTime(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ t: LocalDateTime,
                       iso: @autoclosure () -> String, what: @autoclosure () -> XLSXMessage.DateCell) -> Bool {
        if let s = sink.system.serial(of: t) {
            check(worksheet_write_number(ws.pointer, row, col, s, sink.dateTime), ws.name, row, col)
            return true
        }
        outOfRange(ws, row, col, iso(), what: what())
        return false
    }

    /// An instant as a date-time cell showing its reading in the board's zone (`clock`);
    /// false (and ISO text, with a warning) outside Excel's range.
    @discardableResult
    func instant(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ i: Instant, clock: ZoneClock,
                 what: @autoclosure () -> XLSXMessage.DateCell) -> Bool {
        if let s = sink.system.serial(ofLocalMilliseconds: clock.localMilliseconds(i)) {
            check(worksheet_write_number(ws.pointer, row, col, s, sink.dateTime), ws.name, row, col)
            return true
        }
        outOfRange(ws, row, col, i.description, what: what())
        return false
    }

    private func outOfRange(_ ws: Worksheet, _ row: UInt32, _ col: UInt16, _ iso: String, what: XLSXMessage.DateCell) {
        check(iso.withCString { worksheet_write_string(ws.pointer, row, col, $0, nil) }, ws.name, row, col)
        tally.add(Diagnostic(XLSXMessage.dateOutOfRange(cell: what, iso: iso), at: location(ws.name, row, col)))
    }

    func location(_ sheet: String, _ row: UInt32, _ col: UInt16) -> SourceLocation {
        SourceLocation(file: sink.file, cell: CellReference.cell(sheet: sheet, row: Int(row), column: Int(col)))
    }
}

/// A text longer than a cell holds, in pieces a cell can hold, and where it belongs: the
/// sheet, the row's key (`id:CARD`, `row:N`) and the column header.
struct OverflowText {
    let sheet: String
    let key: String
    let column: String
    let pieces: [String]
}
