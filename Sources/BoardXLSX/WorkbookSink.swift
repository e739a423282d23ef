import BoardModel
import CXlsxWriter

/// One workbook being written with libxlsxwriter in constant-memory mode (rows go to disk as
/// they are finished, so a sheet's rows must be written in order), with the cell formats
/// boardkit uses and the checks every cell needs: Excel's text limit (overflowing texts go
/// whole to the hidden Overflow sheet) and Excel's date range (dates outside it become text).
final class WorkbookSink {
    let workbook: UnsafeMutablePointer<lxw_workbook>
    let system = ExcelDateSystem.from1900
    let file: String
    let tally: DiagnosticTally
    /// Set when a libxlsxwriter call failed; the write then reports an error.
    private(set) var failure: String?

    // Formats.
    let header: UnsafeMutablePointer<lxw_format>
    let date: UnsafeMutablePointer<lxw_format>
    let dateTime: UnsafeMutablePointer<lxw_format>
    let wrapped: UnsafeMutablePointer<lxw_format>
    let overdue: UnsafeMutablePointer<lxw_format>

    private var overflowSheet: UnsafeMutablePointer<lxw_worksheet>?
    private var overflowRow: UInt32 = 0

    /// Nil when libxlsxwriter cannot create the file.
    init?(path: String, file: String, large: Bool) {
        var options = lxw_workbook_options(constant_memory: 1, tmpdir: nil, use_zip64: large ? 1 : 0)
        guard let wb = path.withCString({ workbook_new_opt($0, &options) }) else { return nil }
        workbook = wb
        self.file = file
        tally = DiagnosticTally(file: file)
        header = workbook_add_format(wb)
        format_set_bold(header)
        format_set_bottom(header, UInt8(LXW_BORDER_THIN.rawValue))
        date = workbook_add_format(wb)
        format_set_num_format(date, "yyyy-mm-dd")
        format_set_align(date, UInt8(LXW_ALIGN_LEFT.rawValue))
        dateTime = workbook_add_format(wb)
        format_set_num_format(dateTime, "yyyy-mm-dd hh:mm")
        format_set_align(dateTime, UInt8(LXW_ALIGN_LEFT.rawValue))
        wrapped = workbook_add_format(wb)
        format_set_text_wrap(wrapped)
        format_set_align(wrapped, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
        overdue = workbook_add_format(wb)
        format_set_font_color(overdue, lxw_color_t(LXW_COLOR_RED.rawValue))
        format_set_bold(overdue)
    }

    func addSheet(_ name: String) -> UnsafeMutablePointer<lxw_worksheet>? {
        let ws = name.withCString { workbook_add_worksheet(workbook, $0) }
        if ws == nil { fail("could not add sheet '\(name)'") }
        return ws
    }

    /// Finishes the file. Errors of libxlsxwriter become the returned message.
    func close() -> String? {
        let rc = workbook_close(workbook)
        if failure == nil, rc != LXW_NO_ERROR { failure = String(cString: lxw_strerror(rc)) }
        return failure
    }

    func fail(_ message: String) {
        if failure == nil { failure = message }
    }

    @inline(__always)
    private func check(_ rc: lxw_error, _ sheet: String, _ row: UInt32, _ col: UInt16) {
        if rc != LXW_NO_ERROR {
            fail("\(CellReference.cell(sheet: sheet, row: Int(row), column: Int(col))): \(String(cString: lxw_strerror(rc)))")
        }
    }

    // MARK: Cells

    /// Writes the header row in bold.
    func headerRow(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ names: [String], sheet: String) {
        for (k, name) in names.enumerated() {
            text(ws, 0, UInt16(k), name, format: header, sheet: sheet, key: "header")
        }
    }

    /// Writes a text cell. A text over the cell limit shows its beginning and is kept whole in
    /// the Overflow sheet under (`sheet`, `key`, column header), with a warning. Empty texts
    /// write nothing (an empty cell).
    func text(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ row: UInt32, _ col: UInt16, _ value: String,
              format: UnsafeMutablePointer<lxw_format>? = nil, sheet: String, key: @autoclosure () -> String,
              columnName: @autoclosure () -> String = "") {
        if value.isEmpty { return }
        // The usual cell: short enough, no literal `_xHHHH_`; written from the string's own
        // bytes (no copy for a large string, a stack copy for a small one).
        let count = value.utf8.count
        if count <= SpreadsheetText.cellLimit {
            let written: lxw_error? = value.withCString { p in
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: count)
                return SpreadsheetText.containsEscapeLike(bytes) ? nil : worksheet_write_string(ws, row, col, p, format)
            }
            if let written {
                check(written, sheet, row, col)
                return
            }
        }
        let escaped = SpreadsheetText.escapeLiteralEscapes(value)
        if escaped.utf8.count <= SpreadsheetText.cellLimit {
            check(escaped.withCString { worksheet_write_string(ws, row, col, $0, format) }, sheet, row, col)
            return
        }
        // Pieces short enough that escaping cannot push one past the limit.
        let limit = escaped.utf8.count == value.utf8.count ? SpreadsheetText.cellLimit : SpreadsheetText.cellLimit / 2 - 400
        let pieces = SpreadsheetText.pieces(value, limit: limit)
        let first = SpreadsheetText.escapeLiteralEscapes(pieces[0])
        check(first.withCString { worksheet_write_string(ws, row, col, $0, format) }, sheet, row, col)
        let name = columnName()
        keepOverflow(sheet: sheet, key: key(), column: name, pieces: pieces)
        tally.add(Diagnostic(.xlsxTextOverflow,
            "\(name.isEmpty ? "a text" : "'\(name)'") of \(value.utf8.count) bytes is longer than a cell holds (\(SpreadsheetText.cellLimit)); the cell shows its first \(pieces[0].utf8.count) bytes and the whole text is kept in the hidden \(WorkbookSchema.overflow) sheet, which boardkit reads back",
            at: location(sheet, row, col)))
    }

