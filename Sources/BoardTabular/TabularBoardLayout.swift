import BoardModel
import BoardIO

/// One column of a written table.
public struct TabularColumn: Sendable, Equatable {
    public var header: String
    public var attribute: CardAttribute
    /// For a list written one item per column: which item (0-based).
    public var item: Int?
    /// Layouts for dates (ISO 8601 when nil).
    public var dateTimeFormat: TabularDateFormat?
    public var dateFormat: TabularDateFormat?
    /// A fixed value for every row.
    public var constant: String?
    /// Comments or attachments as one JSON array in this one cell (Plane's form).
    public var json = false
}

/// The columns boardkit writes for a board, and each card's cells, the same for CSV and XLSX.
///
/// Canonical layout (no mapping): `id, title, body, state, due, start, created, updated,
/// completed, labels, assignees, position, archived, url`, then one column per custom field,
/// sorted by name (a field whose name is also a canonical column's is written `field:NAME`).
/// States are written by name (by id when two states share a name); labels and assignees
/// joined in one cell by `ListCodec`. Dates are typed cells (`.date`, `.instant`): CSV writes
/// them in ISO 8601, a workbook as date cells.
///
/// Mapped layout (`--mapping jira`): the mapping's `write` columns, lists repeated over as
/// many columns as the longest list needs, dates in the mapping's layouts, then the custom
/// fields if the mapping asks for them.
public struct TabularBoardLayout: Sendable {
    public let columns: [TabularColumn]
    public let mappingName: String
    private let stateText: [String: String]
    private let stateCategory: [String: StateCategory]
    private let zone: Zone
    private let localTimes: Bool
    /// How a link column names each card: its value of the mapping's `linkKey` field, for
    /// cards that have one (Jira's `Parent id` is the parent's `Issue id`).
    private let linkNames: [String: String]

    /// Write a section row before each state's cards (Todoist), cards grouped by state.
    public let writesSections: Bool

    /// What a written table holds, row by row after the header.
    public enum Row: Sendable, Equatable {
        /// A section row naming a state (its cells from `sectionCells`).
        case section(String)
        /// The card at this index of `board.cards`.
        case card(Int)
    }

    /// The rows in order: every card in board order, or with sections, the cards of each
    /// state (in the board's state order) after a section row naming it.
    public func rows(of board: Board) -> [Row] {
        guard writesSections else { return board.cards.indices.map { .card($0) } }
        var byState: [String: [Int]] = [:]
        for (k, c) in board.cards.enumerated() { byState[c.state, default: []].append(k) }
        var out: [Row] = []
        var written: Set<String> = []
        for s in board.states + board.cards.map({ BoardState(id: $0.state, name: $0.state, category: .todo) })
        where written.insert(s.id).inserted {
            guard let cards = byState[s.id] else { continue }
            out.append(.section(stateText[s.id] ?? s.id))
            out += cards.map { .card($0) }
        }
        return out
    }

    /// A section row: the kind column says `section`, the title column holds the state's name.
    public func sectionCells(_ name: String) -> [TabularCell] {
        columns.map { c in
            if c.attribute == .title { return .text(name) }
            if c.attribute == .ignore, c.constant != nil { return .text("section") }
            return .empty
        }
    }

    /// The header row.
    public var header: [String] { columns.map(\.header) }

    /// What a card's state cell holds for the state with this id: its name, or its id when
    /// the name would not find it again (nil for a state the board does not define).
    public func stateCellText(_ id: String) -> String? { stateText[id] }

