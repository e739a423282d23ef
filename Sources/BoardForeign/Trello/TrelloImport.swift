import BoardModel
import BoardIO

/// Turns a parsed Trello export into a board. One value per read; collects diagnostics.
struct TrelloImport: RecordImporter {
    let source: ForeignSource
    let options: ReaderOptions
    var diagnostics: [Diagnostic] = []
    private var map: ForeignSourceMap

    // Lookups built from the export's tables.
    private var listState: [String: String] = [:]      // list id → state id
    private var closedStates: Set<String> = []
    private var labelNames: [String: String] = [:]     // label id → label text
    private var memberNames: [String: String] = [:]    // member id → username
    private var customFields: [String: (name: String, options: [String: String])] = [:]
    /// Where the `actions` array starts, for the warnings about the history as a whole.
    private var actionsNode: JSONNode?
    /// Cards left out under `--skip-invalid`.
    private var leftOut: LeftOutItems

    init(source: ForeignSource, options: ReaderOptions) {
        self.source = source
        self.options = options
        self.map = ForeignSourceMap(source: source)
        leftOut = LeftOutItems(options.invalidItems)
    }

    private mutating func report(_ message: ForeignMessage, _ path: String, _ node: JSONNode?) {
        diagnostics.append(Diagnostic(message, at: source.location(path, node)))
    }

    /// An optional string key: nil when absent or null, reported when it is another type.
    private mutating func string(_ object: JSONNode, _ key: String, _ path: String) -> String? {
        guard let v = object[key], !v.isNull else { return nil }
        if let s = v.string { return s }
        report(.trelloWrongType(key: key, array: false, kind: v.kindName), "\(path).\(key)", v)
        return nil
    }

    /// An optional array of objects (absent → empty).
    private mutating func objects(_ object: JSONNode, _ key: String, _ path: String) -> [JSONNode] {
        guard let v = object[key], !v.isNull else { return [] }
        guard let items = v.array else {
            report(.trelloWrongType(key: key, array: true, kind: v.kindName), "\(path).\(key)", v)
            return []
        }
        return items
    }

    /// An optional timestamp key.
    private mutating func instant(_ object: JSONNode, _ key: String, _ path: String) -> Instant? {
        guard let text = string(object, key, path) else { return nil }
        if let i = ISO8601.parseInstant(text) { return i }
        report(.trelloInvalidDate(key: key, text: text), "\(path).\(key)", object[key])
        return nil
    }

    private func strings(_ node: JSONNode?) -> [String] {
        node?.array?.compactMap(\.string) ?? []
    }

    // MARK: Reading

    /// The arrays read an element at a time (`JSONElementStream`): the export's bulk (a
    /// busy board has a checklist on most cards). The rest of the export (lists, labels,
    /// members, custom fields) is small and read whole first, since the records refer to it.
    static let streamed: Set<String> = ["cards", "actions", "checklists"]

    /// What of a card and of an action the reading below uses (`JSONPick`): the rest (badges,
    /// covers, the names an action repeats, the member's avatar…) is skipped unbuilt. A key
    /// read below must be named here; the tests read every fixture with and without picks.
    static let cardPick = JSONPick("id", "idList", "name", "desc", "due", "start", "dueComplete", "dueReminder", "dateLastActivity",
                                   "pos", "closed", "url", "idLabels", "labels", "idMembers", "customFieldItems",
                                   TrelloKeys.boardkit, parts: [
        "attachments": JSONPick("name", "url", "isUpload", "mimeType", "bytes", "date", "idMember"),
    ])
    static let checklistPick = JSONPick("id", "idCard", "name", "pos", TrelloKeys.boardkit, parts: [
        "checkItems": JSONPick("name", "state", "pos", "due", "idMember", TrelloKeys.boardkit),
    ])
    static let actionPick = JSONPick("id", "type", "date", "idMemberCreator", parts: [
        "data": JSONPick("text", "dateLastEdited", parts: [
            "card": JSONPick("id", "idList"), "list": JSONPick("id"), "listBefore": JSONPick("id"),
            "listAfter": JSONPick("id"), "old": JSONPick("idList", "closed"), "action": JSONPick("id", "text"),
        ]),
        "memberCreator": JSONPick("username", "fullName"),
    ])
    /// False only in tests, which compare a read with picks against one without.
    var picking = true

