import BoardModel
import BoardTabular
import BoardIO

/// Reads the conversation sheets (`ConversationSheet`) back into each card's comments,
/// checklists, attachments and links. Columns are found by their headers, so a person may
/// reorder them (or hide some); rows are taken per card in sheet order, so a sorted sheet
/// gives that order. A checklist item's row joins the card's last checklist when it has the
/// same place on the card (the hidden `boardkit:checklist`), or, in a row without it, the
/// same name and id; else it starts one. A row without what its element needs is left out
/// with a located diagnostic.
struct ConversationSheetReader {
    let source: WorkbookSource
    let zone: Zone
    let overflow: OverflowTexts

    /// What the sheets hold, by card id; `rows` counts each sheet's rows per card id, for
    /// saying which rows name a card the Cards sheet lacks.
    struct Conversation {
        var comments: [String: [CardComment]] = [:]
        var checklists: [String: [Checklist]] = [:]
        var attachments: [String: [Attachment]] = [:]
        var links: [String: [CardLink]] = [:]
        var rows: [ConversationSheet: [String: Int]] = [:]

        /// Gives each card of `board` what the sheets hold for it (a sheet that is there
        /// replaces the cards' elements of its kind); the warnings for rows of other cards.
        func apply(to board: inout Board, sheets: Set<ConversationSheet>, file: String) -> [Diagnostic] {
            var known: Set<String> = []
            for c in board.cards.indices {
                let id = board.cards[c].id
                known.insert(id)
                if sheets.contains(.comments) { board.cards[c].comments = comments[id] ?? [] }
                if sheets.contains(.checklists) { board.cards[c].checklists = checklists[id] ?? [] }
                if sheets.contains(.attachments) { board.cards[c].attachments = attachments[id] ?? [] }
                if sheets.contains(.links) { board.cards[c].links = links[id] ?? [] }
            }
            return ConversationSheet.allCases.compactMap { kind in
                let orphans = (rows[kind] ?? [:]).filter { !known.contains($0.key) }
                guard !orphans.isEmpty else { return nil }
                return Diagnostic(XLSXMessage.orphanConversation(sheet: kind.name, rows: orphans.values.reduce(0, +),
                                                                 cards: Array(orphans.keys)),
                                  at: SourceLocation(file: file, cell: CellReference.sheetPrefix(kind.name) + "A1"))
            }
        }
    }

    /// One row of a sheet, its cells found by header.
    private struct Row {
        let cells: [TabularCell]
        let columns: [String: Int]
        let sheet: String
        let row: Int
        let source: WorkbookSource
        /// For warnings that leave the row in (an unreadable hidden cell).
        let tally: DiagnosticLimiter

        func cell(_ name: String) -> TabularCell {
            guard let k = columns[name], k < cells.count else { return .empty }
            return cells[k]
        }
        func text(_ name: String) -> String? { let t = cell(name).text; return t.isEmpty ? nil : t }
        func at(_ name: String) -> SourceLocation { source.location(sheet, row: row, column: columns[name] ?? 0) }
    }

    /// Why a row is left out: its diagnostic.
    private struct LeftOut: Error {
        let diagnostic: Diagnostic
    }