    public init(board: Board, mapping: ColumnMapping? = nil) {
        zone = board.zone ?? .utc
        var names: [String: Int] = [:]
        for s in board.states { names[s.name, default: 0] += 1 }
        let ids = Set(board.states.map(\.id))
        var text: [String: String] = [:]
        var categories: [String: StateCategory] = [:]
        for s in board.states {
            // A name two states share, or one that is another state's id, would not come back.
            let ambiguous = names[s.name, default: 0] > 1 || (ids.contains(s.name) && s.name != s.id) || s.name.isEmpty
            text[s.id] = ambiguous ? s.id : s.name
            categories[s.id] = s.category
        }
        stateText = text
        stateCategory = categories
        let fieldNames = Self.fieldNames(board.cards)

        guard let mapping, !mapping.writeColumns.isEmpty else {
            mappingName = mapping?.name ?? "boardkit"
            localTimes = false
            linkNames = [:]
            writesSections = false
            var cols = CardAttribute.canonicalOrder.map {
                TabularColumn(header: $0.description, attribute: $0)
            }
            // After the assignees, and only where a card has some: a board without reminders
            // keeps the columns it always had.
            if board.cards.contains(where: { !$0.reminders.isEmpty }), let k = cols.firstIndex(where: { $0.attribute == .assignees }) {
                cols.insert(TabularColumn(header: CardAttribute.reminders.description, attribute: .reminders), at: k + 1)
            }
            if board.cards.contains(where: \.dueComplete), let k = cols.firstIndex(where: { $0.attribute == .due }) {
                cols.insert(TabularColumn(header: CardAttribute.dueComplete.description, attribute: .dueComplete), at: k + 1)
            }
            let taken = Set(cols.map { NameKey.of($0.header) }).union(ColumnMapping.boardkitAliases.keys)
            for f in fieldNames {
                // `boardkit:` names the workbook's hidden columns (`boardkit:updated`…): a field
                // called so would be read back as one and lost (found by the xlsx fuzz target:
                // Tests/FuzzFindings/xlsx-boardkit-named-field.xlsx).
                let header = taken.contains(NameKey.of(f)) || f.hasPrefix("field:") || f.hasPrefix("boardkit:")
                    || f.trimmingSpaces != f
                    ? "field:" + f : f
                cols.append(TabularColumn(header: header, attribute: .field(f)))
            }
            columns = cols
            return
        }
        mappingName = mapping.name
        localTimes = mapping.writeLocalTimes
        var keyed: [String: String] = [:]
        if let key = mapping.linkKey {
            for card in board.cards { if let value = card.fields[key], !value.isEmpty { keyed[card.id] = value } }
        }
        linkNames = keyed
        writesSections = mapping.writeSections
        var cols: [TabularColumn] = []
        var written: Set<String> = []
        let fieldSet = Set(fieldNames)
        for var w in mapping.writeColumns {
            // A fixed value (Jira's Issue Type = Task) yields to the card's own field of that name.
            if w.attribute == .ignore, w.constant != nil, fieldSet.contains(w.header) { w.attribute = .field(w.header) }
            if case .field(let f) = w.attribute { written.insert(f) }
            let base = TabularColumn(header: w.header, attribute: w.attribute, item: nil,
                                     dateTimeFormat: w.dateTimeFormat, dateFormat: w.dateFormat,
                                     constant: w.constant, json: w.json)
            // Comments and attachments are one per column unless one JSON cell holds them all.
            let oneEach = !w.json && (w.attribute == .comments || w.attribute == .attachments)
            if w.repeats || oneEach, let count = Self.itemCount(w.attribute) {
                let longest = board.cards.reduce(0) { max($0, count($1)) }
                for k in 0..<max(longest, 1) {
                    var c = base
                    c.item = k
                    cols.append(c)
                }
            } else {
                cols.append(base)
            }
        }
        if mapping.writeFields {
            let headers = Set(cols.map { NameKey.of($0.header) })
            for f in fieldNames where !written.contains(f) {
                cols.append(TabularColumn(header: headers.contains(NameKey.of(f)) ? "field:" + f : f,
                                          attribute: .field(f)))
            }
        }
        columns = cols
    }

    /// The cells of one card's row, in column order (reuses `cells`' storage).
    public func cells(of card: Card, into cells: inout [TabularCell]) {
        cells.removeAll(keepingCapacity: true)
        for c in columns { cells.append(cell(c, of: card)) }
    }

    /// The cell of column `index`, reading the column in place (a writer's per-cell path:
    /// copying a `TabularColumn` per cell cost as much as making the cell).
    public func cell(column index: Int, of card: Card) -> TabularCell {
        columns.withUnsafeBufferPointer { cell($0[index], of: card) }
    }

