import Glibc
import BoardModel
import CXlsxWriter
import BoardIO

/// One workbook being written with libxlsxwriter in constant-memory mode (rows go to disk as
/// they are finished, so a sheet's rows must be written in order), with the cell formats
/// boardkit uses. Cells are written through `CellWriter`s the sink makes; closing gathers
/// what they found and writes the hidden Overflow sheet.
final class WorkbookSink {
    let workbook: UnsafeMutablePointer<lxw_workbook>
    let system = ExcelDateSystem.from1900
    let file: String

    // Formats.
    let header: UnsafeMutablePointer<lxw_format>
    let date: UnsafeMutablePointer<lxw_format>
    let dateTime: UnsafeMutablePointer<lxw_format>
    let wrapped: UnsafeMutablePointer<lxw_format>
    let overdue: UnsafeMutablePointer<lxw_format>

    /// Every writer made, in order: their overflowing texts and warnings are gathered in it.
    private var writers: [CellWriter] = []
    private var failure: String?

    /// Nil when libxlsxwriter cannot create the file.
    init?(path: String, file: String, large: Bool) {
        var options = lxw_workbook_options(constant_memory: 1, tmpdir: nil, use_zip64: large ? 1 : 0)
        guard let wb = path.withCString({ workbook_new_opt($0, &options) }) else { return nil }
        workbook = wb
        self.file = file
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
        // A format gets its index in the workbook's table the first time a cell uses it;
        // settled here, the table is only read while sheets are written on several cores.
        // (In the order the sheets first used them before, so the styles stay as they were.)
        for format in [header, wrapped, dateTime, date] { _ = lxw_format_get_xf_index(format) }
    }

    func addSheet(_ name: String) -> UnsafeMutablePointer<lxw_worksheet>? {
        let ws = name.withCString { workbook_add_worksheet(workbook, $0) }
        if ws == nil, failure == nil { failure = "could not add sheet '\(name)'" }
        // Constant-memory mode writes each finished row to the sheet's temporary file, and
        // copies that file into the sheet's part when closing, both through a 4 KiB stdio
        // buffer: a syscall per 4 KiB of a 2 GB sheet XML. A 1 MiB buffer (set before the
        // first write, freed after the close) took 1M cards from 50 s to 44 s, most of it sys time.
        if let file = ws?.pointee.optimize_tmpfile {
            rowFiles.append((name, file))
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: Self.rowFileBuffer)
            setvbuf(file, buffer, _IOFBF, Self.rowFileBuffer)
            rowFileBuffers.append(buffer)
        }
        return ws
    }

    private static let rowFileBuffer = 1 << 20
    private var rowFileBuffers: [UnsafeMutablePointer<CChar>] = []
    /// Each sheet's temporary row file (in TMPDIR). libxlsxwriter ignores its write errors: a
    /// full temporary folder gave a workbook of empty sheets and exit 0.
    private var rowFiles: [(sheet: String, file: UnsafeMutablePointer<FILE>)] = []

    /// The first sheet whose rows did not all reach its temporary file, and why.
    private func rowFileFailure() -> String? {
        for (sheet, file) in rowFiles {
            errno = 0
            if fflush(file) != 0 || ferror(file) != 0 {
                let reason = errno != 0 ? String(cString: strerror(errno)) : "a write failed"
                return "the rows of sheet '\(sheet)' could not be written to the temporary folder (TMPDIR): \(reason)"
            }
        }
        return nil
    }

    /// A new writer for cells; what it finds is reported in the order writers were made.
    func cellWriter() -> CellWriter {
        let writer = CellWriter(sink: self)
        writers.append(writer)
        return writer
    }

    /// Runs the jobs, as many at a time as there are cores (`runAtOnce`), each with its own writer. Every job must
    /// write sheets no other job writes: libxlsxwriter keeps a sheet's rows, its temporary
    /// file and its dimensions in the worksheet, and the formats' indices are settled (init),
    /// so writing two different sheets at once shares nothing that changes.
    func writeConcurrently(_ jobs: [(CellWriter) -> Void]) {
        let writers = jobs.map { _ in cellWriter() }
        runAtOnce(zip(jobs, writers).map { job, writer in { job(writer) } })
    }

    /// Writes the Overflow sheet and finishes the file. Returns the writers' warnings and, when
    /// a libxlsxwriter call failed, the first failure.
    func close() -> (failure: String?, diagnostics: [Diagnostic]) {
        writeOverflow(writers.flatMap(\.overflow))
        let found = writers   // the Overflow sheet's own writer included
        let rowFailure = rowFileFailure()
        let rc = workbook_close(workbook)
        rowFileBuffers.forEach { $0.deallocate() }
        let failures = [failure, rowFailure] + found.map(\.failure)
        var first = failures.lazy.compactMap { $0 }.first
        if first == nil, rc != LXW_NO_ERROR { first = String(cString: lxw_strerror(rc)) }
        let tally = DiagnosticLimiter(file: file)
        for writer in found { tally.absorb(writer.tally) }
        return (first, tally.finished())
    }

    /// The hidden Overflow sheet: `sheet, key, column, part, text`, one row per piece.
    private func writeOverflow(_ texts: [OverflowText]) {
        guard !texts.isEmpty else { return }
        let o = WorkbookSchema.overflow
        guard let ws = addSheet(o) else { return }
        worksheet_hide(ws)
        let cells = cellWriter()
        cells.headerRow(ws, WorkbookSchema.overflowHeader, sheet: o)
        var row: UInt32 = 1
        for text in texts {
            for (k, piece) in text.pieces.enumerated() {
                guard Int(row) < WorkbookSchema.maxRows else {
                    cells.fail("the \(o) sheet is full")
                    return
                }
                // Keys and names are short in practice; cut them rather than overflow again.
                cells.text(ws, row, 0, text.sheet, sheet: o, key: "")
                cells.text(ws, row, 1, String(decoding: text.key.utf8.prefix(SpreadsheetText.cellLimit / 2), as: UTF8.self), sheet: o, key: "")
                cells.text(ws, row, 2, String(decoding: text.column.utf8.prefix(SpreadsheetText.cellLimit / 2), as: UTF8.self), sheet: o, key: "")
                cells.number(ws, row, 3, Double(k + 1), sheet: o)
                cells.piece(ws, row, 4, piece, sheet: o)
                row += 1
            }
        }
    }
}
