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

    func read(parts: [WorkbookIndex.Sheet], tally: DiagnosticLimiter) -> Output? {
        let builder = TabularBoardBuilder(options: options, mapping: mapping, catalogue: catalogue, file: source.file)
        var rows = CardsSheetRows(builder: builder, source: source, overflow: overflow, ownWorkbook: ownWorkbook,
                                  partNames: parts.map(\.name))
        var driver = TabularRowDriver(for: rows)
        for (p, part) in parts.enumerated() {
            guard let reader = source.reader(for: part) else { tally.add(source.unlinked(part)); return nil }
            // A continuation repeats the header in its first row that holds something.
            var repeatedHeaderSkipped = p == 0
            reader.read(tally: tally) { row, cells in
                switch driver.state {
                case .refused:
                    return
                case .readingRows where repeatedHeaderSkipped:
                    rows.takeRow(CardsSheetRows.Row(row: row, cells: cells, part: p))
                case .readingRows, .searchingHeader:
                    // Rows above the header that hold nothing (a title band's borders, a
                    // formula whose cached result is empty) are not the header.
                    if cells.allSatisfy({ $0.text.allSatisfy { $0 == " " || $0 == "\t" } }) { return }
                    if p > 0 { repeatedHeaderSkipped = true; return }
                    driver.offer(CardsSheetRows.Row(row: row, cells: cells, part: 0), number: row + 1, to: &rows)
                }
            }
            guard p == 0 else { continue }
            driver.end(sink: &rows)
            if driver.state == .searchingHeader {
                tally.add(Diagnostic(XLSXMessage.emptySheet(part.name), at: source.location(part.name, row: 0, column: 0)))
                return nil
            }
        }
        var built = builder.finish()
        let (rowPart, rowSheetRow, hidden) = (rows.rowPart, rows.rowSheetRow, rows.hidden)
        let partNames = rows.partNames
        if ownWorkbook, var board = built.board {
            let zone = board.zone ?? .utc
            for c in board.cards.indices {
                let fed = Int(built.cardRows[c])
                guard fed < rowPart.count else { continue }
                func at(_ kind: ExactColumn) -> SourceLocation {
                    let col = rows.hiddenColumns.first { $0.0 == kind }?.1 ?? 0
                    return source.location(partNames[Int(rowPart[fed])], row: Int(rowSheetRow[fed]), column: col)
                }
                for (d, kind) in CardsSheetRows.Hidden.dateKinds.enumerated() where hidden.offsets[fed * 5 + d] != CardsSheetRows.Hidden.none {
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
        return Output(built: built, rowPart: rowPart, rowSheetRow: rowSheetRow, visible: rows.visible, partNames: partNames)
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
