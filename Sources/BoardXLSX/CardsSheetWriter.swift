import Foundation
import BoardModel
import BoardIO
import BoardTabular
import CXlsxWriter

/// Writes the Cards sheet (continued in `Cards (2)`… past Excel's row limit): the tabular
/// layout CSV uses, as typed cells, then the hidden `boardkit:` columns.
///
/// What a person gets: the header frozen, an autofilter, column widths that fit, wrapped
/// bodies; due/start/created/updated/completed as real date or date-time cells in the
/// board's zone; the state column a dropdown of the States sheet; overdue due dates in red
/// through a conditional format against TODAY()/NOW(), so next week's copy is still right.
struct CardsSheetWriter {
    let sink: WorkbookSink
    let board: Board
    let layout: TabularBoardLayout
    let zone: Zone
    /// The States sheet range the state column's dropdown offers (`States!$B$2:$B$5`).
    let stateList: String?
    /// The States sheet range of categories beside `stateList` (`States!$C$2:$C$5`).
    let categoryList: String?

    /// The hidden columns after the layout's: which exact column, and for dates the layout
    /// column it backs.
    private var hidden: [(kind: ExactColumn, backs: Int?)] {
        var out: [(ExactColumn, Int?)] = []
        let dates: [(ExactColumn, CardAttribute)] = [(.due, .due), (.start, .start), (.created, .created),
                                                     (.updated, .updated), (.completed, .completed)]
        for (kind, attribute) in dates {
            if let k = layout.columns.firstIndex(where: { $0.attribute == attribute && $0.dateTimeFormat == nil }) {
                out.append((kind, k))
            }
        }
        out.append((.extras, nil))
        out.append((.emptyFields, nil))
        return out
    }

    /// Sets up every part's sheet: column widths and formats, the header, the frozen row, the
    /// autofilter, the state dropdown and the overdue rule. Before any row is written, on one
    /// core (it changes the workbook's shared tables).
    func setUp(parts: [SheetPart], cells: CellWriter) {
        let header = layout.header + hidden.map(\.kind.header)
        for part in parts {
            setUp(part.sheet, header: header, hiddenFrom: layout.columns.count,
                  rows: part.items.count, cells: cells)
        }
    }

    /// Writes the rows of one part's cards.
    func write(_ part: SheetPart, cells writer: CellWriter) {
        let columns = layout.columns
        let hidden = self.hidden
        let idColumn = columns.firstIndex { $0.attribute == .id }
        // Per column, found once rather than per cell.
        let formats = columns.map { $0.attribute == .body ? sink.wrapped : nil }
        let headers = columns.map(\.header)
        let clock = ZoneClock(zone: zone)
        let ws = part.sheet
        var cells: [TabularCell] = []
        cells.reserveCapacity(columns.count)
        for n in part.items {
            // Rows written, for the progress bar, a batch at a time.
            if (n - part.items.lowerBound) % ProgressMeter.batch == ProgressMeter.batch - 1 {
                ProgressMeter.active.advance(by: ProgressMeter.batch)
            }
            let card = board.cards[n]
            let row = part.row(of: n)
            layout.cells(of: card, into: &cells)
            // Only a text that overflows needs the row's key.
            func key() -> String {
                idColumn != nil && card.id.utf8.count <= SpreadsheetText.cellLimit ? "id:" + card.id : "row:\(row + 1)"
            }
            for (k, cell) in cells.enumerated() {
                let col = UInt16(k)
                switch cell {
                case .empty: break
                case .text(let s):
                    writer.text(ws, row, col, s, format: formats[k], key: key(), columnName: headers[k])
                case .number(let d):
                    if d.isFinite { writer.number(ws, row, col, d) }
                    else { writer.text(ws, row, col, TabularCell.numberText(d), key: key(), columnName: headers[k]) }
                case .bool(let b): writer.bool(ws, row, col, b)
                case .date(let d): writer.calendarDate(ws, row, col, d, what: .card(card.id, column: headers[k]))
                case .dateTime(let t):
                    writer.localDateTime(ws, row, col, t, iso: cell.text, what: .card(card.id, column: headers[k]))
                case .instant(let i):
                    writer.instant(ws, row, col, i, clock: clock, what: .card(card.id, column: headers[k]))
                }
            }
            for (h, entry) in hidden.enumerated() {
                let col = UInt16(columns.count + h)
                var text: String?
                switch entry.kind {
                case .extras:
                    if !card.extras.isEmpty { text = ExtrasText.encode(card.extras) }
                case .emptyFields:
                    if card.fields.values.contains(where: \.isEmpty) {
                        text = ListCodec.join(card.fields.filter { $0.value.isEmpty }.map(\.key).sorted())
                    }
                default:
                    if let k = entry.backs, case .instant(let i) = cells[k] { text = hiddenInstant(i, clock) }
                }
                if let text { writer.text(ws, row, col, text, key: key(), columnName: entry.kind.header) }
            }
        }
        ProgressMeter.active.advance(by: part.items.count % ProgressMeter.batch)
    }

