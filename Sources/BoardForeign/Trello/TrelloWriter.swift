import Foundation
import BoardModel
import BoardIO

/// Writes a board as a Trello-shaped board export: the JSON that Wekan, Planka and
/// Focalboard import from Trello (lists, cards, labels, members, checklists, custom fields
/// and the actions that carry the history).
///
/// Keys Trello does not have go under `boardkit` (the board's zone and metadata, a card's
/// exact dates) and `boardkitState`/`boardkitCategory` on lists; importers ignore them and
/// `TrelloReader` uses them, so board → Trello → board keeps the board.
public struct TrelloWriter: BoardWriter {
    public init() {}

    public func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult {
        let diagnostics = OutputFile.writeJSON(to: path) { out in
            var builder = TrelloExportBuilder(board: board)
            builder.write(to: &out)
            return builder.diagnostics
        }
        // A list per state, an action per event (its field changes left out, as a warning says)
        // and per comment.
        let comments = board.cards.reduce(0) { $0 + $1.comments.count }
        return WriteResult(written: [Counted(board.cards.count, "card"), Counted(board.states.count, "list"),
                                     Counted(board.events.count + comments, "action")], diagnostics: diagnostics)
    }

    /// The export as bytes, and warnings for what it could not hold.
    public func export(_ board: Board, options: WriterOptions = WriterOptions()) -> ([UInt8], [Diagnostic]) {
        var builder = TrelloExportBuilder(board: board)
        var out = JSONWriter()
        builder.write(to: &out)
        return (out.finish(), builder.diagnostics)
    }
}

/// Writes the export of a board: the small parts as JSON trees, the actions, cards and
/// checklists a chunk at a time on every core (`inOrderChunks`), so that no tree of the
/// whole export is built; the bytes are what `JSONSerializer.bytes` would make of the whole
/// tree.
struct TrelloExportBuilder {
    let board: Board
    private(set) var diagnostics: [Diagnostic] = []
    private let zone: Zone
    private let boardRef: JSONNode
    private var listIDs: [String: String] = [:]   // state id → list id
    private var listRefs: [String: JSONNode] = [:]
    private var labelIDs: [String: String] = [:]  // label text → label id
    private var labelOrder: [(name: String, color: String, id: String)] = []
    private var memberIDs: [String: String] = [:] // username → member id
    private var memberOrder: [String] = []
    // Card id → index of the (last) card with it, and by that index the card's latest
    // event: an index rather than tables of titles, states and times by id, which at a
    // million cards held a hundred megabytes more.
    private var cardIndex: [String: Int] = [:]
    private var lastEvent: [Instant?] = []
    /// The actions to write, oldest first: events and comments by time (empty when the
    /// board has no comments: then the events alone, without an array of them).
    private var actions: [ActionSource] = []

    /// What an action of the export is written from.
    private enum ActionSource {
        /// `board.events[k]`.
        case event(Int)
        /// The comment `comment` of `board.cards[card]`: a `commentCard`.
        case comment(card: Int, comment: Int)
    }

    init(board: Board) {
        self.board = board
        zone = board.zone ?? Zone.utc
        boardRef = .object([("id", .string(board.id)), ("name", .string(board.name))])
    }

