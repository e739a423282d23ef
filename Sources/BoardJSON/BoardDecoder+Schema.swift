import BoardModel
import BoardIO

/// The schema: what the board's object, a state, a card, an event and a change hold, each
/// key matched to the model's field, unknown keys kept, duplicate and missing keys reported.
extension BoardDecoder {
    // MARK: Board

    mutating func decodeBoardObject() throws(JSONProblem) {
        let start = s.pos
        guard try beginObject("board") else { return }
        offsets.board = start
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, BoardKey.self) else {
                let (name, value) = try unknown(key, section: "board", path: "board")
                board.extras[BoardExtrasKey.board(name).storedName] = value
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "board", at: key.start - 1, path: "board") }
            seen |= bit
            switch k {
            case .id: if let v = try readString("board.id") { board.id = v }
            case .name: if let v = try readString("board.name") { board.name = v }
            case .timezone: if let v = try readString("board.timezone") { board.timeZone = v }
            case .metadata: board.metadata = try readStringMap("board.metadata")
            }
        }
    }

    // MARK: States

    mutating func decodeState(_ index: Int) throws(JSONProblem) {
        let start = s.pos
        guard try beginObject("states[\(index)]") else { return }
        offsets.states.append(start)
        var state = BoardState(id: "", name: "", category: .todo)
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, StateKey.self) else {
                let (name, value) = try unknown(key, section: "states", path: "states[\(index)]")
                state.extras[name] = value
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "states", at: key.start - 1, path: "states[\(index)]") }
            seen |= bit
            switch k {
            case .id: state.id = try readString("states[\(index)].id", nullable: false) ?? ""
            case .name: state.name = try readString("states[\(index)].name", nullable: false) ?? ""
            case .category:
                state.category = try readEnum("states[\(index)].category", ValueNames.categories) ?? .todo
            case .wipLimit:
                state.wipLimit = try readCount("states[\(index)].wipLimit")
            }
        }
        try requireKeys(Required.state, seen: seen, object: start, path: "states[\(index)]")
        board.states.append(state)
    }

    // MARK: Cards

    mutating func decodeCard(_ index: Int) throws(JSONProblem) {
        let start = s.pos
        guard try beginObject("cards[\(index)]") else { return }
        offsets.cards.append(start)
        let model = board.cards.count
        var card = Card(id: "", title: "", state: "")
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, CardKey.self) else {
                let (name, value) = try unknown(key, section: "cards", path: "cards[\(index)]")
                card.extras[name] = value
                continue
            }
            if seen & bit != 0 {
                try duplicate(k.rawValue, section: "cards", at: key.start - 1, path: "cards[\(index)]")
            }
            seen |= bit
            switch k {
            case .id: card.id = try readString("cards[\(index)].id", nullable: false) ?? ""
            case .title: card.title = try readString("cards[\(index)].title", nullable: false) ?? ""
            case .body: card.body = try readString("cards[\(index)].body") ?? ""
            case .state: card.state = try readString("cards[\(index)].state", nullable: false) ?? ""
            case .due: card.due = try readDue("cards[\(index)].due", .due(model))
            case .dueComplete: card.dueComplete = try readBool("cards[\(index)].dueComplete") ?? false
            case .start: card.start = try readDue("cards[\(index)].start", .start(model))
            case .created: card.created = try readInstant("cards[\(index)].created", .created(model))
            case .updated: card.updated = try readInstant("cards[\(index)].updated", .updated(model))
            case .completed: card.completed = try readInstant("cards[\(index)].completed", .completed(model))
            case .labels: card.labels = try readStringArray("cards[\(index)].labels")
            case .assignees: card.assignees = try readStringArray("cards[\(index)].assignees")
            case .reminders: card.reminders = try readReminders("cards[\(index)].reminders")
            case .position: card.position = try readDouble("cards[\(index)].position")
            case .archived: card.archived = try readBool("cards[\(index)].archived") ?? false
            case .url: card.url = try readString("cards[\(index)].url")
            case .fields: card.fields = try readStringMap("cards[\(index)].fields")
            case .comments: try readConversation(.comments, into: &card, "cards[\(index)]", model)
            case .checklists: try readConversation(.checklists, into: &card, "cards[\(index)]", model)
            case .attachments: try readConversation(.attachments, into: &card, "cards[\(index)]", model)
            case .links: try readConversation(.links, into: &card, "cards[\(index)]", model)
            }
        }
        try requireKeys(Required.card, seen: seen, object: start, path: "cards[\(index)]")
        board.cards.append(card)
    }

    // MARK: Events

    /// The event at the cursor (nil after reporting that it is not an object); `model` is
    /// its position among the events read.
    mutating func decodeEvent(_ index: Int, model: Int) throws(JSONProblem) -> Event? {
        let start = s.pos
        guard try beginObject("events[\(index)]") else { return nil }
        offsets.events.append(start)
        // Fields go into locals and the event is made once at the end: filling a `var Event`
        // and appending it copied the event (all its strings retained and released) twice.
        var card = "", at = Instant(epochMilliseconds: 0), type = EventType.created
        var from: String?, to: String?, actor: String?
        var changes: [FieldChange] = []
        var extras: [String: String] = [:]
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, EventKey.self) else {
                let (name, value) = try unknown(key, section: "events", path: "events[\(index)]")
                extras[name] = value
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "events", at: key.start - 1, path: "events[\(index)]") }
            seen |= bit
            switch k {
            case .card: card = try readString("events[\(index)].card", nullable: false) ?? ""
            case .at:
                if let value = try readInstant("events[\(index)].at", .eventAt(model), nullable: false) { at = value }
            case .type: type = try readEnum("events[\(index)].type", ValueNames.eventTypes) ?? .created
            case .from: from = try readString("events[\(index)].from")
            case .to: to = try readString("events[\(index)].to")
            case .actor: actor = try readString("events[\(index)].actor")
            case .changes: changes = try readChanges("events[\(index)].changes")
            }
        }
        try requireKeys(Required.event, seen: seen, object: start, path: "events[\(index)]")
        return Event(card: card, at: at, type: type, from: from, to: to, actor: actor,
                     changes: changes, extras: extras)
    }

    /// An event's `changes`: an array of `{"field", "old", "new"}` objects (null: none).
    private mutating func readChanges(_ path: @autoclosure () -> String) throws(JSONProblem) -> [FieldChange] {
        guard try beginArray(path()) else { return [] }
        var out: [FieldChange] = []
        var more = true, index = 0
        while try s.nextElement(first: &more) {
            if let change = try readChange("\(path())[\(index)]") { out.append(change) }
            index += 1
        }
        return out
    }

    /// One change; nil after reporting it (not an object, no `field`).
    private mutating func readChange(_ path: String) throws(JSONProblem) -> FieldChange? {
        let start = s.pos
        guard try beginObject(path) else { return nil }
        var field: String?, old: FieldValue?, new: FieldValue?
        var first = true
        var seen: UInt64 = 0
        while let key = try s.nextKey(first: &first) {
            guard let (k, bit) = match(key, ChangeKey.self) else {
                // A change has no extras to keep an unknown key in: refusing it is the only
                // way not to drop it silently.
                let name = s.string(key)
                try s.skipValue(copy: false, into: &raw)
                try record(.changeKey(path: path, key: name), at: key.start - 1, path: "\(path).\(name)")
                continue
            }
            if seen & bit != 0 { try duplicate(k.rawValue, section: "changes", at: key.start - 1, path: path) }
            seen |= bit
            switch k {
            case .field: field = try readString("\(path).field", nullable: false)
            case .old: old = try readFieldValue("\(path).old")
            case .new: new = try readFieldValue("\(path).new")
            }
        }
        try requireKeys(Required.change, seen: seen, object: start, path: path)
        return field.map { FieldChange(field: $0, old: old, new: new) }
    }

    /// A string (`.text`), an array of strings (`.list`), or null (no value).
    private mutating func readFieldValue(_ path: @autoclosure () -> String) throws(JSONProblem) -> FieldValue? {
        switch s.peek {
        case UInt8(ascii: "\""): return .text(text(try s.scanString()))
        case UInt8(ascii: "["): return .list(try readStringArray(path()))
        default:
            if try skipNull() { return nil }
            try wrongType(.stringListOrNull, path())
            return nil
        }
    }

    // MARK: Keys

    mutating func match<K: CanonicalKey>(_ key: StringToken, _: K.Type) -> (key: K, bit: UInt64)? {
        key.escaped ? s.withDecoded(key) { K.match($0) } : K.match(s.raw(key))
    }

    /// Reads the value of a key this version does not know, as canonical JSON text.
    mutating func unknown(_ key: StringToken, section: String, path: String?) throws(JSONProblem) -> (String, String) {
        let name = s.string(key)
        raw.removeAll(keepingCapacity: true)
        try s.skipValue(copy: true, into: &raw)
        found.repeated.add(.unknownKey(section: section, key: name), offset: key.start - 1,
                    path: path.map { "\($0).\(name)" } ?? name)
        return (name, String(decoding: raw, as: UTF8.self))
    }

    mutating func duplicate(_ key: String, section: String, at offset: Int, path: String) throws(JSONProblem) {
        found.repeated.add(.duplicateKey(section: section, key: key), offset: offset, path: "\(path).\(key)")
    }

    /// Reports each key of `required` the object lacked (`seen` has a bit per key found).
    private mutating func requireKeys<K: CanonicalKey>(_ required: RequiredKeys<K>, seen: UInt64, object: Int,
                                                        path: @autoclosure () -> String) throws(JSONProblem) {
        guard seen & required.mask != required.mask else { return }
        for (key, bit) in required.keys where seen & bit == 0 {
            try record(.missingKey(path: path(), key: key.rawValue), at: object, path: path())
        }
    }
}

/// The keys an object must have, with their bits for a one-instruction check.
struct RequiredKeys<K: CanonicalKey>: Sendable {
    let keys: [(key: K, bit: UInt64)]
    let mask: UInt64

    init(_ keys: [K]) {
        self.keys = keys.map { ($0, K.table.bit(of: $0)) }
        mask = self.keys.reduce(0) { $0 | $1.bit }
    }
}

/// What each object kind must have (the schema's `required`).
enum Required {
    static let state = RequiredKeys<StateKey>([.id, .name, .category])
    static let card = RequiredKeys<CardKey>([.id, .title, .state])
    static let event = RequiredKeys<EventKey>([.card, .at, .type])
    static let change = RequiredKeys<ChangeKey>([.field])
}
