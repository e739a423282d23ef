import BoardModel
import BoardTabular
import BoardIO

/// Reads a sheet of cards (boardkit's Cards sheet and its continuations, or any workbook's
/// sheet) through BoardTabular's `TabularBoardBuilder`, so a column means the same as in
/// CSV. In boardkit's own sheet the hidden `boardkit:` columns are taken aside and applied
/// after building (exact instants, unknown keys, empty custom fields), and texts kept in the
/// Overflow sheet are put back first.
struct CardsSheetReader {
    let source: WorkbookSource
    let options: ReaderOptions
    let mapping: ColumnMapping?
    let catalogue: BoardCatalogue?
    let overflow: OverflowTexts
    /// boardkit's own sheet: the `boardkit:` columns mean what `ExactColumn` says.
    let ownWorkbook: Bool

    struct Output {
        var built: TabularBoardBuilder.Result
        /// Per fed row: the part (index into the parts) and sheet row.
        var rowPart: [UInt16]
        var rowSheetRow: [Int32]
        /// Builder column → sheet column.
        var visible: [Int]
        var partNames: [String]
    }

    /// A row offered to the header search.
    private struct OfferedRow {
        let row: Int
        let cells: [TabularCell]
    }

    /// The hidden values of the rows, compact: offsets in a flat array (5 per row, `none`
    /// when absent), everything rarer in a dictionary.
    private struct Hidden {
        static let none = Int32.min
        static let dateKinds: [ExactColumn] = [.due, .start, .created, .updated, .completed]
        var offsets: [Int32] = []
        var other: [Int: [(ExactColumn, String)]] = [:]
    }

