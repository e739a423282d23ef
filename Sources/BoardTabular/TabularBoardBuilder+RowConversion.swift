import BoardModel
import BoardIO

/// Row conversion: one data row into one card by the plan, a value the attribute cannot
/// take kept as a field with a warning, dates read in the board's zone.
extension TabularBoardBuilder {
    /// Makes a card of a row (typed cells or text bytes; specialized for each).
    /// `fields`: the row's single field columns already made into the card's custom fields.
    func addCard<Row: TabularRowCells>(_ row: Row, _ locate: (_ column: Int) -> SourceLocation,
                                       fields: [String: String]? = nil) {
        let mark = diagnostics.count
        var card = Card(id: "", title: "", state: "", fields: fields ?? [:])
        /// Slash dates of this row that read both ways (kept only if the card is).
        var undecided: [SlashDateColumns.Undecided] = []
        var stateName: String?
        /// The state cell as written, when spaces around it were trimmed: a state named
        /// ` spaced ` is written so, and found by that name before the trimmed one is tried.
        var stateText: String?
        var category: StateCategory?
        var lists: [String: [String]] = [:]
        let count = min(row.count, plan.count)
        for k in 0..<count {
            if row.isEmpty(k) { continue }
            switch plan[k] {
            case .id: card.id = row.uniqueText(k)
            case .title: card.title = row.text(k)
            case .body: card.body = row.text(k)
            case .url: card.url = row.text(k)
            case .state:
                stateName = row.trimmedText(k)
                let exact = row.text(k)
                if exact != stateName { stateText = exact }
            case .stateCategory:
                if let c = StateCategoryWords.hint(row.text(k)) { category = c }
                else { keep(row.cell(k), k, .notACategory, &card, locate) }
            case .due, .start, .created, .updated, .completed:
                if let r = reading(row, k, &card, locate, undecided: &undecided) { set(plan[k], r, on: &card) }
            case .labels: Self.appendItems(row.listItems(k), to: &card.labels)
            case .assignees: Self.appendItems(row.listItems(k), to: &card.assignees)
            case .reminders:
                let items = row.listItems(k)
                let read = items.compactMap { Reminder(text: $0) }
                if read.count == items.count { card.reminders += read }
                else { keep(row.cell(k), k, .notAReminder, &card, locate) }
            case .position:
                if let d = row.number(k) { card.position = d }
                else { keep(row.cell(k), k, .notANumber, &card, locate) }
            case .archived:
                if let b = row.bool(k) { card.archived = b }
            case .dueComplete:
                if let b = row.bool(k) { card.dueComplete = b }
                else { keep(row.cell(k), k, .notABool, &card, locate) }
            case .comments:
                let text = row.text(k)
                if text.trimmingSpaces.hasPrefix("[") {
                    if let cs = ConversationCellText.comments(json: text, dates: dates, zone: zone, ordinal: card.comments.count) {
                        card.comments += cs
                    } else {
                        keepItem(text, k, .notAComment, &lists, locate)
                    }
                } else if let c = ConversationCellText.comment(text, dates: dates, zone: zone, ordinal: card.comments.count) {
                    card.comments.append(c)
                } else {
                    keepItem(text, k, .notAComment, &lists, locate)
                }
            case .attachments:
                let text = row.text(k)
                if text.trimmingSpaces.hasPrefix("[") {
                    if let all = ConversationCellText.attachments(json: text) { card.attachments += all }
                    else { keepItem(text, k, .notAnAttachment, &lists, locate) }
                } else if let a = ConversationCellText.attachment(text, dates: dates, zone: zone) {
                    card.attachments.append(a)
                } else {
                    keepItem(text, k, .notAnAttachment, &lists, locate)
                }
            // Links name the other card as the file does; `resolveLinks` finds it once every
            // row is in (a parent may come after its children).
            // A parent cell is one name, commas and all (a parent named by its title).
            case .link(.parent): card.links.append(CardLink(.parent, row.trimmedText(k)))
            case .link(let type): card.links += row.listItems(k).map { CardLink(type, $0) }
            case .field(let name):
                if gathered[k] { lists[name, default: []].append(row.text(k)) }
                else if fields == nil { card.fields[name] = row.text(k) }
            case .ignore: break
            }
        }
        for (name, items) in lists { card.fields[name] = ListCodec.join(items) }
        if leftOut.leavesOut(&diagnostics, since: mark) { return }
        if card.id.isEmpty { card.id = generatedID(card, stateName) }
        card.state = stateText.flatMap { states.exact($0) }
            ?? (stateName ?? currentSection).map { states.resolve($0, category: category) } ?? ""
        for u in undecided { slashColumns.wait(u) }
        cards.append(card)
        cardRows.append(Int32(truncatingIfNeeded: rowNumber))
    }