    /// Reads every sheet in `parts` (each kind's parts in order) into `into`.
    func read(_ kind: ConversationSheet, parts: [WorkbookIndex.Sheet], into out: inout Conversation, tally: DiagnosticLimiter) {
        let h = kind.header
        for part in parts {
            guard let reader = source.reader(for: part) else { tally.add(source.unlinked(part)); continue }
            var header: [String]?
            var columns: [String: Int] = [:]
            reader.read(tally: tally) { row, original in
                guard let names = header else {
                    header = original.map(\.text)
                    for (k, name) in original.enumerated() where columns[name.text] == nil { columns[name.text] = k }
                    return
                }
                var cells = original
                if !overflow.isEmpty, let e = overflow.entries(sheet: part.name, key: "row:\(row + 1)") {
                    OverflowTexts.restore(e, headers: names, into: &cells)
                }
                if cells.allSatisfy(\.isEmpty) { return }
                let r = Row(cells: cells, columns: columns, sheet: part.name, row: row, source: source, tally: tally)
                guard let card = r.text(h[0]) else {
                    tally.add(Diagnostic(XLSXMessage.conversationRowNoCard(sheet: kind.name), at: r.at(h[0])))
                    return
                }
                do throws(LeftOut) {
                    switch kind {
                    case .comments: out.comments[card, default: []].append(try comment(r, card))
                    case .checklists: try checklistRow(r, card, into: &out.checklists[card, default: []])
                    case .attachments: out.attachments[card, default: []].append(try attachment(r, card))
                    case .links: out.links[card, default: []].append(try link(r, card))
                    }
                    out.rows[kind, default: [:]][card, default: 0] += 1
                } catch {
                    tally.add(error.diagnostic)
                }
            }
        }
    }

    // Each sheet's row, by the header names `WorkbookSchema` gives (`h`).

    private func comment(_ r: Row, _ card: String) throws(LeftOut) -> CardComment {
        let h = WorkbookSchema.commentsHeader
        guard let id = r.text(h[1]) else { throw missing(r, .comments, card, h[1]) }
        guard let at = try instant(r, .comments, card, h[3], exact: h[6]) else { throw missing(r, .comments, card, h[3]) }
        return CardComment(id: id, author: r.text(h[2]), at: at, text: r.cell(h[4]).text,
                           edited: try instant(r, .comments, card, h[5], exact: h[7]))
    }

    private func checklistRow(_ r: Row, _ card: String, into lists: inout [Checklist]) throws(LeftOut) {
        let h = WorkbookSchema.checklistsHeader
        let name = r.cell(h[1]).text, id = r.text(h[2])
        let itemText = r.cell(h[3]).text
        let done: Bool?
        switch r.cell(h[4]) {
        case .empty: done = nil
        case .bool(let b): done = b
        case .number(let n) where n == 0 || n == 1: done = n == 1
        case let cell:
            switch cell.text.lowercased() {
            case "true": done = true
            case "false": done = false
            default: throw bad(r, .checklists, card, h[4], .boolean)
            }
        }
        let due = try dueDate(r, card, h[5], exact: h[7])
        let assignee = r.text(h[6])
        let place: Int? = if case .number(let n) = r.cell(h[8]) { Int(n) } else { nil }
        let sameList = place.map { $0 == lists.count } ?? lists.last.map { $0.name == name && $0.id == id }
        if !(sameList ?? false) {
            lists.append(Checklist(id: id, name: name))
        }
        // A row without an item or a tick is a checklist without items.
        if !itemText.isEmpty || done != nil || due != nil || assignee != nil {
            lists[lists.count - 1].items.append(ChecklistItem(text: itemText, done: done ?? false, due: due, assignee: assignee))
        }
    }

    private func attachment(_ r: Row, _ card: String) throws(LeftOut) -> Attachment {
        let h = WorkbookSchema.attachmentsHeader
        guard let url = r.text(h[2]) else { throw missing(r, .attachments, card, h[2]) }
        var size: Int?
        switch r.cell(h[4]) {
        case .empty: break
        case .number(let n) where n >= 0 && n == n.rounded() && n < 9e15: size = Int(n)
        case let cell:
            guard let n = Int(cell.text), n >= 0 else { throw bad(r, .attachments, card, h[4], .size) }
            size = n
        }
        let upload: Bool?
        switch r.cell(h[7]) {
        case .empty: upload = nil
        case .bool(let b): upload = b
        case let cell:
            switch cell.text.lowercased() {
            case "true": upload = true
            case "false": upload = false
            default: throw bad(r, .attachments, card, h[7], .boolean)
            }
        }
        return Attachment(name: r.cell(h[1]).text, url: url, type: r.text(h[3]), size: size,
                          at: try instant(r, .attachments, card, h[5], exact: h[8]), by: r.text(h[6]), upload: upload)
    }

