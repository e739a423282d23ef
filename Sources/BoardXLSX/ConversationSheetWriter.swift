import BoardModel
import BoardIO
import CXlsxWriter

/// Writes one of the conversation sheets (`ConversationSheet`; continued in `Comments (2)`…
/// past Excel's row limit): one row per comment, checklist item, attachment or link, the
/// card's id first. Times are date-time cells in the board's zone with the hidden exact
/// instant beside them as in History (`ExactInstant`); a checklist item's due is a date cell
/// for a calendar date, a date-time for an instant, as on Cards; `done` and `upload` are
/// boolean cells, `size` a number.
struct ConversationSheetWriter {
    let sink: WorkbookSink
    let board: Board
    let zone: Zone
    let kind: ConversationSheet
    let rows: [ConversationSheet.Row]

    /// Sets up every part's sheet (widths, hidden columns, header, frozen row, autofilter,
    /// print layout) before any row is written, on one core.
    func setUp(parts: [SheetPart], cells: CellWriter) {
        let header = kind.header
        let widths = kind.widths
        for part in parts {
            let ws = part.sheet
            for (k, w) in widths.enumerated() { ws.setColumns(k, k, width: w) }
            TableSheet.setUp(ws, header: header, hiddenFrom: widths.count, rows: part.items.count, cells: cells)
        }
    }

    /// Writes the rows of one part.
    func write(_ part: SheetPart, cells writer: CellWriter) {
        let header = kind.header
        let clock = ZoneClock(zone: zone)
        let ws = part.sheet
        for n in part.items {
            let r = rows[n]
            let card = board.cards[Int(r.card)]
            let e = Int(r.element)
            let row = part.row(of: n)
            // Only a text that overflows needs the row's key.
            func text(_ col: Int, _ value: String?) {
                if let value { writer.text(ws, row, UInt16(col), value, key: "row:\(row + 1)", columnName: header[col]) }
            }
            /// An instant's cell, and its hidden exact text in column `exact` when the cell
            /// cannot give it back (at local midnight always: that reads as a calendar date).
            func instant(_ col: Int, _ i: Instant?, exact: Int, dueLike: Bool = false) {
                guard let i else { return }
                guard writer.instant(ws, row, UInt16(col), i, clock: clock,
                                     what: .conversation(sheet: kind.name, card: card.id, column: header[col])) else { return }
                var hidden = clock.hiddenText(for: i)
                if hidden == nil, dueLike, clock.localMilliseconds(i) % ZoneClock.msPerDay == 0 {
                    hidden = clock.offsetText(i.offsetSeconds)
                }
                text(exact, hidden)
            }
            text(0, card.id)
            switch kind {
            case .comments:
                let c = card.comments[e]
                text(1, c.id)
                text(2, c.author)
                instant(3, c.at, exact: 6)
                if !c.text.isEmpty { writer.text(ws, row, 4, c.text, format: sink.wrapped, key: "row:\(row + 1)", columnName: header[4]) }
                instant(5, c.edited, exact: 7)
            case .checklists:
                let list = card.checklists[e]
                text(1, list.name)
                text(2, list.id)
                writer.number(ws, row, 8, Double(e + 1))
                guard r.item >= 0 else { break }
                let item = list.items[Int(r.item)]
                text(3, item.text)
                writer.bool(ws, row, 4, item.done)
                switch item.due {
                case .date(let d)?:
                    writer.calendarDate(ws, row, 5, d, what: .conversation(sheet: kind.name, card: card.id, column: header[5]))
                case .instant(let i)?: instant(5, i, exact: 7, dueLike: true)
                case nil: break
                }
                text(6, item.assignee)
            case .attachments:
                let a = card.attachments[e]
                text(1, a.name)
                text(2, a.url)
                text(3, a.type)
                if let size = a.size { writer.number(ws, row, 4, Double(size)) }
                instant(5, a.at, exact: 8)
                text(6, a.by)
                if let upload = a.upload { writer.bool(ws, row, 7, upload) }
            case .links:
                let l = card.links[e]
                text(1, l.type.rawValue)
                text(2, l.card)
            }
        }
    }
}