    /// Handles a row that is not a card (a section or a note); true when it is a card row.
    func kindRow(_ cells: [TabularCell], _ column: Int, _ kinds: ColumnMapping.RowKinds,
                 _ locate: (Int) -> SourceLocation) -> Bool {
        let kind = column < cells.count ? cells[column].text.trimmingSpaces : ""
        if kind.isEmpty || kinds.cards.contains(kind) { return true }
        let text = titleColumn < cells.count ? cells[titleColumn].text : ""
        if kinds.states.contains(kind) {
            currentSection = text.trimmingSpaces.isEmpty ? nil : text.trimmingSpaces
        } else if kinds.notes.contains(kind), !cards.isEmpty {
            let k = cards.count - 1
            let previous = cards[k].fields[kinds.notesField]
            cards[k].fields[kinds.notesField] = previous.map { $0 + "\n\n" + text } ?? text
        } else {
            skippedKinds[kind, default: 0] += 1
            if skippedKinds[kind] == 1 {
                diagnostics.append(Diagnostic(TabularMessage.rowSkipped(kind: kind, cardKinds: kinds.cards), at: locate(column)))
            }
        }
        return false
    }

    /// Most cards have one labels column: take its array as it is.
    private static func appendItems(_ items: [String], to list: inout [String]) {
        if list.isEmpty { list = items } else { list += items }
    }

    /// Keeps one of a repeated column's values that its attribute cannot take (a `Comment`
    /// cell without a date) as an item of the field named as the header, so a second one
    /// joins it instead of replacing it.
    private func keepItem(_ text: String, _ k: Int, _ why: TabularMessage.KeptReason, _ lists: inout [String: [String]],
                          _ locate: (Int) -> SourceLocation) {
        let name = headers[k].isEmpty ? "column \(k + 1)" : headers[k]
        lists[name, default: []].append(text)
        diagnostics.append(Diagnostic(TabularMessage.valueKept(column: name, value: text, reason: why), at: locate(k)))
    }

    /// Keeps a value the attribute cannot take as a field under the column's header.
    private func keep(_ cell: TabularCell, _ k: Int, _ why: TabularMessage.KeptReason, _ card: inout Card,
                      _ locate: (Int) -> SourceLocation) {
        let name = headers[k].isEmpty ? "column \(k + 1)" : headers[k]
        card.fields[name] = cell.text
        diagnostics.append(Diagnostic(TabularMessage.valueKept(column: name, value: cell.text, reason: why), at: locate(k)))
    }

    /// What a date cell denotes, or nil after reporting why it denotes nothing (or, for a
    /// slash date that reads both ways, after leaving it in `undecided` for its column).
    private func reading<Row: TabularRowCells>(_ row: Row, _ k: Int, _ card: inout Card,
                                               _ locate: (Int) -> SourceLocation,
                                               undecided: inout [SlashDateColumns.Undecided]) -> TabularDateReader.Reading? {
        let r = row.date(k, dates)
        switch r {
        case .malformed:
            keep(row.cell(k), k, .notADate(formats: dates.formats.map(\.pattern)), &card, locate)
            return nil
        case .impossible:
            diagnostics.append(Diagnostic(TabularMessage.impossibleDate(column: headers[k], value: row.text(k)), at: locate(k)))
            return nil
        case .ambiguous(let a, let b):
            undecided.append(.init(card: cards.count, column: k, attribute: plan[k], text: row.text(k),
                                   location: locate(k), readings: (a, b)))
            return nil
        default:
            // A slash date that reads one way only shows its column's order.
            if dates.slashOrder == .unknown, row.withUTF8(k, { $0.contains(UInt8(ascii: "/")) }),
               slashColumns.learns(fromColumn: k) {
                let text = row.text(k)
                if let order = dates.orderShown(by: text) { slashColumns.saw(order, text, column: k, at: locate(k)) }
            }
            return r
        }
    }

    /// Sets a card's date attribute from what its cell denotes.
    func set(_ attribute: CardAttribute, _ r: TabularDateReader.Reading, on card: inout Card) {
        switch attribute {
        case .due: card.due = dueDate(r, .due)
        case .start: card.start = dueDate(r, .start)
        case .created: card.created = instant(r)
        case .updated: card.updated = instant(r)
        case .completed: card.completed = instant(r)
        default: break
        }
    }

    private func dueDate(_ r: TabularDateReader.Reading, _ attribute: CardAttribute) -> DueDate? {
        let dateOnly = mapping?.dateOnly.contains(attribute) ?? false
        switch r {
        case .date(let d): return .date(d)
        case .dateTime(let t): return dateOnly && t.isMidnight ? .date(t.date) : .instant(zone.instant(t))
        case .instant(let i): return dateOnly && i.local.isMidnight ? .date(i.local.date) : .instant(i)
        default: return nil
        }
    }

    private func instant(_ r: TabularDateReader.Reading) -> Instant? {
        switch r {
        case .date(let d): return zone.startOfDay(d)
        case .dateTime(let t): return zone.instant(t)
        case .instant(let i): return i
        default: return nil
        }
    }

    /// A deterministic id from the content, so a second export of the same file gives the same
    /// ids; identical rows get `-2`, `-3`… in order.
    private func generatedID(_ card: Card, _ state: String?) -> String {
        let base = StableID.make(from: [card.title, card.body, state ?? "",
                                        card.created?.description ?? "", card.due?.description ?? ""])
        let n = generatedIDs[base, default: 0] + 1
        generatedIDs[base] = n
        return n == 1 ? base : "\(base)-\(n)"
    }
}

extension LocalDateTime {
    /// 00:00:00.000, the time a tool writes beside a value that is only a date.
    fileprivate var isMidnight: Bool { hour == 0 && minute == 0 && second == 0 && millisecond == 0 }
}