    mutating func write(to out: inout JSONWriter) {
        for s in board.states {
            let id = TrelloID.make("list", s.id)
            listIDs[s.id] = id
            listRefs[s.id] = .object([("id", .string(id)), ("name", .string(s.name))])
        }
        // Labels the board defined come first, in their order, even when no card has them (a
        // board read from Trello keeps its labels that way); then those only cards name.
        let colors = KeyValueLines.parse(board.metadata[TrelloKeys.labelColors])
        for (name, _) in KeyValueLines.pairs(board.metadata[TrelloKeys.labelColors]) { addLabel(name, colors: colors) }
        for card in board.cards { for l in card.labels { addLabel(l, colors: colors) } }
        for card in board.cards { for a in card.assignees { addMember(a) } }
        lastEvent = Array(repeating: nil, count: board.cards.count)
        for (k, card) in board.cards.enumerated() { cardIndex[card.id] = k }
        for e in board.events {
            if let a = e.actor { addMember(a) }
            if let k = cardIndex[e.card] { lastEvent[k] = e.at }
        }
        // Everyone the conversation names is a member, so that the export can name them by id.
        for card in board.cards where card.hasConversation {
            for c in card.comments { if let a = c.author { addMember(a) } }
            for l in card.checklists { for item in l.items { if let a = item.assignee { addMember(a) } } }
            for a in card.attachments { if let by = a.by { addMember(by) } }
        }
        actions = Self.actionSources(board)

        let customFields = buildCustomFields()
        let closed = Set((board.metadata[TrelloKeys.closedLists] ?? "").split(separator: ",").map(String.init))
        let lists: [JSONNode] = board.states.enumerated().map { k, s in
            .object([
                ("id", .string(listIDs[s.id]!)), ("name", .string(s.name)), ("closed", .bool(closed.contains(s.id))),
                ("pos", .number(Double((k + 1) * 16384))),
                ("softLimit", s.wipLimit.map { .string(String($0)) } ?? .null),
                ("idBoard", .string(board.id)), ("subscribed", .bool(false)),
                (TrelloKeys.listState, .string(s.id)), (TrelloKeys.listCategory, .string(s.category.rawValue)),
            ])
        }
        let labels: [JSONNode] = labelOrder.map(labelNode)
        let fullNames = KeyValueLines.parse(board.metadata[TrelloKeys.memberNames])
        let members: [JSONNode] = memberOrder.map { u in
            .object([("id", .string(memberIDs[u]!)), ("username", .string(u)),
                     ("fullName", .string(fullNames[u] ?? u)), ("initials", .string(String(u.prefix(2)).uppercased())),
                     ("memberType", .string("normal"))])
        }
        let labelNames: [(String, JSONNode?)] = TrelloKeys.colors.map { c in
            (c, .string(labelOrder.first { $0.color == c && $0.name != c }?.name ?? ""))
        }
        let metadata: [(String, JSONNode?)] = board.metadata.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }
        var extrasLeft = board.extras.count + board.states.reduce(0) { $0 + $1.extras.count }
        extrasLeft += board.events.reduce(0) { $0 + $1.extras.count }
        extrasLeft += board.cards.reduce(0) { $0 + $1.extras.count }
        if extrasLeft > 0 {
            diagnostics.append(Diagnostic(ForeignMessage.trelloExtrasNotWritten(extrasLeft)))
        }
        let changesLeft = board.fieldChangeCount
        if changesLeft > 0 {
            diagnostics.append(Diagnostic(ForeignMessage.trelloChangesNotWritten(changesLeft)))
        }
        let head: [(String, JSONNode?)] = [
            ("id", .string(board.id)), ("name", .string(board.name)),
            ("desc", .string(board.metadata[TrelloKeys.desc] ?? "")), ("descData", .null),
            ("closed", .bool(false)), ("idOrganization", .null), ("pinned", .bool(false)),
            ("url", .string(board.metadata[TrelloKeys.url] ?? "")),
            ("shortUrl", .string(board.metadata[TrelloKeys.url] ?? "")),
            ("prefs", .object([("permissionLevel", .string("private")), ("voting", .string("disabled")),
                               ("comments", .string("members")), ("background", .string("blue")),
                               ("backgroundColor", .string("#0079BF")), ("cardCovers", .bool(true))])),
            ("labelNames", .object(labelNames)),
            (TrelloKeys.boardkit, .object([("timezone", .string(board.timeZone)),
                                           ("metadata", .object(metadata))])),
        ]
        out.beginObject()
        for case (let key, let value?) in head { member(key, value, to: &out) }
        // From here on the builder is only read, by every core at once: a copy to share.
        let builder = self
        // Trello lists the newest action first.
        let count = actions.isEmpty ? board.events.count : actions.count
        streamed("actions", count: count, to: &out) { k in
            switch builder.actions.isEmpty ? ActionSource.event(count - 1 - k) : builder.actions[count - 1 - k] {
            case .event(let e): [builder.actionNode(e, fullNames: fullNames)]
            case .comment(let card, let comment): [builder.commentNode(card, comment, fullNames: fullNames)]
            }
        }
        streamed("cards", count: board.cards.count, to: &out) {
            [builder.cardNode(builder.board.cards[$0], index: $0, customFields: customFields)]
        }
        member("labels", .array(labels), to: &out)
        member("lists", .array(lists), to: &out)
        member("members", .array(members), to: &out)
        streamed("checklists", count: board.cards.count, to: &out) { builder.checklistNodes(builder.board.cards[$0]) }
        member("customFields", .array(customFields.nodes), to: &out)
        member("memberships", .array(memberOrder.map { u in
            .object([("id", .string(TrelloID.make("membership", u))), ("idMember", .string(memberIDs[u]!)),
                     ("memberType", .string("normal")), ("unconfirmed", .bool(false)), ("deactivated", .bool(false))])
        }), to: &out)
        out.endObject()
        out.endDocument()
    }

    /// `"key": value` as a member of the root object.
    private func member(_ key: String, _ value: JSONNode, to out: inout JSONWriter) {
        out.key(named: key)
        JSONSerializer.write(value, to: &out)
    }

    /// A member whose value is an array of the objects `elements` makes for each of `count`
    /// items (none, one or more each), made a chunk of items at a time and written in order.
    private func streamed(_ key: String, count: Int, to out: inout JSONWriter, _ elements: (Int) -> [JSONNode]) {
        out.key(named: key)
        out.beginArray()
        let frame = out.fragment()
        inOrderChunks(count: count, make: { range -> JSONWriter in
            var part = frame.fragment()
            for k in range {
                for node in elements(k) { JSONSerializer.write(node, to: &part) }
            }
            return part
        }, take: { out.append(fragment: $0) })
        out.endArray()
    }

    private mutating func addLabel(_ name: String, colors: [String: String]) {
        guard labelIDs[name] == nil else { return }
        let id = TrelloID.make("label", name)
        let color = colors[name] ?? (TrelloKeys.colors.contains(name) ? name
            : TrelloKeys.colors[labelOrder.count % TrelloKeys.colors.count])
        labelIDs[name] = id
        labelOrder.append((name, color, id))
    }

    /// The events (already oldest first) and the comments merged by time; at equal times
    /// events first, each in its own order.
    private static func actionSources(_ board: Board) -> [ActionSource] {
        var comments: [(at: Instant, card: Int, comment: Int)] = []
        for (k, card) in board.cards.enumerated() {
            for (j, c) in card.comments.enumerated() { comments.append((c.at, k, j)) }
        }
        guard !comments.isEmpty else { return [] }
        comments.sort { $0.at != $1.at ? $0.at < $1.at : ($0.card, $0.comment) < ($1.card, $1.comment) }
        var out: [ActionSource] = []
        out.reserveCapacity(board.events.count + comments.count)
        var j = 0
        for (k, e) in board.events.enumerated() {
            while j < comments.count, comments[j].at < e.at {
                out.append(.comment(card: comments[j].card, comment: comments[j].comment))
                j += 1
            }
            out.append(.event(k))
        }
        for c in comments[j...] { out.append(.comment(card: c.card, comment: c.comment)) }
        return out
    }

    private mutating func addMember(_ username: String) {
        guard memberIDs[username] == nil else { return }
        memberIDs[username] = TrelloID.make("member", username)
        memberOrder.append(username)
    }

    // MARK: Custom fields

    struct CustomFields {
        var nodes: [JSONNode] = []
        /// field name → (id, type, option text → option id)
        var byName: [String: (id: String, type: String, options: [String: String])] = [:]
    }

    private func buildCustomFields() -> CustomFields {
        // Fields the board defined come first, in their order, even when no card uses them.
        let defined = KeyValueLines.pairs(board.metadata[TrelloKeys.customFieldTypes])
        let types = Dictionary(defined, uniquingKeysWith: { a, _ in a })
        var names: [String] = []
        var seen: Set<String> = []
        for (name, _) in defined where seen.insert(name).inserted { names.append(name) }
        var values: [String: [String]] = [:]
        for card in board.cards {
            for name in card.fields.keys.sorted() where !name.hasPrefix(TrelloKeys.prefix) {
                if seen.insert(name).inserted { names.append(name) }
                let v = card.fields[name]!
                if !(values[name]?.contains(v) ?? false) { values[name, default: []].append(v) }
            }
        }
        var out = CustomFields()
        for (k, name) in names.enumerated() {
            let id = TrelloID.make("customField", name)
            var type = types[name] ?? "text"
            // A checkbox holds only true/false; anything else is written as text.
            if type == "checkbox", values[name, default: []].contains(where: { $0 != "true" && $0 != "false" }) { type = "text" }
            var options: [String: String] = [:]
            var optionNodes: [JSONNode] = []
            if type == "list" {
                for (j, v) in values[name, default: []].enumerated() {
                    let oid = TrelloID.make("option", name + "\u{1F}" + v)
                    options[v] = oid
                    optionNodes.append(.object([("id", .string(oid)), ("idCustomField", .string(id)),
                                                ("value", .object([("text", .string(v))])),
                                                ("color", .string("none")), ("pos", .number(Double((j + 1) * 16384)))]))
                }
            }
            out.byName[name] = (id, type, options)
            out.nodes.append(.object([
                ("id", .string(id)), ("idModel", .string(board.id)), ("modelType", .string("board")),
                ("fieldGroup", .string(id)), ("display", .object([("cardFront", .bool(true))])),
                ("name", .string(name)), ("pos", .number(Double((k + 1) * 16384))), ("type", .string(type)),
                ("options", type == "list" ? .array(optionNodes) : nil),
            ]))
        }
        return out
    }

    // MARK: Cards

    /// Trello's `due` for a model date: an instant as is; a calendar date at noon in the
    /// board's zone (the same day for anyone within eleven hours of it).
    private func trelloInstant(_ d: DueDate) -> Instant {
        switch d {
        case .instant(let i): return i
        case .date(let day): return zone.instant(LocalDateTime(date: day, hour: 12))
        }
    }

    /// boardkit's exact value, when Trello's UTC instant would not give it back.
    private func exact(_ d: DueDate?) -> JSONNode? {
        guard let d else { return nil }
        if case .instant(let i) = d, i.offsetSeconds == 0 { return nil }
        return .string(d.description)
    }

    /// A card's checklists: its own, or those a board converted before #44 kept as text.
    private func checklists(_ card: Card) -> [Checklist] {
        if card.checklists.isEmpty, let section = card.fields[TrelloKeys.checklists] {
            return TrelloLegacyFields.checklists(section)
        }
        return card.checklists
    }

    /// The id of a card's `k`th checklist: its own, else one made for Trello.
    private func checklistID(_ list: Checklist, _ k: Int, of card: Card) -> String {
        list.id ?? TrelloID.make("checklist", card.id + "\u{1F}\(k)")
    }

    /// The checklists of a card, for the export's `checklists`: items with their state, due
    /// and member. A checklist without an id of its own says so under `boardkit`.
    private func checklistNodes(_ card: Card) -> [JSONNode] {
        checklists(card).enumerated().map { k, list in
            let id = checklistID(list, k, of: card)
            return .object([
                ("id", .string(id)), ("name", .string(list.name)), ("idBoard", .string(board.id)),
                ("idCard", .string(card.id)), ("pos", .number(Double((k + 1) * 16384))),
                ("checkItems", .array(list.items.enumerated().map { j, item in
                    .object([("id", .string(TrelloID.make("checkItem", card.id + "\u{1F}\(k)\u{1F}\(j)"))),
                             ("idChecklist", .string(id)), ("name", .string(item.text)),
                             ("state", .string(item.done ? "complete" : "incomplete")),
                             ("pos", .number(Double((j + 1) * 16384))),
                             ("due", item.due.map { .string(TrelloDate.format(trelloInstant($0))) } ?? .null),
                             ("idMember", item.assignee.flatMap { memberIDs[$0] }.map(JSONNode.string) ?? .null),
                             (TrelloKeys.boardkit, exact(item.due).map { .object([("due", $0)]) })])
                })),
                (TrelloKeys.boardkit, list.id == nil ? .object([("id", .null)]) : nil),
            ])
        }
    }

    /// A card's attachments (or those a board converted before #44 kept as text), with
    /// what Trello says of each: upload or link, type, size, date and member.
    private func attachmentNodes(_ card: Card) -> [JSONNode] {
        var attachments = card.attachments
        if attachments.isEmpty, let text = card.fields[TrelloKeys.attachments] {
            attachments = TrelloLegacyFields.attachments(text)
        }
        return attachments.enumerated().map { k, a in
            .object([("id", .string(TrelloID.make("attachment", card.id + "\u{1F}\(k)"))),
                     ("name", .string(a.name)), ("url", .string(a.url)), ("isUpload", a.upload.map(JSONNode.bool)),
                     ("mimeType", a.type.map(JSONNode.string)), ("bytes", a.size.map { .number(Double($0)) }),
                     ("date", a.at.map { .string(TrelloDate.format($0)) }),
                     ("idMember", a.by.flatMap { memberIDs[$0] }.map(JSONNode.string)),
                     ("pos", .number(Double((k + 1) * 16384)))])
        }
    }

    private func cardNode(_ card: Card, index: Int, customFields: CustomFields) -> JSONNode {
        // A board converted before #44 has its checklists at the end of the body too.
        let desc = card.checklists.isEmpty
            ? TrelloLegacyFields.desc(body: card.body, section: card.fields[TrelloKeys.checklists] ?? "") : card.body
        let checklistIDs: [JSONNode] = checklists(card).enumerated().map { k, list in .string(checklistID(list, k, of: card)) }
        let attachments = attachmentNodes(card)
        var items: [JSONNode] = []
        for name in card.fields.keys.sorted() where !name.hasPrefix(TrelloKeys.prefix) {
            guard let field = customFields.byName[name], let v = card.fields[name] else { continue }
            var item: [(String, JSONNode?)] = [("id", .string(TrelloID.make("item", card.id + "\u{1F}" + name)))]
            switch field.type {
            case "list": item.append(("idValue", .string(field.options[v] ?? "")))
            case "number": item.append(("value", .object([("number", .string(v))])))
            case "checkbox": item.append(("value", .object([("checked", .string(v))])))
            case "date": item.append(("value", .object([("date", .string(v))])))
            default: item.append(("value", .object([("text", .string(v))])))
            }
            item += [("idCustomField", .string(field.id)), ("idModel", .string(card.id)), ("modelType", .string("card"))]
            items.append(.object(item))
        }
        let lastActivity = card.updated ?? card.completed ?? card.created
            ?? cardIndex[card.id].flatMap { lastEvent[$0] } ?? Instant(epochSeconds: 0)
        var ext: [(String, JSONNode?)] = [
            ("created", card.created.map { .string($0.description) }),
            ("completed", card.completed.map { .string($0.description) }),
            // dateLastActivity is UTC: the offset the card's updated time was written in.
            ("updated", card.updated.flatMap { $0.offsetSeconds == 0 ? nil : .string($0.description) }),
            ("due", exact(card.due)), ("start", exact(card.start)),
            // Trello holds one reminder, minutes before the due: all of them, exactly, here.
            ("reminders", TrelloReminder.minutes(card.reminders) == nil && !card.reminders.isEmpty || card.reminders.count > 1
                ? .array(card.reminders.map { .string($0.description) }) : nil),
            // Trello has no links between cards: importers ignore these, boardkit reads them.
            ("links", card.links.isEmpty ? nil : .array(card.links.map { l in
                .object([("type", .string(l.type.rawValue)), ("card", .string(l.card))])
            })),
        ]
        ext = ext.filter { $0.1 != nil }
        let due: JSONNode = card.due.map { .string(TrelloDate.format(trelloInstant($0))) } ?? .null
        let start: JSONNode = card.start.map { .string(TrelloDate.format(trelloInstant($0))) } ?? .null
        let list = listIDs[card.state] ?? listIDs[board.states.first?.id ?? ""] ?? ""
        let idLabels: [JSONNode] = card.labels.compactMap { labelIDs[$0].map(JSONNode.string) }
        let inlineLabels: [JSONNode] = card.labels.compactMap { name in
            labelOrder.first { $0.name == name }.map(labelNode)
        }
        let idMembers: [JSONNode] = card.assignees.compactMap { memberIDs[$0].map(JSONNode.string) }
        var members: [(String, JSONNode?)] = [
            ("id", .string(card.id)), ("name", .string(card.title)), ("desc", .string(desc)),
            ("closed", .bool(card.archived)), ("idBoard", .string(board.id)), ("idList", .string(list)),
            ("idShort", .number(Double(index + 1))), ("pos", .number(card.position ?? Double((index + 1) * 16384))),
        ]
        members += [
            ("due", due), ("dueComplete", .bool(card.dueComplete || card.fields[TrelloKeys.dueComplete] == "true")), ("start", start),
            ("dueReminder", TrelloReminder.minutes(card.reminders).map { .number(Double($0)) } ?? .null),
            ("dateLastActivity", .string(TrelloDate.format(lastActivity))),
            ("idLabels", .array(idLabels)), ("labels", .array(inlineLabels)), ("idMembers", .array(idMembers)),
            ("idChecklists", .array(checklistIDs)), ("url", .string(card.url ?? "")),
            ("attachments", .array(attachments)), ("customFieldItems", .array(items)),
            (TrelloKeys.boardkit, ext.isEmpty ? nil : .object(ext)),
        ]
        return .object(members)
    }

    /// A label object; a label named after its own colour is written unnamed, as Trello shows it.
    private func labelNode(_ l: (name: String, color: String, id: String)) -> JSONNode {
        .object([("id", .string(l.id)), ("idBoard", .string(board.id)),
                 ("name", .string(TrelloKeys.colors.contains(l.name) && l.name == l.color ? "" : l.name)),
                 ("color", l.color.isEmpty ? .null : .string(l.color))])
    }

    // MARK: Actions

    /// The `commentCard` action of comment `j` of card `k`: the comment's id, author, date and
    /// text, and `dateLastEdited` when it was edited (as Trello keeps an edited comment).
    private func commentNode(_ k: Int, _ j: Int, fullNames: [String: String]) -> JSONNode {
        let card = board.cards[k], c = card.comments[j]
        let data: [(String, JSONNode?)] = [
            ("text", .string(c.text)), ("dateLastEdited", c.edited.map { .string(TrelloDate.format($0)) }),
            ("board", boardRef), ("card", .object([("id", .string(card.id)), ("name", .string(card.title))])),
            ("list", listRefs[card.state]),
        ]
        return .object([
            ("id", .string(c.id)), ("idMemberCreator", c.author.flatMap { memberIDs[$0] }.map(JSONNode.string) ?? .null),
            ("data", .object(data)), ("type", .string("commentCard")), ("date", .string(TrelloDate.format(c.at))),
            ("memberCreator", memberCreator(c.author, fullNames: fullNames)),
        ])
    }

    /// An action's `memberCreator`: the member's id, username and full name.
    private func memberCreator(_ username: String?, fullNames: [String: String]) -> JSONNode {
        username.map { u in
            .object([("id", .string(memberIDs[u]!)), ("username", .string(u)), ("fullName", .string(fullNames[u] ?? u))])
        } ?? .null
    }

    /// The action of event `k`; `fullNames` are the members' full names.
    private func actionNode(_ k: Int, fullNames: [String: String]) -> JSONNode {
        let e = board.events[k]
        let card = cardIndex[e.card].map { board.cards[$0] }
        let cardRef: [(String, JSONNode?)] = [("id", .string(e.card)), ("name", .string(card?.title ?? ""))]
        var data: [(String, JSONNode?)] = [("board", boardRef)]
        let type: String
        switch e.type {
        case .created:
            type = "createCard"
            data += [("card", .object(cardRef)), ("list", listRefs[e.to ?? card?.state ?? ""])]
        case .moved:
            type = "updateCard"
            let to = e.to.flatMap { listIDs[$0] }
            data += [("card", .object(cardRef + [("idList", to.map(JSONNode.string))])),
                     ("listBefore", e.from.flatMap { listRefs[$0] }), ("listAfter", e.to.flatMap { listRefs[$0] }),
                     ("old", .object([("idList", e.from.flatMap { listIDs[$0] }.map(JSONNode.string))]))]
        case .archived, .restored:
            type = "updateCard"
            let archived = e.type == .archived
            data += [("card", .object(cardRef + [("closed", .bool(archived))])),
                     ("old", .object([("closed", .bool(!archived))]))]
        case .updated:
            type = "updateCard"
            data += [("card", .object(cardRef)), ("old", .object([]))]
        case .deleted:
            type = "deleteCard"
            data += [("card", .object([("id", .string(e.card))]))]
        }
        let actor = e.actor.flatMap { memberIDs[$0] }
        return .object([
            ("id", .string(TrelloID.make("action", e.card + "\u{1F}\(k)"))),
            ("idMemberCreator", actor.map(JSONNode.string) ?? .null),
            ("data", .object(data)), ("type", .string(type)), ("date", .string(TrelloDate.format(e.at))),
            ("memberCreator", memberCreator(e.actor, fullNames: fullNames)),
        ])
    }
}