    mutating func run(_ index: JSONMemberIndex) -> ReadResult {
        let root = index.root(leavingOut: Self.streamed)
        guard root.isObject, let lists = root["lists"]?.array, root["cards"]?.array != nil,
              let cards = index["cards"].map({ JSONElementStream($0, in: index) }) else {
            return .failed([Diagnostic(ForeignMessage.trelloNotABoard, at: source.location("", root))], file: source.file)
        }
        let ext = root[TrelloKeys.boardkit]
        var board = Board(id: string(root, "id", "") ?? StableID.make(prefix: "trello-", from: [root["name"]?.string ?? ""]),
                          name: string(root, "name", "") ?? "Trello board",
                          timeZone: ext?["timezone"]?.string ?? options.timeZone ?? "UTC",
                          states: [], cards: [], events: [])
        map.board = ForeignPlace(.document, 0, at: root.offset)
        for m in ext?["metadata"]?.members ?? [] {
            if let v = m.value.scalarText { board.metadata[m.key] = v }
        }
        if let url = string(root, "url", ""), !url.isEmpty { board.metadata[TrelloKeys.url] = url }
        if let desc = string(root, "desc", ""), !desc.isEmpty { board.metadata[TrelloKeys.desc] = desc }

        readLabels(objects(root, "labels", ""), labelNames: root["labelNames"], into: &board)
        readMembers(objects(root, "members", ""), into: &board)
        readCustomFields(objects(root, "customFields", ""), into: &board)
        readLists(lists, into: &board)
        // Called for its warning when "checklists" is not an array; an array streams.
        _ = objects(root, "checklists", "")
        let checklists = readChecklists(index["checklists"].flatMap { $0.isArray ? JSONElementStream($0, in: index) : nil })
        let cardIndex = readCards(cards, checklists: checklists, into: &board)
        // Called for its warning when "actions" is not an array; an array streams.
        _ = objects(root, "actions", "")
        let actions = index["actions"].flatMap { $0.isArray ? JSONElementStream($0, in: index) : nil }
        actionsNode = root["actions"]
        let (creations, oldest) = readActions(actions, cardIndex: cardIndex, into: &board)
        if ext == nil { linkAttachedCards(&board) }
        if board.cards.contains(where: { !$0.links.isEmpty }) { board.completeLinks() }
        finishCards(&board, creations: creations, isBoardkitFile: ext != nil, actionCount: actions?.count ?? 0,
                    oldestAction: oldest, hasActions: root["actions"] != nil)
        if let d = leftOut.summary(item: "card", items: "cards", at: SourceLocation(file: source.file)) { diagnostics.append(d) }
        return ReadResult(board: board, diagnostics: diagnostics, sourceMap: map)
    }

    /// The labels and their colours. An older export names its labels only in the board's
    /// `labelNames` (colour → name) and on the cards: those names get their colour from it.
    private mutating func readLabels(_ labels: [JSONNode], labelNames byColor: JSONNode?, into board: inout Board) {
        var colors: [(String, String)] = []
        for (k, label) in labels.enumerated() {
            let path = "labels[\(k)]"
            guard let id = string(label, "id", path) else {
                report(.trelloMissingID(.label), path, label)
                continue
            }
            let name = string(label, "name", path) ?? ""
            let color = string(label, "color", path)
            labelNames[id] = name.isEmpty ? (color ?? "label") : name
            // A named label without a colour is kept as `name=` so a writer leaves it colourless.
            if !name.isEmpty { colors.append((name, color ?? "")) }
        }
        for m in byColor?.members ?? [] {
            if let name = m.value.string, !name.isEmpty, !colors.contains(where: { $0.0 == name }) { colors.append((name, m.key)) }
        }
        if !colors.isEmpty { board.metadata[TrelloKeys.labelColors] = KeyValueLines.render(colors) }
    }

    private mutating func readMembers(_ members: [JSONNode], into board: inout Board) {
        var names: [(String, String)] = []
        for (k, member) in members.enumerated() {
            let path = "members[\(k)]"
            guard let id = string(member, "id", path) else { continue }
            let full = string(member, "fullName", path)
            let username = string(member, "username", path) ?? full ?? id
            memberNames[id] = username
            if let full, !full.isEmpty, full != username { names.append((username, full)) }
        }
        if !names.isEmpty { board.metadata[TrelloKeys.memberNames] = KeyValueLines.render(names) }
    }

