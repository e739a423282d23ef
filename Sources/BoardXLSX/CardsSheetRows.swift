import BoardModel
import BoardTabular

/// A sheet of cards' rows on their way to the builder: the header once (from
/// `TabularRowDriver`), then each data row of the sheet and its continuations. Texts kept in
/// the Overflow sheet are put back first; in boardkit's own workbook the hidden `boardkit:`
/// columns are taken aside (`hidden`), for `CardsSheetReader` to apply after building.
struct CardsSheetRows: TabularRowSink {
    /// A sheet row: its number (from 0), cells, and which part (sheet or continuation) holds it.
    struct Row {
        let row: Int
        let cells: [TabularCell]
        let part: Int
    }

    /// The hidden values of the rows, compact: offsets in a flat array (5 per row, `none`
    /// when absent), everything rarer in a dictionary.
    struct Hidden {
        static let none = Int32.min
        static let dateKinds: [ExactColumn] = [.due, .start, .created, .updated, .completed]
        var offsets: [Int32] = []
        var other: [Int: [(ExactColumn, String)]] = [:]
    }

    let builder: TabularBoardBuilder
    let source: WorkbookSource
    let overflow: OverflowTexts
    /// boardkit's own sheet: the `boardkit:` columns mean what `ExactColumn` says.
    let ownWorkbook: Bool
    /// The sheet and its continuations, in order.
    let partNames: [String]

    private var headers: [String] = []
    /// Builder column → sheet column.
    private(set) var visible: [Int] = []
    /// boardkit's hidden columns and where they are.
    private(set) var hiddenColumns: [(ExactColumn, Int)] = []
    private var idColumn: Int?
    /// Per fed row: the part (index into `partNames`) and sheet row.
    private(set) var rowPart: [UInt16] = []
    private(set) var rowSheetRow: [Int32] = []
    private(set) var hidden = Hidden()
    /// Scratch for a row's visible cells.
    private var rowCells: [TabularCell] = []

    init(builder: TabularBoardBuilder, source: WorkbookSource, overflow: OverflowTexts, ownWorkbook: Bool, partNames: [String]) {
        self.builder = builder
        self.source = source
        self.overflow = overflow
        self.ownWorkbook = ownWorkbook
        self.partNames = partNames
    }

    func cells(of row: Row) -> [TabularCell] { row.cells }

    func location(ofHeader row: Row) -> SourceLocation {
        source.location(partNames[row.part], row: row.row, column: 0)
    }

    func location(ofMissingRow number: Int) -> SourceLocation {
        source.location(partNames[0], row: number - 1, column: 0)
    }

    /// Which columns are boardkit's hidden ones; the rest go to the builder.
    mutating func takeHeader(_ header: Row) -> Bool {
        let original = header.cells
        headers = original.map { $0.text }
        for (k, h) in headers.enumerated() {
            if ownWorkbook, let kind = ExactColumn(header: h) { hiddenColumns.append((kind, k)) }
            else { visible.append(k) }
        }
        let cells = visible.map { original.indices.contains($0) ? original[$0] : .empty }
        let part = partNames[header.part]
        let ok = builder.header(cells) { [visible] k in
            source.location(part, row: header.row, column: visible.indices.contains(k) ? visible[k] : k)
        }
        if let m = builder.mapping {
            idColumn = visible.first { m.attribute(forHeader: headers[$0]) == .id }
        }
        return ok
    }

    mutating func takeRow(_ row: Row) {
        let part = partNames[row.part]
        var cells = row.cells
        if !overflow.isEmpty {
            var key = "row:\(row.row + 1)"
            if let idColumn, idColumn < cells.count, case .text(let id) = cells[idColumn] { key = "id:" + id }
            if let e = overflow.entries(sheet: part, key: key) ?? overflow.entries(sheet: part, key: "row:\(row.row + 1)") {
                OverflowTexts.restore(e, headers: headers, into: &cells)
            }
        }
        rowCells.removeAll(keepingCapacity: true)
        for k in visible { rowCells.append(k < cells.count ? cells[k] : .empty) }
        builder.row(rowCells) { [visible] k in source.location(part, row: row.row, column: visible[k]) }
        let fed = rowPart.count
        rowPart.append(UInt16(row.part))
        rowSheetRow.append(Int32(row.row))
        guard ownWorkbook else { return }
        hidden.offsets.append(contentsOf: repeatElement(Hidden.none, count: 5))
        for (kind, k) in hiddenColumns where k < cells.count {
            let text = cells[k].text
            if text.isEmpty { continue }
            if let d = Hidden.dateKinds.firstIndex(of: kind), case .offset(let o)? = ExactInstant.parse(text) {
                hidden.offsets[fed * 5 + d] = o
            } else {
                hidden.other[fed, default: []].append((kind, text))
            }
        }
    }
}
