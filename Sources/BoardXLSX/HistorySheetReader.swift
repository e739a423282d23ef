import BoardModel
import BoardTabular
import BoardIO

/// Reads the History sheet(s) into events, columns found by their headers so a person may
/// reorder them. Dates are date-time cells in the board's zone (or ISO 8601 text), with the
/// hidden `boardkit:at` restoring the exact instant (see `ExactInstant`). A `changes` column
/// holds the fields each event changed (`FieldChangesText`); workbooks without it read as
/// events without changes.
struct HistorySheetReader {
    let source: WorkbookSource
    let zone: Zone
    let overflow: OverflowTexts
    /// State names onto ids, so a from/to typed as a name still means the state.
    let stateIDs: [String: String]

    /// Where an event came from: the part (index into the parts read) and the sheet row.
    struct Origin {
        var part: UInt16
        var row: Int32
    }

    /// The events, and where each came from.
    func read(parts: [WorkbookIndex.Sheet], tally: DiagnosticLimiter) -> (events: [Event], rows: [Origin]) {
        var events: [Event] = []
        var rows: [Origin] = []
        var skipped = 0
        for (p, part) in parts.enumerated() {
            guard let reader = source.reader(for: part) else { tally.add(source.unlinked(part)); continue }
            var header: [String]?
            var col: [String: Int] = [:]
            reader.read(tally: tally) { row, original in
                guard let h = header else {
                    header = original.map(\.text)
                    for (k, name) in original.enumerated() where col[name.text] == nil { col[name.text] = k }
                    return
                }
                var cells = original
                if !overflow.isEmpty, let e = overflow.entries(sheet: part.name, key: "row:\(row + 1)") {
                    OverflowTexts.restore(e, headers: h, into: &cells)
                }
                func cell(_ name: String) -> TabularCell {
                    guard let k = col[name], k < cells.count else { return .empty }
                    return cells[k]
                }
                func text(_ name: String) -> String? { let t = cell(name).text; return t.isEmpty ? nil : t }
                func at(_ name: String) -> SourceLocation { source.location(part.name, row: row, column: col[name] ?? 0) }
                if cells.allSatisfy(\.isEmpty) { return }
                guard let card = text("card") else {
                    skipped += 1
                    tally.add(Diagnostic(XLSXMessage.historyRowNoCard, at: at("card")))
                    return
                }
                guard let typeText = text("type"), let type = EventType(rawValue: typeText.lowercased()) else {
                    skipped += 1
                    tally.add(Diagnostic(XLSXMessage.historyBadType(card: card, type: cell("type").text), at: at("type")))
                    return
                }
                guard var instant = instant(cell("at")) else {
                    skipped += 1
                    tally.add(Diagnostic(XLSXMessage.historyNoTime(card: card, text: cell("at").text), at: at("at")))
                    return
                }
                if let hidden = text(ExactColumn.prefix + "at") {
                    if let h = ExactInstant.parse(hidden) { instant = ExactInstant.restore(visible: instant, hidden: h, zone: zone) }
                    else { tally.add(Diagnostic(XLSXMessage.badHiddenInstant(hidden), at: at(ExactColumn.prefix + "at"))) }
                }
                var extras: [String: String] = [:]
                if let e = text(ExactColumn.extras.header) {
                    if let decoded = ExtrasText.decode(e) { extras = decoded }
                    else { tally.add(Diagnostic(XLSXMessage.historyBadExtras, at: at(ExactColumn.extras.header))) }
                }
                var changes: [FieldChange] = []
                if let c = text("changes") {
                    switch FieldChangesText.decode(c) {
                    case .success(let decoded): changes = decoded
                    case .failure(let failure):
                        // Unlike a hidden cell, the changes are the event's own data: dropping
                        // them would lose history, so the read is refused.
                        tally.add(Diagnostic(XLSXMessage.historyBadChanges(card: card, failure: failure), at: at("changes")))
                    }
                }
                func state(_ s: String?) -> String? { s.map { stateIDs[$0] ?? $0 } }
                events.append(Event(card: card, at: instant, type: type, from: state(text("from")), to: state(text("to")),
                                    actor: text("actor"), changes: changes, extras: extras))
                rows.append(Origin(part: UInt16(truncatingIfNeeded: p), row: Int32(row)))
            }
        }
        _ = skipped
        return (events, rows)
    }

    private func instant(_ cell: TabularCell) -> Instant? {
        switch cell {
        case .instant(let i): return i
        case .dateTime(let t): return zone.instant(t)
        case .date(let d): return zone.startOfDay(d)
        case .text(let s):
            switch ISO8601.parse(Array(s.utf8)) {
            case .instant(let i)?: return i
            case .local(let t)?: return zone.instant(t)
            case .date(let d)?: return zone.startOfDay(d)
            case nil: return nil
            }
        default: return nil
        }
    }
}