    func read(parts: [WorkbookIndex.Sheet], tally: DiagnosticLimiter) -> Output? {
        let file = source.file
        let builder = TabularBoardBuilder(options: options, mapping: mapping, catalogue: catalogue, file: file)
        var headers: [String] = []
        var visible: [Int] = []
        var hiddenCols: [(ExactColumn, Int)] = []
        var headerOK: Bool?
        var idColumn: Int?
        var rowPart: [UInt16] = []
        var rowSheetRow: [Int32] = []
        var hidden = Hidden()
        var rowCells: [TabularCell] = []
        let partNames = parts.map(\.name)

        /// Takes the header row: which columns are boardkit's hidden ones, the rest to the builder.
        func takeHeader(_ row: Int, _ original: [TabularCell], part: WorkbookIndex.Sheet) {
            headers = original.map { $0.text }
            for (k, h) in headers.enumerated() {
                if ownWorkbook, let kind = ExactColumn(header: h) { hiddenCols.append((kind, k)) }
                else { visible.append(k) }
            }
            let cells = visible.map { original.indices.contains($0) ? original[$0] : .empty }
            headerOK = builder.header(cells) { k in
                source.location(part.name, row: row, column: visible.indices.contains(k) ? visible[k] : k)
            }
            if let m = builder.mapping {
                idColumn = visible.first { m.attribute(forHeader: headers[$0]) == .id }
            }
        }
        /// Takes what the header search found in the first part.
        func take(_ outcome: HeaderRowSearch<OfferedRow>.Outcome, part: WorkbookIndex.Sheet) {
            switch outcome {
            case .undecided: return
            case .missing(let n):
                headerOK = false
                builder.headerRowMissing(n, at: source.location(part.name, row: n - 1, column: 0))
            case .found(let header, let number, let passed, let firstPassed, let below):
                builder.headerFound(atRow: number, passed: passed, firstPassed: firstPassed?.cells,
                                    at: source.location(part.name, row: header.row, column: 0))
                takeHeader(header.row, header.cells, part: part)
                for r in below { feed(r.row, r.cells, part: 0) }
            }
        }
        /// Takes a data row of part `p`.
        func feed(_ row: Int, _ original: [TabularCell], part p: Int) {
            guard headerOK == true else { return }
            let part = parts[p]
            var cells = original
            if !overflow.isEmpty {
                var key = "row:\(row + 1)"
                if let idColumn, idColumn < cells.count, case .text(let id) = cells[idColumn] { key = "id:" + id }
                if let e = overflow.entries(sheet: part.name, key: key) ?? overflow.entries(sheet: part.name, key: "row:\(row + 1)") {
                    OverflowTexts.restore(e, headers: headers, into: &cells)
                }
            }
            rowCells.removeAll(keepingCapacity: true)
            for k in visible { rowCells.append(k < cells.count ? cells[k] : .empty) }
            builder.row(rowCells) { k in source.location(part.name, row: row, column: visible[k]) }
            let fed = rowPart.count
            rowPart.append(UInt16(p))
            rowSheetRow.append(Int32(row))
            if ownWorkbook {
                hidden.offsets.append(contentsOf: repeatElement(Hidden.none, count: 5))
                for (kind, k) in hiddenCols where k < cells.count {
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

        var search = HeaderRowSearch<OfferedRow>(chosen: options.headerRow, likeness: builder.headerLikeness)
        for (p, part) in parts.enumerated() {
            guard let reader = source.reader(for: part) else { tally.add(source.unlinked(part)); return nil }
            var partHeaderSeen = false
            reader.read(tally: tally) { row, original in
                if !partHeaderSeen {
                    // Rows above the header that hold nothing (a title band's borders, a
                    // formula whose cached result is empty) are not the header.
                    if original.allSatisfy({ $0.text.allSatisfy { $0 == " " || $0 == "\t" } }) { return }
                    if p > 0 { partHeaderSeen = true; return }   // a continuation repeats the header
                    let outcome = search.offer(OfferedRow(row: row, cells: original), number: row + 1, cells: original)
                    if case .undecided = outcome { return }
                    partHeaderSeen = true
                    take(outcome, part: part)
                    return
                }
                feed(row, original, part: p)
            }
            if p == 0 && !partHeaderSeen, let last = search.end() {
                partHeaderSeen = true
                take(last, part: part)
            }
            if p == 0 && !partHeaderSeen {
                tally.add(Diagnostic(XLSXMessage.emptySheet(part.name),
                                     at: source.location(part.name, row: 0, column: 0)))
                return nil
            }
        }
        var built = builder.finish()
        if ownWorkbook, var board = built.board {
            let zone = board.zone ?? .utc
            for c in board.cards.indices {
                let fed = Int(built.cardRows[c])
                guard fed < rowPart.count else { continue }
                func at(_ kind: ExactColumn) -> SourceLocation {
                    let col = hiddenCols.first { $0.0 == kind }?.1 ?? 0
                    return source.location(partNames[Int(rowPart[fed])], row: Int(rowSheetRow[fed]), column: col)
                }
                for (d, kind) in Hidden.dateKinds.enumerated() where hidden.offsets[fed * 5 + d] != Hidden.none {
                    apply(.offset(hidden.offsets[fed * 5 + d]), kind, to: &board.cards[c], zone: zone)
                }
                for (kind, text) in hidden.other[fed] ?? [] {
                    switch kind {
                    case .extras:
                        if let e = ExtrasText.decode(text) { board.cards[c].extras = e }
                        else { tally.add(Diagnostic(XLSXMessage.badHiddenExtras, at: at(kind))) }
                    case .emptyFields:
                        for name in ListCodec.split(text) where board.cards[c].fields[name] == nil { board.cards[c].fields[name] = "" }
                    default:
                        if let h = ExactInstant.parse(text) { apply(h, kind, to: &board.cards[c], zone: zone) }
                        else { tally.add(Diagnostic(XLSXMessage.badHiddenInstant(text), at: at(kind))) }
                    }
                }
            }
            built.board = board
        }
        return Output(built: built, rowPart: rowPart, rowSheetRow: rowSheetRow, visible: visible, partNames: partNames)
    }

    /// Applies a hidden exact value to the attribute it backs.
    private func apply(_ h: ExactInstant.Hidden, _ kind: ExactColumn, to card: inout Card, zone: Zone) {
        func fix(_ i: Instant?) -> Instant? { i.map { ExactInstant.restore(visible: $0, hidden: h, zone: zone) } }
        func fixDue(_ d: DueDate?) -> DueDate? {
            switch d {
            case .instant(let i)?: return .instant(ExactInstant.restore(visible: i, hidden: h, zone: zone))
            case .date(let day)?:
                // A whole-day serial the writer marked as an instant at local midnight.
                let midnight = zone.instant(LocalDateTime(date: day))
                let restored = ExactInstant.restore(visible: midnight, hidden: h, zone: zone)
                if case .instant(let exact) = h, restored != exact { return d }   // retyped: keep the day
                return .instant(restored)
            case nil: return nil
            }
        }
        switch kind {
        case .due: card.due = fixDue(card.due)
        case .start: card.start = fixDue(card.start)
        case .created: card.created = fix(card.created)
        case .updated: card.updated = fix(card.updated)
        case .completed: card.completed = fix(card.completed)
        case .extras, .emptyFields: break
        }
    }
}