    private mutating func readCustomFields(_ fields: [JSONNode], into board: inout Board) {
        var types: [(String, String)] = []
        for (k, field) in fields.enumerated() {
            let path = "customFields[\(k)]"
            guard let id = string(field, "id", path), let name = string(field, "name", path) else { continue }
            var choices: [String: String] = [:]
            for option in field["options"]?.array ?? [] {
                if let oid = option["id"]?.string, let text = option["value"]?["text"]?.string { choices[oid] = text }
            }
            customFields[id] = (name, choices)
            types.append((name, string(field, "type", path) ?? "text"))
        }
        if !types.isEmpty { board.metadata[TrelloKeys.customFieldTypes] = KeyValueLines.render(types) }
    }

    private mutating func readLists(_ lists: [JSONNode], into board: inout Board) {
        // Trello orders lists by `pos`; the array is usually in that order already.
        var positions: [(pos: Double, index: Int)] = []
        for (k, list) in lists.enumerated() { positions.append((Self.position(list, else: k), k)) }
        positions.sort { $0.pos != $1.pos ? $0.pos < $1.pos : $0.index < $1.index }
        let ordered = positions.map { ($0.index, lists[$0.index]) }
        var usedIDs: Set<String> = []
        var pendingMerges: [(listID: String, target: String, path: String, node: JSONNode)] = []
        for (k, list) in ordered {
            let path = "lists[\(k)]"
            guard list.isObject else {
                report(.trelloNotAnObject(item: .list, kind: list.kindName), path, list)
                continue
            }
            guard let id = string(list, "id", path) else {
                report(.trelloMissingID(.list), path, list)
                continue
            }
            if listState[id] != nil {
                report(.trelloDuplicateList(id), "\(path).id", list["id"])
                continue
            }
            let name = string(list, "name", path) ?? id
            // --state-map first: onto a category, or onto another list's state.
            var category: StateCategory?
            if let target = options.stateMapTarget(for: name) {
                if let c = StateCategory(rawValue: target.lowercased()) {
                    category = c
                } else {
                    pendingMerges.append((id, target, path, list))
                }
            }
            if category == nil, let c = list[TrelloKeys.listCategory]?.string { category = StateCategory(rawValue: c) }
            var stateID = list[TrelloKeys.listState]?.string ?? StableID.slug(name)
            if usedIDs.contains(stateID) {
                var n = 2
                while usedIDs.contains("\(stateID)-\(n)") { n += 1 }
                stateID = "\(stateID)-\(n)"
            }
            usedIDs.insert(stateID)
            let wip = Self.wipLimit(list["softLimit"])
            board.states.append(BoardState(id: stateID, name: name,
                                           category: category ?? StateCategoryWords.guess(name),
                                           wipLimit: wip))
            map.states.append(ForeignPlace(.lists, k, at: list.offset))
            listState[id] = stateID
            if list["closed"]?.bool == true { closedStates.insert(stateID) }
        }
        // `--state-map 'Old=done'` where `done` names another state: its cards join that state.
        for merge in pendingMerges {
            let target = board.states.first { $0.id == merge.target || $0.name == merge.target }
            guard let target, let own = listState[merge.listID], own != target.id else { continue }
            listState[merge.listID] = target.id
            if let i = board.states.firstIndex(where: { $0.id == own }) {
                board.states.remove(at: i)
                map.states.remove(at: i)
            }
        }
        if !closedStates.isEmpty {
            board.metadata[TrelloKeys.closedLists] = board.states.map(\.id).filter { closedStates.contains($0) }
                .joined(separator: ",")
        }
    }

    /// An object's `pos`, or `fallback` when it has none.
    private static func position(_ node: JSONNode, else fallback: Int) -> Double {
        if let p = node["pos"], case .number(let d) = p.kind { return d }
        return Double(fallback)
    }

    /// A list's `softLimit` (Trello writes it as a string; a number is taken too).
    private static func wipLimit(_ node: JSONNode?) -> Int? {
        guard let node else { return nil }
        switch node.kind {
        case .number(let d): return d >= 0 && d < 1e9 ? Int(d) : nil
        case .string(let s): return Int(s)
        default: return nil
        }
    }

    /// Checklists by card id, in `pos` order, items in `pos` order: each item's state, its
    /// own due and its member (named as card members are; an id the export's members lack
    /// is kept as it is).
    /// A checklist as read, waiting for its card: where it goes among the card's checklists
    /// (Trello's `pos`, then file order) and where it was, for the warning about checklists
    /// of cards the export lacks.
    struct ChecklistRead {
        let list: Checklist
        let pos: Double
        let index: Int
        let offset: Int
    }