    private func link(_ r: Row, _ card: String) throws(LeftOut) -> CardLink {
        let h = WorkbookSchema.linksHeader
        guard let typeText = r.text(h[1]) else { throw missing(r, .links, card, h[1]) }
        guard let type = LinkType(rawValue: typeText.lowercased()) else { throw bad(r, .links, card, h[1], .linkType) }
        guard let other = r.text(h[2]) else { throw missing(r, .links, card, h[2]) }
        return CardLink(type, other)
    }

    // Cells.

    /// The instant of a date-time cell (or ISO 8601 text), made exact by its hidden column;
    /// nil for an empty cell.
    private func instant(_ r: Row, _ kind: ConversationSheet, _ card: String, _ column: String,
                         exact: String) throws(LeftOut) -> Instant? {
        let cell = r.cell(column)
        if case .empty = cell { return nil }
        guard var i = Self.instant(cell, zone: zone) else { throw badDate(r, kind, card, column) }
        if let hidden = hidden(r, exact) { i = ExactInstant.restore(visible: i, hidden: hidden, zone: zone) }
        return i
    }

    /// A checklist item's due: a date cell a calendar date, a date-time cell an instant; a
    /// date the hidden column marks (an instant at local midnight) an instant again.
    private func dueDate(_ r: Row, _ card: String, _ column: String, exact: String) throws(LeftOut) -> DueDate? {
        let cell = r.cell(column)
        var due: DueDate
        switch cell {
        case .empty: return nil
        case .date(let d): due = .date(d)
        case .text(let s):
            switch ISO8601.parse(Array(s.utf8)) {
            case .date(let d)?: due = .date(d)
            case .instant(let i)?: due = .instant(i)
            case .local(let t)?: due = .instant(zone.instant(t))
            case nil: throw badDate(r, .checklists, card, column)
            }
        default:
            guard let i = Self.instant(cell, zone: zone) else { throw badDate(r, .checklists, card, column) }
            due = .instant(i)
        }
        guard let hidden = hidden(r, exact) else { return due }
        switch due {
        case .instant(let i): return .instant(ExactInstant.restore(visible: i, hidden: hidden, zone: zone))
        case .date(let d):
            let restored = ExactInstant.restore(visible: zone.startOfDay(d), hidden: hidden, zone: zone)
            if case .instant(let exactly) = hidden, restored != exactly { return due }   // retyped: keep the day
            return .instant(restored)
        }
    }

    /// The hidden exact text of `column`; nil when empty, or unreadable (then ignored, said).
    private func hidden(_ r: Row, _ column: String) -> ExactInstant.Hidden? {
        guard let text = r.text(column) else { return nil }
        guard let h = ExactInstant.parse(text) else {
            r.tally.add(Diagnostic(XLSXMessage.badHiddenInstant(text), at: r.at(column)))
            return nil
        }
        return h
    }

    private static func instant(_ cell: TabularCell, zone: Zone) -> Instant? {
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

    private func missing(_ r: Row, _ kind: ConversationSheet, _ card: String, _ column: String) -> LeftOut {
        LeftOut(diagnostic: Diagnostic(XLSXMessage.conversationRowMissing(sheet: kind.name, card: card, column: column), at: r.at(column)))
    }

    private func badDate(_ r: Row, _ kind: ConversationSheet, _ card: String, _ column: String) -> LeftOut {
        LeftOut(diagnostic: Diagnostic(XLSXMessage.conversationBadDate(sheet: kind.name, card: card, column: column,
                                                                       text: r.cell(column).text), at: r.at(column)))
    }

    private func bad(_ r: Row, _ kind: ConversationSheet, _ card: String, _ column: String,
                     _ expected: XLSXMessage.Expected) -> LeftOut {
        LeftOut(diagnostic: Diagnostic(XLSXMessage.conversationBadValue(sheet: kind.name, card: card, column: column,
                                                                        text: r.cell(column).text, expected: expected),
                                       at: r.at(column)))
    }
}
