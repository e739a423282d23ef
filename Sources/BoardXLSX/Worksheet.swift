import CXlsxWriter

/// A sheet being written, with the name diagnostics and the Overflow sheet call it by: the
/// one handle `CellWriter`, the board's sheet writers and the report workbook pass around.
public struct Worksheet {
    /// libxlsxwriter's sheet, for what the wrapper does not cover (validation, charts).
    public let pointer: UnsafeMutablePointer<lxw_worksheet>
    public let name: String

    /// The rows a sheet has (Excel's limit; libxlsxwriter refuses a cell past it).
    public static let maxRows = 1_048_576

    /// Column widths (in characters) and the format of columns `first…last`.
    public func setColumns(_ first: Int, _ last: Int, width: Double, format: CellFormat? = nil) {
        worksheet_set_column(pointer, UInt16(first), UInt16(last), width, format)
    }
}

/// A cell format of the workbook (bold, a number format, a colour).
public typealias CellFormat = UnsafeMutablePointer<lxw_format>
