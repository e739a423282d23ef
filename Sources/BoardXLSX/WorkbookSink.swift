import Glibc
import BoardModel
import CXlsxWriter
import BoardIO

/// One workbook being written with libxlsxwriter, the board's and the report's alike: its
/// sheets (`Worksheet`), its formats, and `CellWriter`s that write cells with the same
/// limits everywhere (Excel's text length, with the whole text kept in the hidden Overflow
/// sheet; Excel's date range; every libxlsxwriter return code checked). In constant-memory
/// mode (the board's) rows go to disk as they are finished, so a sheet's rows must be written
/// in order. Closing gathers what the writers found and writes the Overflow sheet.
public final class WorkbookSink {
    let workbook: UnsafeMutablePointer<lxw_workbook>
    let system = ExcelDateSystem.from1900
    let file: String

    // The formats cells are written with; each made when first asked for, so a workbook's
    // styles hold only those it uses (`settleBoardFormats`).
    /// A header row: bold, a line under it.
    public private(set) lazy var header = addFormat { format_set_bold($0); format_set_bottom($0, UInt8(LXW_BORDER_THIN.rawValue)) }
    lazy var date = addFormat { format_set_num_format($0, "yyyy-mm-dd"); format_set_align($0, UInt8(LXW_ALIGN_LEFT.rawValue)) }
    lazy var dateTime = addFormat { format_set_num_format($0, "yyyy-mm-dd hh:mm"); format_set_align($0, UInt8(LXW_ALIGN_LEFT.rawValue)) }
    lazy var wrapped = addFormat { format_set_text_wrap($0); format_set_align($0, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue)) }
    lazy var overdue = addFormat { format_set_font_color($0, lxw_color_t(LXW_COLOR_RED.rawValue)); format_set_bold($0) }

    /// Every writer made, in order: their overflowing texts and warnings are gathered in it.
    private var writers: [CellWriter] = []
    private var failure: XLSXMessage.WriteFailure?

    /// Nil when libxlsxwriter cannot create the file. `large`: ZIP64, for parts past 4 GB.
    /// `constantMemory`: rows to disk as they are finished (inline strings, rows in order).
    public init?(path: String, file: String, large: Bool = false, constantMemory: Bool = true) {
        var options = lxw_workbook_options(constant_memory: constantMemory ? 1 : 0, tmpdir: nil, use_zip64: large ? 1 : 0)
        guard let wb = path.withCString({ workbook_new_opt($0, &options) }) else { return nil }
        workbook = wb
        self.file = file
    }

    /// A new format, set up by `configure` (`format_set_bold`, `format_set_num_format`…).
    public func addFormat(_ configure: (CellFormat) -> Void) -> CellFormat {
        let format = workbook_add_format(workbook)!
        configure(format)
        return format
    }

    /// Makes the board workbook's formats and settles their indices. A format gets its index
    /// in the workbook's table the first time a cell uses it; settled here, the table is only
    /// read while sheets are written on several cores. (In the order the sheets first used
    /// them before, so the styles stay as they were.)
    func settleBoardFormats() {
        _ = overdue
        for format in [header, wrapped, dateTime, date] { _ = lxw_format_get_xf_index(format) }
    }

    /// A new chart of libxlsxwriter's `type` (`LXW_CHART_COLUMN`…), to fill and insert.
    public func addChart(_ type: UInt8) -> UnsafeMutablePointer<lxw_chart>? {
        workbook_add_chart(workbook, type)
    }

    /// A new sheet; nil (and a failure for `close`) when libxlsxwriter cannot add it.
    public func addSheet(_ name: String) -> Worksheet? {
        let ws = name.withCString { workbook_add_worksheet(workbook, $0) }
        if ws == nil, failure == nil { failure = .addSheet(name) }
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
        return ws.map { Worksheet(pointer: $0, name: name) }
    }

    private static let rowFileBuffer = 1 << 20
    private var rowFileBuffers: [UnsafeMutablePointer<CChar>] = []
    /// Each sheet's temporary row file (in TMPDIR). libxlsxwriter ignores its write errors: a
    /// full temporary folder gave a workbook of empty sheets and exit 0.
    private var rowFiles: [(sheet: String, file: UnsafeMutablePointer<FILE>)] = []

    /// The first sheet whose rows did not all reach its temporary file, and why.
    private func rowFileFailure() -> XLSXMessage.WriteFailure? {
        for (sheet, file) in rowFiles {
            errno = 0
            if fflush(file) != 0 || ferror(file) != 0 { return .rowFile(sheet: sheet, errno: errno) }
        }
        return nil
    }

    /// A new writer for cells; what it finds is reported in the order writers were made.
    public func cellWriter() -> CellWriter {
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
    public func close() -> (failure: XLSXMessage.WriteFailure?, diagnostics: [Diagnostic]) {
        writeOverflow(writers.flatMap(\.overflow))
        let found = writers   // the Overflow sheet's own writer included
        let rowFailure = rowFileFailure()
        let rc = workbook_close(workbook)
        rowFileBuffers.forEach { $0.deallocate() }
        let failures = [failure, rowFailure] + found.map(\.failure)
        var first = failures.lazy.compactMap { $0 }.first
        if first == nil, rc != LXW_NO_ERROR { first = .close(error: rc.rawValue) }
        let tally = DiagnosticLimiter(file: file)
        for writer in found { tally.absorb(writer.tally) }
        return (first, tally.finished())
    }

    /// The hidden Overflow sheet: `sheet, key, column, part, text`, one row per piece.
    private func writeOverflow(_ texts: [OverflowText]) {
        guard !texts.isEmpty else { return }
        let o = WorkbookSchema.overflow
        guard let ws = addSheet(o) else { return }
        worksheet_hide(ws.pointer)
        let cells = cellWriter()
        cells.headerRow(ws, WorkbookSchema.overflowHeader)
        var row: UInt32 = 1
        for text in texts {
            for (k, piece) in text.pieces.enumerated() {
                guard Int(row) < WorkbookSchema.maxRows else {
                    cells.fail(.overflowFull)
                    return
                }
                // Keys and names are short in practice; cut them rather than overflow again.
                cells.text(ws, row, 0, text.sheet)
                cells.text(ws, row, 1, String(decoding: text.key.utf8.prefix(SpreadsheetText.cellLimit / 2), as: UTF8.self))
                cells.text(ws, row, 2, String(decoding: text.column.utf8.prefix(SpreadsheetText.cellLimit / 2), as: UTF8.self))
                cells.number(ws, row, 3, Double(k + 1))
                cells.piece(ws, row, 4, piece)
                row += 1
            }
        }
    }
}