    /// The hidden text for an instant shown in a date-time cell. An instant at local midnight
    /// always gets one, since the reader takes a whole-day serial for a calendar date.
    private func hiddenInstant(_ i: Instant, _ clock: ZoneClock) -> String? {
        let local = clock.localMilliseconds(i)
        guard sink.system.serial(ofLocalMilliseconds: local) != nil else { return nil } // written as exact ISO text
        if let t = clock.hiddenText(for: i) { return t }
        if local % ZoneClock.msPerDay == 0 { return clock.offsetText(i.offsetSeconds) }
        return nil
    }

    private func setUp(_ ws: Worksheet, header: [String],
                       hiddenFrom: Int, rows: Int, cells: CellWriter) {
        let columns = layout.columns
        for (k, c) in columns.enumerated() {
            let format = c.attribute == .body ? sink.wrapped : nil
            ws.setColumns(k, k, width: width(c), format: format)
        }
        TableSheet.setUp(ws, header: header, hiddenFrom: hiddenFrom, rows: rows, cells: cells)
        let lastRow = UInt32(max(rows, 1))

        let stateCol = columns.firstIndex { $0.attribute == .state }
        if let stateCol, let stateList {
            var dv = lxw_data_validation()
            dv.validate = UInt8(LXW_VALIDATION_TYPE_LIST_FORMULA.rawValue)
            dv.error_type = UInt8(LXW_VALIDATION_ERROR_TYPE_WARNING.rawValue)
            let title = strdup("State"), message = strdup("Pick one of the states listed in the States sheet.")
            defer { free(title); free(message) }
            dv.error_title = title
            dv.error_message = message
            ("=" + stateList).withCString { formula in
                dv.value_formula = UnsafeMutablePointer(mutating: formula)
                _ = worksheet_data_validation_range(ws.pointer, 1, UInt16(stateCol), lastRow, UInt16(stateCol), &dv)
            }
        }
        if let due = columns.firstIndex(where: { $0.attribute == .due }) {
            let d = "$" + CellReference.column(due) + "2"
            var terms = ["ISNUMBER(\(d))", "IF(\(d)=INT(\(d)),\(d)<TODAY(),\(d)<NOW())"]
            if let stateCol, let stateList, let categoryList {
                terms.append("COUNTIFS(\(stateList),$\(CellReference.column(stateCol))2,\(categoryList),\"done\")=0")
            }
            for settled in [CardAttribute.archived, .dueComplete] {
                if let k = columns.firstIndex(where: { $0.attribute == settled }) { terms.append("NOT($\(CellReference.column(k))2)") }
            }
            var cf = lxw_conditional_format()
            cf.type = UInt8(LXW_CONDITIONAL_TYPE_FORMULA.rawValue)
            cf.format = sink.overdue
            ("=AND(" + terms.joined(separator: ",") + ")").withCString { formula in
                cf.value_string = UnsafeMutablePointer(mutating: formula)
                _ = worksheet_conditional_format_range(ws.pointer, 1, UInt16(due), lastRow, UInt16(due), &cf)
            }
        }
    }

    private func width(_ c: TabularColumn) -> Double {
        switch c.attribute {
        case .id: return 12
        case .title: return 40
        case .body: return 50
        case .state, .stateCategory: return 12
        case .due, .start:
            let anyTime = board.cards.contains { card in
                if case .instant? = (c.attribute == .due ? card.due : card.start) { return true }
                return false
            }
            return anyTime ? 17 : 12
        case .created, .updated, .completed: return 17
        case .labels: return 20
        case .assignees: return 18
        case .reminders: return 26
        case .position, .archived, .dueComplete: return 10
        case .url, .comments, .attachments: return 30
        case .link: return 12
        case .field, .ignore: return Double(min(max(c.header.count + 3, 12), 30))
        }
    }
}