    /// One cell.
    public func cell(_ c: TabularColumn, of card: Card) -> TabularCell {
        switch c.attribute {
        case .id: return .text(card.id)
        case .title: return .text(card.title)
        case .body: return card.body.isEmpty ? .empty : .text(card.body)
        case .state: return .text(stateText[card.state] ?? card.state)
        case .stateCategory: return stateCategory[card.state].map { .text($0.rawValue) } ?? .empty
        case .due: return card.due.map { dueCell($0, c) } ?? .empty
        case .dueComplete: return .bool(card.dueComplete)
        case .start: return card.start.map { dueCell($0, c) } ?? .empty
        case .created: return card.created.map { instantCell($0, c) } ?? .empty
        case .updated: return card.updated.map { instantCell($0, c) } ?? .empty
        case .completed: return card.completed.map { instantCell($0, c) } ?? .empty
        case .labels: return listCell(card.labels, c)
        case .assignees: return listCell(card.assignees, c)
        case .reminders: return listCell(card.reminders.map(\.description), c)
        case .position: return card.position.map { .number($0) } ?? .empty
        case .archived: return .bool(card.archived)
        case .url: return card.url.map { .text($0) } ?? .empty
        case .comments:
            if c.json { return .text(ConversationCellText.jsonCell(card.comments, format: c.dateTimeFormat, zone: zone)) }
            guard let k = c.item, k < card.comments.count else { return .empty }
            return .text(ConversationCellText.cell(card.comments[k], format: c.dateTimeFormat, zone: zone))
        case .attachments:
            if c.json { return .text(ConversationCellText.jsonCell(card.attachments)) }
            guard let k = c.item, k < card.attachments.count else { return .empty }
            return .text(ConversationCellText.cell(card.attachments[k], format: c.dateTimeFormat, zone: zone))
        case .link(let type): return listCell(linked(card, type), c)
        case .field(let name):
            if let k = c.item { return Self.fieldItems(card, name).dropFirst(k).first.map { .text($0) } ?? .empty }
            return (card.fields[name] ?? c.constant).map { .text($0) } ?? .empty
        case .ignore: return c.constant.map { .text($0) } ?? .empty
        }
    }

    /// The cards `card` links to as `type`, as a link column names them.
    private func linked(_ card: Card, _ type: LinkType) -> [String] {
        card.links.compactMap { $0.type == type ? linkNames[$0.card] ?? $0.card : nil }
    }

    /// A list field's items (`ListCodec`: repeated columns were gathered so).
    private static func fieldItems(_ card: Card, _ name: String) -> [String] {
        card.fields[name].map(ListCodec.split) ?? []
    }

    /// How many items of `attribute` a card has, for an attribute written one item per
    /// column; nil for one that is a single value.
    private static func itemCount(_ attribute: CardAttribute) -> ((Card) -> Int)? {
        switch attribute {
        case .labels: { $0.labels.count }
        case .assignees: { $0.assignees.count }
        case .reminders: { $0.reminders.count }
        case .comments: { $0.comments.count }
        case .attachments: { $0.attachments.count }
        case .link(let type): { card in card.links.count { $0.type == type } }
        case .field(let name): { fieldItems($0, name).count }
        default: nil
        }
    }

    private func listCell(_ items: [String], _ c: TabularColumn) -> TabularCell {
        if let k = c.item { return k < items.count ? .text(items[k]) : .empty }
        if items.isEmpty { return .empty }
        if items.count == 1, let only = items.first {
            var s = ""
            ListCodec.append(only, to: &s)
            return .text(s)
        }
        return .text(ListCodec.join(items))
    }

    private func dueCell(_ d: DueDate, _ c: TabularColumn) -> TabularCell {
        switch d {
        case .date(let day):
            if let f = c.dateFormat ?? c.dateTimeFormat { return .text(f.format(.date(day))) }
            return .date(day)
        case .instant(let i): return instantCell(i, c)
        }
    }

    private func instantCell(_ i: Instant, _ c: TabularColumn) -> TabularCell {
        if let f = c.dateTimeFormat { return .text(f.format(.dateTime(zone.local(i)))) }
        if localTimes { return .dateTime(zone.local(i)) }
        return .instant(i)
    }

    /// Every custom field name the cards use, sorted. A plain loop: a lazy `flatMap` into a
    /// `Set` cost four times as much on a large board.
    static func fieldNames(_ cards: [Card]) -> [String] {
        var names = Set<String>()
        for card in cards where !card.fields.isEmpty {
            for name in card.fields.keys { names.insert(name) }
        }
        return names.sorted()
    }