    /// Reads the checklists (each where it was parsed, as `readCards` does); returns them by
    /// card id, each card's in Trello's order.
    private mutating func readChecklists(_ lists: JSONElementStream?) -> [String: [ChecklistRead]] {
        var byCard: [String: [ChecklistRead]] = [:]
        lists?.read(with: self, keeping: picking ? Self.checklistPick : nil, { reader, k, node, _ in
            reader.readChecklist(k, node)
        }, take: { read in
            diagnostics += read.said
            guard let (card, list, pos) = read.value else { return }
            byCard[card, default: []].append(ChecklistRead(list: list, pos: pos, index: read.index, offset: read.offset))
        })
        return byCard.mapValues { entries in
            entries.sorted { a, b in a.pos != b.pos ? a.pos < b.pos : a.index < b.index }
        }
    }

    /// One checklist element with its card's id and its `pos`; nil when it names no card.
    private mutating func readChecklist(_ k: Int, _ node: JSONNode) -> (card: String, list: Checklist, pos: Double)? {
        let path = "checklists[\(k)]"
        guard let card = string(node, "idCard", path) else { return nil }
        let ordered = objects(node, "checkItems", path).enumerated().sorted {
            ($0.element["pos"]?.number ?? Double($0.offset)) < ($1.element["pos"]?.number ?? Double($1.offset))
        }
        var items: [ChecklistItem] = []
        items.reserveCapacity(ordered.count)
        for (j, item) in ordered {
            let at = "\(path).checkItems[\(j)]"
            items.append(ChecklistItem(text: string(item, "name", at) ?? "", done: item["state"]?.string == "complete",
                                       due: date(item, "due", at, override: item[TrelloKeys.boardkit]?["due"]),
                                       assignee: string(item, "idMember", at).map { memberNames[$0] ?? $0 }))
        }
        // A checklist boardkit wrote for one that had no id says so (its id was made for Trello).
        let madeID = node[TrelloKeys.boardkit]?["id"]?.isNull == true
        let list = Checklist(id: madeID ? nil : string(node, "id", path), name: string(node, "name", path) ?? "Checklist",
                             items: items)
        return (card, list, node["pos"]?.number ?? Double(k))
    }

