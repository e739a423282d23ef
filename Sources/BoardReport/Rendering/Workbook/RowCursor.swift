/// Where the next line of a sheet goes, for a sheet filled top to bottom with several small
/// tables (the summary): a table takes rows as it writes them and a gap is said as one,
/// instead of every table counting rows by hand.
struct RowCursor {
    /// The row the next line goes in (0-based, as libxlsxwriter counts).
    private(set) var row: UInt32 = 0

    /// The row for the next line; the cursor moves past it.
    mutating func take() -> UInt32 {
        defer { row += 1 }
        return row
    }

    /// Leaves a row empty between two tables.
    mutating func skipRow() { row += 1 }
}