    func number(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ row: UInt32, _ col: UInt16, _ value: Double,
                format: UnsafeMutablePointer<lxw_format>? = nil, sheet: String) {
        check(worksheet_write_number(ws, row, col, value, format), sheet, row, col)
    }

    func bool(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ row: UInt32, _ col: UInt16, _ value: Bool, sheet: String) {
        check(worksheet_write_boolean(ws, row, col, value ? 1 : 0, nil), sheet, row, col)
    }

    /// A calendar date as a date cell, or as ISO text (with a warning) outside Excel's range.
    func calendarDate(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ row: UInt32, _ col: UInt16, _ d: CalendarDate,
                      sheet: String, what: @autoclosure () -> String) {
        if let s = system.serial(of: d) {
            check(worksheet_write_number(ws, row, col, s, date), sheet, row, col)
        } else {
            outOfRange(ws, row, col, d.description, sheet: sheet, what: what())
        }
    }

    /// A wall-clock reading as a date-time cell; false (and ISO text, with a warning) outside
    /// Excel's range.
    @discardableResult
    func localDateTime(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ row: UInt32, _ col: UInt16, _ t: LocalDateTime,
                       iso: @autoclosure () -> String, sheet: String, what: @autoclosure () -> String) -> Bool {
        if let s = system.serial(of: t) {
            check(worksheet_write_number(ws, row, col, s, dateTime), sheet, row, col)
            return true
        }
        outOfRange(ws, row, col, iso(), sheet: sheet, what: what())
        return false
    }

    /// An instant as a date-time cell showing its reading in the board's zone (`clock`);
    /// false (and ISO text, with a warning) outside Excel's range.
    @discardableResult
    func instant(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ row: UInt32, _ col: UInt16, _ i: Instant, clock: ZoneClock,
                 sheet: String, what: @autoclosure () -> String) -> Bool {
        if let s = system.serial(ofLocalMilliseconds: clock.localMilliseconds(i)) {
            check(worksheet_write_number(ws, row, col, s, dateTime), sheet, row, col)
            return true
        }
        outOfRange(ws, row, col, i.description, sheet: sheet, what: what())
        return false
    }

    private func outOfRange(_ ws: UnsafeMutablePointer<lxw_worksheet>, _ row: UInt32, _ col: UInt16, _ iso: String,
                            sheet: String, what: String) {
        check(iso.withCString { worksheet_write_string(ws, row, col, $0, nil) }, sheet, row, col)
        tally.add(Diagnostic(.xlsxDateOutOfRange,
            "\(what) \(iso) is outside the dates Excel shows (1900-01-01 to 9999-12-31); written as ISO 8601 text, which boardkit reads back",
            at: location(sheet, row, col)))
    }

    func location(_ sheet: String, _ row: UInt32, _ col: UInt16) -> SourceLocation {
        SourceLocation(file: file, cell: CellReference.cell(sheet: sheet, row: Int(row), column: Int(col)))
    }

    // MARK: Overflow

    private func keepOverflow(sheet: String, key: String, column: String, pieces: [String]) {
        if overflowSheet == nil {
            guard let ws = addSheet(WorkbookSchema.overflow) else { return }
            worksheet_hide(ws)
            overflowSheet = ws
            headerRow(ws, WorkbookSchema.overflowHeader, sheet: WorkbookSchema.overflow)
            overflowRow = 1
        }
        guard let ws = overflowSheet else { return }
        for (k, piece) in pieces.enumerated() {
            guard Int(overflowRow) < WorkbookSchema.maxRows else {
                fail("the \(WorkbookSchema.overflow) sheet is full")
                return
            }
            let o = WorkbookSchema.overflow
            // Keys and names are short in practice; cut them rather than recurse.
            text(ws, overflowRow, 0, sheet, sheet: o, key: "")
            text(ws, overflowRow, 1, String(decoding: key.utf8.prefix(SpreadsheetText.cellLimit / 2), as: UTF8.self), sheet: o, key: "")
            text(ws, overflowRow, 2, String(decoding: column.utf8.prefix(SpreadsheetText.cellLimit / 2), as: UTF8.self), sheet: o, key: "")
            number(ws, overflowRow, 3, Double(k + 1), sheet: o)
            let escaped = SpreadsheetText.escapeLiteralEscapes(piece)
            check(escaped.withCString { worksheet_write_string(ws, overflowRow, 4, $0, nil) }, o, overflowRow, 4)
            overflowRow += 1
        }
    }
}
