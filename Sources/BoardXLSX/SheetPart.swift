import CXlsxWriter

/// One worksheet of a sheet continued past Excel's row limit (`Cards`, `Cards (2)`, …) and
/// which of the board's cards or events go in it.
struct SheetPart {
    let sheet: Worksheet
    var name: String { sheet.name }
    /// Positions in `board.cards` or `board.events`; the first is written in row 2.
    let items: Range<Int>

    /// The worksheets for `count` items, `perPart` to a sheet, added to the workbook in
    /// order; nil if libxlsxwriter could not add one.
    static func parts(of base: String, count: Int, perPart: Int, in sink: WorkbookSink) -> [SheetPart]? {
        let parts = max(1, (count + perPart - 1) / perPart)
        var out: [SheetPart] = []
        for p in 0..<parts {
            let name = WorkbookSchema.continuation(base, part: p)
            guard let ws = sink.addSheet(name) else { return nil }
            out.append(SheetPart(sheet: ws, items: p * perPart..<min(count, (p + 1) * perPart)))
        }
        return out
    }

    /// The worksheet row (0-based, after the header) of item `n`.
    @inline(__always)
    func row(of n: Int) -> UInt32 { UInt32(n - items.lowerBound + 1) }
}