    /// Reads the cards; returns card id → index in `board.cards`.
    ///
    /// Each card is read where it was parsed, on a copy of this import (its tables are only
    /// read there) that collects the card's own diagnostics; the cards and what was said
    /// about them are then taken in file order.
    private mutating func readCards(_ cards: JSONElementStream,
                                    checklists: [String: [ChecklistRead]],
                                    into board: inout Board) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(cards.count)
        board.cards.reserveCapacity(cards.count)
        map.cards.reserveCapacity(cards.count)
        cards.read(with: self, keeping: picking ? Self.cardPick : nil, { reader, k, node, interning in
            var card = reader.readCard(k, node, checklists: checklists)
            if card != nil { interning.share(&card!) }
            return card
        }, take: { read in
            let mark = diagnostics.count
            diagnostics += read.said
            let leftOutNow = leftOut.leavesOut(&diagnostics, since: mark)
            guard let card = read.value, !leftOutNow else { return }
            if index[card.id] == nil { index[card.id] = board.cards.count }
            board.cards.append(card)
            map.cards.append(ForeignPlace(.cards, read.index, at: read.offset))
        })
        // Checklists of cards that are not in the export (deleted cards).
        // The first in the file is named (a dictionary's order changes from run to run).
        let orphans = checklists.filter { index[$0.key] == nil }.flatMap(\.value)
        if let first = orphans.min(by: { $0.offset < $1.offset }) {
            diagnostics.append(Diagnostic(ForeignMessage.trelloOrphanChecklists(orphans.count),
                                          at: source.location("checklists[\(first.index)]", at: first.offset)))
        }
        return index
    }

    /// One card element as a card, or nil when it cannot be one (said in `diagnostics`).
    private mutating func readCard(_ k: Int, _ node: JSONNode,
                                   checklists: [String: [ChecklistRead]]) -> Card? {
        let path = "cards[\(k)]"
        guard node.isObject else {
            report(.trelloNotAnObject(item: .card, kind: node.kindName), path, node)
            return nil
        }
        guard let id = string(node, "id", path) else {
            report(.trelloMissingID(.card), path, node)
            return nil
        }
        let listID = string(node, "idList", path)
        guard let listID, let state = listState[listID] else {
            report(.trelloUnknownList(card: id, list: listID), "\(path).idList", node["idList"] ?? node)
            return nil
        }
        let ext = node[TrelloKeys.boardkit]
        var card = Card(id: id, title: string(node, "name", path) ?? "", state: state)
        var fields: [String: String] = [:]
        let desc = string(node, "desc", path) ?? ""

        card.due = date(node, "due", path, override: ext?["due"])
        card.start = date(node, "start", path, override: ext?["start"])
        card.dueComplete = node["dueComplete"]?.bool == true
        card.reminders = TrelloReminder.read(dueReminder: node["dueReminder"]?.number, exact: ext?["reminders"]?.array?.compactMap(\.string))
        card.updated = instant(node, "dateLastActivity", path)
        // boardkit's exact updated time, in its own offset, while it is still the same moment
        // (an importer that touched the card has moved dateLastActivity on).
        if let s = ext?["updated"]?.string, let exact = ISO8601.parseInstant(s),
           exact.epochMilliseconds == card.updated?.epochMilliseconds {
            card.updated = exact
        }
        if let s = ext?["created"]?.string { card.created = ISO8601.parseInstant(s) }
        if let s = ext?["completed"]?.string { card.completed = ISO8601.parseInstant(s) }
        card.position = node["pos"]?.number
        card.archived = node["closed"]?.bool == true || closedStates.contains(state)
        if let url = string(node, "url", path), !url.isEmpty { card.url = url }

        for (j, labelID) in strings(node["idLabels"]).enumerated() {
            if let name = labelNames[labelID] ?? inlineLabel(node, labelID) {
                if !card.labels.contains(name) { card.labels.append(name) }
            } else {
                report(.trelloUnknownLabel(card: id, label: labelID), "\(path).idLabels[\(j)]", node["idLabels"]?.array?[j])
            }
        }
        for (j, memberID) in strings(node["idMembers"]).enumerated() {
            if let name = memberNames[memberID] {
                card.assignees.append(name)
            } else {
                report(.trelloUnknownMember(card: id, member: memberID), "\(path).idMembers[\(j)]", node["idMembers"]?.array?[j])
            }
        }
        for (j, item) in objects(node, "customFieldItems", path).enumerated() {
            guard let fieldID = item["idCustomField"]?.string, let field = customFields[fieldID] else {
                report(.trelloUnknownCustomField(card: id), "\(path).customFieldItems[\(j)]", item)
                continue
            }
            if let option = item["idValue"]?.string {
                fields[field.name] = field.options[option] ?? option
            } else if let value = item["value"]?.members?.first?.value.scalarText {
                fields[field.name] = value
            }
        }
        for (j, a) in objects(node, "attachments", path).enumerated() {
            if let attachment = attachment(a, "\(path).attachments[\(j)]") { card.attachments.append(attachment) }
        }
        card.checklists = checklists[id]?.map(\.list) ?? []
        // Links between cards, which Trello has no place for: only in boardkit's own key.
        for l in ext?["links"]?.array ?? [] {
            if let type = l["type"]?.string.flatMap(LinkType.init(rawValue:)), let other = l["card"]?.string {
                card.links.append(CardLink(type, other))
            }
        }
        card.body = desc
        card.fields = fields
        return card
    }

    /// One of a card's attachments (nil without a URL: there is nothing to point to).
    private mutating func attachment(_ a: JSONNode, _ path: String) -> Attachment? {
        guard let url = string(a, "url", path), !url.isEmpty else { return nil }
        var size: Int?
        if let bytes = a["bytes"], case .number(let n) = bytes.kind, n >= 0, n < 9e15 { size = Int(n) }
        return Attachment(name: string(a, "name", path) ?? "", url: url, type: string(a, "mimeType", path), size: size,
                          at: instant(a, "date", path), by: string(a, "idMember", path).map { memberNames[$0] ?? $0 },
                          upload: a["isUpload"]?.bool)
    }

    /// Trello shows a card attached to another as a link to it: an attachment whose URL is
    /// the address of another card of this board becomes a `relates` link too (the
    /// attachment stays). `Board.completeLinks` then gives the other card its side.
    private func linkAttachedCards(_ board: inout Board) {
        // Most boards attach no card: then the cards' own addresses are not even looked at.
        let attached = Set(board.cards.lazy.flatMap(\.attachments).compactMap { TrelloCardURL.shortLink($0.url) })
        guard !attached.isEmpty else { return }
        var byShortLink: [Substring: String] = [:]
        for card in board.cards {
            if let url = card.url, let link = TrelloCardURL.shortLink(url), attached.contains(link) { byShortLink[link] = card.id }
        }
        for k in board.cards.indices {
            for a in board.cards[k].attachments {
                guard let link = TrelloCardURL.shortLink(a.url), let other = byShortLink[link],
                      other != board.cards[k].id, !board.cards[k].links.contains(CardLink(.relates, other)) else { continue }
                board.cards[k].links.append(CardLink(.relates, other))
            }
        }
    }

    private func inlineLabel(_ card: JSONNode, _ id: String) -> String? {
        guard let label = card["labels"]?.array?.first(where: { $0["id"]?.string == id }) else { return nil }
        if let name = label["name"]?.string, !name.isEmpty { return name }
        return label["color"]?.string
    }

    /// A due or start date: Trello's instant, or boardkit's exact value (a calendar date, an
    /// offset) when the export was written by boardkit.
    private mutating func date(_ node: JSONNode, _ key: String, _ path: String, override: JSONNode?) -> DueDate? {
        guard let i = instant(node, key, path) else { return nil }
        if let text = override?.string, let exact = DueDate(iso: text) { return exact }
        return .instant(i)
    }

    // MARK: Actions

    private enum ActionKind {
        case created, update, deleted, touch, comment
    }

    private static let creating: Set<String> = ["createCard", "copyCard", "convertToCardFromCheckItem",
                                                "emailCard", "moveCardToBoard"]
    private static let touching: Set<String> = [
        "addMemberToCard", "removeMemberFromCard", "addChecklistToCard",
        "removeChecklistFromCard", "updateCheckItemStateOnCard", "updateCheckItem", "createCheckItem",
        "deleteCheckItem", "addAttachmentToCard", "deleteAttachmentFromCard", "addLabelToCard",
        "removeLabelFromCard", "updateCustomFieldItem", "updateComment", "deleteComment",
    ]

    /// Reads the actions into events, oldest first, and the comment actions into the cards'
    /// comments. Returns card index → creation instant, and the date of the oldest action.
    private mutating func readActions(_ actions: JSONElementStream?, cardIndex: [String: Int],
                                      into board: inout Board) -> (creations: [Int: Instant], oldest: Instant?) {
        // Deleted or moved-away cards are not in `cards`; their actions are expected strays.
        // Which cards are gone is known only once every action has been read (in one pass),
        // so an action for a card the export lacks waits, with the place its warning would
        // take among the diagnostics, until then.
        var gone: Set<String> = []
        var unknown: [(cardID: String, type: String, path: String, idOffset: Int?, offset: Int, place: Int)] = []
        var notKept: [String: Int] = [:]
        var creations: [Int: Instant] = [:]
        var comments = TrelloCommentLog()
        var oldest: Instant?
        // The events and where each was read, in reading order (sorted at the end).
        var events: [Event] = []
        var places: [ForeignPlace] = []
        // At most an event per action; what is reserved but never written takes no memory.
        events.reserveCapacity(actions?.count ?? 0)
        places.reserveCapacity(actions?.count ?? 0)
        // Trello lists actions newest first; walk them oldest first so equal times keep order.
        // Each action is read where it was parsed (as `readCards` does), then taken in order.
        let cards = board.cards
        actions?.read(with: self, reversed: true, keeping: picking ? Self.actionPick : nil, { reader, k, action, _ in
            reader.readAction(k, action, cardIndex: cardIndex, cards: cards)
        }, take: { r in
            diagnostics += r.said
            if let id = r.value.gone { gone.insert(id) }
            if let at = r.value.at, oldest.map({ at < $0 }) ?? true { oldest = at }
            if let c = r.value.comment { comments.record(c.change, card: c.card, at: c.at) }
            switch r.value.outcome {
            case .refused, .comment:
                break
            case .notKept(let type):
                notKept[type, default: 0] += 1
            case .unknownCard(let cardID, let type, let idOffset, let offset):
                unknown.append((cardID, type, "actions[\(r.index)]", idOffset, offset, diagnostics.count))
            case .event(let event, let card, let offset):
                if event.type == .created, creations[card] == nil { creations[card] = event.at }
                events.append(event)
                places.append(ForeignPlace(.actions, r.index, at: offset))
            }
        })
        var strays = 0, goneActions = 0
        var strayFirst: (path: String, offset: Int)?
        var warnings: [(place: Int, Diagnostic)] = []
        for u in unknown {
            if gone.contains(u.cardID) {
                goneActions += 1
                continue
            }
            strays += 1
            if strays <= 10 {
                warnings.append((u.place, Diagnostic(ForeignMessage.trelloActionUnknownCard(type: u.type, card: u.cardID),
                    at: source.location("\(u.path).data.card.id", at: u.idOffset))))
            }
            if strayFirst == nil { strayFirst = (u.path, u.offset) }
        }
        // Last first, so that the places of the earlier ones stay where they were.
        for (place, warning) in warnings.reversed() { diagnostics.insert(warning, at: place) }
        // Oldest first, equal times in reading order. Walked back, an export's actions are
        // usually in that order already; otherwise they are put in it through a permutation
        // applied in place (`permute`), rather than by sorting records of every event or
        // mapping into new arrays (either held the events twice over at a million cards).
        func before(_ a: Int, _ b: Int) -> Bool { events[a].at != events[b].at ? events[a].at < events[b].at : a < b }
        if events.indices.dropFirst().contains(where: { before($0, $0 - 1) }) {
            let order = events.indices.sorted(by: before)
            permute(&events, by: order)
            permute(&places, by: order)
        }
        board.events = events
        map.events = places
        comments.apply(to: &board.cards)

        if strays > 10 {
            diagnostics.append(Diagnostic(ForeignMessage.trelloActionsUnknownCards(count: strays, listed: 10),
                at: source.location(strayFirst?.path ?? "actions", at: strayFirst?.offset)))
        }
        if goneActions > 0 {
            report(.trelloDeletedCardHistory(actions: goneActions, cards: gone.count), "actions", actionsNode)
        }
        if !notKept.isEmpty {
            report(.trelloActionsNotKept(notKept), "actions", actionsNode)
        }
        return (creations, oldest)
    }

    /// What one action element comes to: an event, a comment, or why it is neither.
    private struct ActionRead {
        /// The card a `deleteCard` or `moveCardFromBoard` action says is gone.
        var gone: String?
        /// The action's date, whatever its type (for the oldest action kept).
        var at: Instant?
        /// What it does to the comments of the card at position `card`.
        var comment: (card: Int, at: Instant, change: TrelloCommentChange)?
        var outcome: Outcome

        enum Outcome {
            /// Left out, with a diagnostic of its own when there was something to say.
            case refused
            /// A type of action the history does not keep, or one naming no card.
            case notKept(type: String)
            /// For a card the export does not have: waits until every action is read.
            case unknownCard(cardID: String, type: String, idOffset: Int?, offset: Int)
            /// An event of the card at position `card` in `board.cards`.
            case event(Event, card: Int, offset: Int)
            /// A `commentCard`: the comment records it, not an event.
            case comment
        }
    }

    /// One action element (the `k`th of the export) read against the cards read before it.
    private mutating func readAction(_ k: Int, _ action: JSONNode, cardIndex: [String: Int], cards: [Card]) -> ActionRead {
        let path = "actions[\(k)]"
        let t = action["type"]?.string
        var read = ActionRead(gone: nil, outcome: .refused)
        if t == "deleteCard" || t == "moveCardFromBoard", let id = action["data"]?["card"]?["id"]?.string { read.gone = id }
        read.at = action["date"]?.string.flatMap(ISO8601.parseInstant)
        guard action.isObject else {
            report(.trelloNotAnObject(item: .action, kind: action.kindName), path, action)
            return read
        }
        let type = action["type"]?.string ?? "(no type)"
        let kind: ActionKind
        if Self.creating.contains(type) { kind = .created }
        else if type == "commentCard" { kind = .comment }
        else if type == "updateCard" { kind = .update }
        else if type == "deleteCard" || type == "moveCardFromBoard" { kind = .deleted }
        else if Self.touching.contains(type) { kind = .touch }
        else { read.outcome = .notKept(type: type); return read }

        guard let at = instant(action, "date", path) else {
            if action["date"] == nil { report(.trelloNoActionDate, path, action) }
            return read
        }
        let data = action["data"]
        guard let cardID = data?["card"]?["id"]?.string else { read.outcome = .notKept(type: type); return read }
        guard let card = cardIndex[cardID] else {
            read.outcome = .unknownCard(cardID: cardID, type: type, idOffset: data?["card"]?["id"]?.offset, offset: action.offset)
            return read
        }
        let actor = person(action)
        func state(_ list: JSONNode?) -> String? { list?["id"]?.string.flatMap { listState[$0] } }
        // The card's own id string, shared, rather than the copy this action holds.
        var event = Event(card: cards[card].id, at: at, type: .updated, actor: actor)
        switch kind {
        case .created:
            event.type = .created
            event.to = state(data?["list"]) ?? cards[card].state
        case .deleted:
            event.type = .deleted
        case .touch:
            event.type = .updated
            if let change = commentChange(type, data) { read.comment = (card, at, change) }
        case .comment:
            let text = data?["text"]?.string ?? ""
            let id = string(action, "id", path) ?? StableID.make(prefix: "", from: [cardID, at.description, text])
            var edited: Instant?
            if let data { edited = instant(data, "dateLastEdited", "\(path).data") }
            read.comment = (card, at, .add(CardComment(id: id, author: actor, at: at, text: text, edited: edited)))
            read.outcome = .comment
            return read
        case .update:
            let old = data?["old"]
            if let after = data?["listAfter"] {
                event.type = .moved
                event.from = state(data?["listBefore"])
                event.to = state(after)
            } else if let oldList = old?["idList"]?.string {
                event.type = .moved
                event.from = listState[oldList]
                event.to = data?["card"]?["idList"]?.string.flatMap { listState[$0] }
            } else if let wasClosed = old?["closed"]?.bool {
                event.type = wasClosed ? .restored : .archived
            }
            // A move between lists the export no longer has says nothing usable.
            if event.type == .moved, event.from == nil || event.to == nil {
                if event.to == nil { event.type = .updated; event.from = nil }
            }
        }
        read.outcome = .event(event, card: card, offset: action.offset)
        return read
    }

    /// Who did an action (or wrote a comment), as the reader names people: the member's
    /// username; else the username the export's members give its id; else its full name;
    /// else that id.
    private func person(_ action: JSONNode) -> String? {
        let creator = action["memberCreator"]
        if let name = creator?["username"]?.string { return name }
        if let id = action["idMemberCreator"]?.string, let name = memberNames[id] { return name }
        return creator?["fullName"]?.string ?? action["idMemberCreator"]?.string
    }

    /// An `updateComment` (the comment's id and new text in `data.action`) or a
    /// `deleteComment` (its id there).
    private func commentChange(_ type: String, _ data: JSONNode?) -> TrelloCommentChange? {
        guard let id = data?["action"]?["id"]?.string else { return nil }
        switch type {
        case "updateComment": return .edit(id: id, text: data?["action"]?["text"]?.string ?? data?["text"]?.string)
        case "deleteComment": return .delete(id: id)
        default: return nil
        }
    }

    /// Creation and completion times, and the warning when history looks cut.
    private mutating func finishCards(_ board: inout Board, creations: [Int: Instant], isBoardkitFile: Bool,
                                      actionCount: Int, oldestAction: Instant?, hasActions: Bool) {
        // The last time each card entered a done state.
        var category: [String: StateCategory] = [:]
        for s in board.states { category[s.id] = s.category }
        var enteredDone: [String: Instant] = [:]
        for e in board.events where e.type == .created || e.type == .moved {
            if let to = e.to, category[to] == .done { enteredDone[e.card] = e.at }
            else if e.to != nil { enteredDone[e.card] = nil }
        }
        var uncreated = 0
        for k in board.cards.indices {
            if board.cards[k].created == nil {
                if let at = creations[k] {
                    board.cards[k].created = at
                } else {
                    board.cards[k].created = TrelloID.creationTime(board.cards[k].id)
                    if !isBoardkitFile { uncreated += 1 }
                }
            }
            if board.cards[k].completed == nil, category[board.cards[k].state] == .done {
                board.cards[k].completed = enteredDone[board.cards[k].id]
            }
        }
        guard !isBoardkitFile else { return }
        // Trello's export stops at the last 1,000 actions (more is not Trello's own export).
        if actionCount == TrelloKeys.actionLimit {
            report(.trelloActionLimit(oldest: oldestAction, uncreated: uncreated), "actions", actionsNode)
        } else if !hasActions && !board.cards.isEmpty {
            report(.trelloNoActions, "", nil)
        } else if uncreated > 0 {
            report(.trelloNoCreateActions(uncreated), "actions", actionsNode)
        }
    }
}