    /// What this layout leaves out of `board` (never silent): attributes with no column,
    /// custom fields not written, empty field values, unknown keys. History and the board
    /// catalogue are the format's to report. A format that keeps some of it elsewhere (the
    /// workbook's hidden columns) leaves those cases out before rendering the rest.
    public func losses(for board: Board) -> [TableLoss] {
        var out: [TableLoss] = []
        let have = Set(columns.map(\.attribute))
        func count(_ attribute: CardAttribute, _ test: (Card) -> Bool) {
            guard !have.contains(attribute) else { return }
            let n = board.cards.reduce(0) { $0 + (test($1) ? 1 : 0) }
            if n > 0 { out.append(.attribute(attribute, cards: n)) }
        }
        count(.id) { !$0.id.isEmpty }
        count(.body) { !$0.body.isEmpty }
        if !writesSections { count(.state) { _ in true } }
        count(.due) { $0.due != nil }
        count(.dueComplete) { $0.dueComplete }
        count(.start) { $0.start != nil }
        count(.created) { $0.created != nil }
        count(.updated) { $0.updated != nil }
        count(.completed) { $0.completed != nil }
        count(.labels) { !$0.labels.isEmpty }
        count(.assignees) { !$0.assignees.isEmpty }
        count(.reminders) { !$0.reminders.isEmpty }
        count(.position) { $0.position != nil }
        count(.archived) { $0.archived }
        count(.url) { $0.url != nil }
        var fieldsLeft = 0, emptyFields = 0, extras = 0
        // In place: `for card in board.cards` copies every card (all its strings retained).
        board.cards.withUnsafeBufferPointer { cards in
            for k in cards.indices {
                for (name, value) in cards[k].fields {
                    if !have.contains(.field(name)) { fieldsLeft += 1 } else if value.isEmpty { emptyFields += 1 }
                }
                extras += cards[k].extras.count
            }
        }
        if fieldsLeft > 0 { out.append(.customFieldValues(fieldsLeft)) }
        if emptyFields > 0 { out.append(.emptyFieldValues(emptyFields)) }
        if extras > 0 { out.append(.unknownCardKeys(extras)) }
        let nonFinite = board.cards.reduce(0) { $0 + (($1.position.map { !$0.isFinite }) ?? false ? 1 : 0) }
        if nonFinite > 0 { out.append(.nonFinitePositions(nonFinite)) }
        return out
    }

    /// What of the cards' conversation this layout has no column for: a format with no other
    /// place for it counts this in its data-not-written warning. Checklists never have one.
    public func conversationLeft(_ board: Board) -> ConversationTally {
        var left = ConversationTally(board)
        let have = Set(columns.map(\.attribute))
        if have.contains(.comments) { left.comments = 0 }
        if have.contains(.attachments) { left.attachments = 0 }
        let written = Set(have.compactMap(\.linkType))
        guard !written.isEmpty else { return left }
        // A link whose other side is written comes back too: the reader completes it (a
        // sub-task's parent gives the parent its child).
        var cards: [String: Card] = [:]
        for card in board.cards where cards[card.id] == nil { cards[card.id] = card }
        left.links = 0
        for card in board.cards {
            for link in card.links where !written.contains(link.type) {
                let inverse = link.type.inverse
                let back = inverse.map { written.contains($0) && cards[link.card]?.links.contains(CardLink($0, card.id)) == true } ?? false
                if !back { left.links += 1 }
            }
        }
        return left
    }

    /// `losses` rendered as `data-not-written` warnings at `file`.
    public func lossDiagnostics(for board: Board, file: String, keptElsewhere: (TableLoss) -> Bool = { _ in false }) -> [Diagnostic] {
        losses(for: board).filter { !keptElsewhere($0) }.map { $0.diagnostic(layout: mappingName, at: SourceLocation(file: file)) }
    }
}

/// One kind of thing a table layout cannot hold, with how much of it a board has: typed, so a
/// format decides what it keeps by the case, never by a message's wording.
public enum TableLoss: Sendable, Equatable {
    /// Cards with a value for an attribute the layout has no column for.
    case attribute(CardAttribute, cards: Int)
    /// Custom field values in a layout that writes no custom fields.
    case customFieldValues(Int)
    /// Empty custom field values: an empty cell reads back as no value.
    case emptyFieldValues(Int)
    /// Unknown keys of cards (kept from a newer boardkit's JSON).
    case unknownCardKeys(Int)
    /// Positions that are not finite numbers, written as text.
    case nonFinitePositions(Int)

    /// The `data-not-written` warning saying it; `layout` names the mapping.
    public func diagnostic(layout: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(TabularMessage.notWritten(self, layout: layout), at: location)
    }
}
