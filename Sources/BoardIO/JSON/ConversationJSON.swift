import BoardModel

/// The four lists of a card's conversation, by their canonical JSON key.
public enum ConversationPart: String, Sendable, CaseIterable {
    case comments, checklists, attachments, links

    /// How many elements `card` has of this part.
    public func count(on card: Card) -> Int {
        switch self {
        case .comments: card.comments.count
        case .checklists: card.checklists.count
        case .attachments: card.attachments.count
        case .links: card.links.count
        }
    }

    /// True when `a` and `b` hold the same elements of this part.
    public func same(on a: Card, _ b: Card) -> Bool {
        switch self {
        case .comments: a.comments == b.comments
        case .checklists: a.checklists == b.checklists
        case .attachments: a.attachments == b.attachments
        case .links: a.links == b.links
        }
    }

    /// True when `card` has none of this part.
    public func isEmpty(on card: Card) -> Bool { count(on: card) == 0 }

    /// One element's name, as a sidecar's record kind (`comment`).
    public var elementName: String { String(rawValue.dropLast()) }

    /// Empties this part of `card`.
    public func clear(on card: inout Card) {
        switch self {
        case .comments: card.comments = []
        case .checklists: card.checklists = []
        case .attachments: card.attachments = []
        case .links: card.links = []
        }
    }
}

/// The conversation on a card (comments, checklists, attachments, links) as JSON: the one
/// rule for the canonical file, the store's column and change log, and the sidecars and
/// sheets that carry it. Each part is an array of objects; keys in the order below, absent
/// optionals left out (as the canonical writer leaves out every absent optional):
///
/// - comment: `id`, `author`, `at`, `text`, `edited`
/// - checklist: `id`, `name`, `items` (each `text`, `done`, `due`, `assignee`)
/// - attachment: `name`, `url`, `type`, `size`, `at`, `by`, `upload`
/// - link: `type`, `card`
public enum ConversationJSON {
    // MARK: Writing

    /// Writes `card`'s `part` as an array (the caller has written its key), on one line.
    public static func write(_ part: ConversationPart, of card: Card, to w: inout JSONWriter) {
        w.beginArray(.line)
        for k in 0..<part.count(on: card) { writeElement(k, of: part, of: card, to: &w) }
        w.endArray()
    }

    /// Each element of the part as JSON text (one object each): a row of a sidecar or a sheet.
    public static func elementTexts(_ part: ConversationPart, of card: Card) -> [String] {
        (0..<part.count(on: card)).map { k in
            var w = JSONWriter()
            writeElement(k, of: part, of: card, to: &w)
            return String(decoding: w.finish(), as: UTF8.self)
        }
    }

    /// The part's element `k` as one object.
    private static func writeElement(_ k: Int, of part: ConversationPart, of card: Card, to w: inout JSONWriter) {
        w.beginObject(.line)
        switch part {
        case .comments:
            let c = card.comments[k]
            w.member("id", c.id)
            w.memberIfPresent("author", c.author)
            w.key("at"); w.instant(c.at)
            w.member("text", c.text)
            if let e = c.edited { w.key("edited"); w.instant(e) }
        case .checklists:
            let list = card.checklists[k]
            w.memberIfPresent("id", list.id)
            w.member("name", list.name)
            w.key("items")
            w.beginArray(.line)
            for item in list.items {
                w.beginObject(.line)
                w.member("text", item.text)
                w.member("done", item.done)
                if let d = item.due { w.key("due"); w.due(d) }
                w.memberIfPresent("assignee", item.assignee)
                w.endObject()
            }
            w.endArray()
        case .attachments:
            let a = card.attachments[k]
            w.member("name", a.name)
            w.member("url", a.url)
            w.memberIfPresent("type", a.type)
            w.memberIfPresent("size", a.size)
            if let at = a.at { w.key("at"); w.instant(at) }
            w.memberIfPresent("by", a.by)
            if let upload = a.upload { w.member("upload", upload) }
        case .links:
            let l = card.links[k]
            w.member("type", l.type.rawValue)
            w.member("card", l.card)
        }
        w.endObject()
    }

    /// The part as JSON text, nil when the card has none of it.
    public static func text(_ part: ConversationPart, of card: Card) -> String? {
        guard !part.isEmpty(on: card) else { return nil }
        var w = JSONWriter()
        write(part, of: card, to: &w)
        return String(decoding: w.finish(), as: UTF8.self)
    }

    // MARK: Reading

    /// Reads `value` (the part's array) into `card`, replacing what the card had of it.
    /// Times without an offset are wall-clock times in `zone`. What cannot be read is left
    /// out and said in the problems returned (paths relative to the part: `[2].at`).
    @discardableResult
    public static func read(_ part: ConversationPart, from value: JSONDocument, into card: inout Card,
                            zone: Zone) -> ConversationRead {
        var reader = PartReader(zone: zone)
        part.clear(on: &card)
        if case .null = value { return reader.result }
        guard let items = value.array else {
            reader.problem("", .wrongType(expected: .array, found: reader.kind(of: value)))
            return reader.result
        }
        for (i, item) in items.enumerated() {
            let path = "[\(i)]"
            guard let object = reader.object(item, path) else { continue }
            switch part {
            case .comments: reader.comment(object, path).map { card.comments.append($0) }
            case .checklists: reader.checklist(object, path).map { card.checklists.append($0) }
            case .attachments: reader.attachment(object, path).map { card.attachments.append($0) }
            case .links: reader.link(object, path).map { card.links.append($0) }
            }
        }
        return reader.result
    }

    /// Reads the part from JSON text (the store's column, a sidecar's cell).
    @discardableResult
    public static func read(_ part: ConversationPart, fromText text: String, into card: inout Card,
                            zone: Zone) -> ConversationRead {
        guard let document = JSONDocument.parse(Array(text.utf8)) else {
            part.clear(on: &card)
            return ConversationRead(problems: [ConversationProblem(path: "", kind: .notJSON)], wallClockTimes: 0)
        }
        return read(part, from: document, into: &card, zone: zone)
    }
}

extension JSONWriter {
    /// `"name": value`, or nothing when there is no value (canonical JSON leaves absent
    /// optionals out).
    fileprivate mutating func memberIfPresent(_ name: StaticString, _ value: String?) {
        if let value { member(name, value) }
    }

    fileprivate mutating func memberIfPresent(_ name: StaticString, _ value: Int?) {
        if let value { member(name, value) }
    }
}

/// What reading a conversation part found besides its values.
public struct ConversationRead: Sendable, Equatable {
    /// What could not be read (and was left out).
    public var problems: [ConversationProblem]
    /// How many times had no offset and were placed in the zone given.
    public var wallClockTimes: Int
}

/// What could not be read of a conversation part, and where in it.
public struct ConversationProblem: Sendable, Equatable {
    /// The JSON value's kind, for a wrong type.
    public enum Kind: String, Sendable {
        case string, number, bool, array, object, null
    }

    public enum Problem: Sendable, Equatable {
        case notJSON
        case wrongType(expected: Kind, found: Kind)
        case missingKey(String)
        case unknownKey(String)
        case notOneOf(value: String, allowed: [String])
        case malformedDate(String)
        case notASize(String)
    }

    /// Where, relative to the part (`[2].items[0].due`).
    public var path: String
    public var kind: Problem

    public init(path: String, kind: Problem) {
        self.path = path
        self.kind = kind
    }

    /// The element of the part it is in (2 for `[2].at`), nil for the part itself.
    public var element: Int? {
        guard path.hasPrefix("["), let end = path.firstIndex(of: "]") else { return nil }
        return Int(path[path.index(after: path.startIndex)..<end])
    }

    /// Where inside its element (`.at`), empty for the element itself.
    public var inElement: String {
        guard let end = path.firstIndex(of: "]") else { return path }
        return String(path[path.index(after: end)...])
    }

    /// What is wrong, in words, for a format that has no JSON reader's messages (a CSV
    /// sidecar's cell, a sheet's row); the canonical JSON reader says it in its own.
    public var text: String {
        let at = inElement.isEmpty ? "it" : String(inElement.dropFirst())
        switch kind {
        case .notJSON: return "is not JSON"
        case .wrongType(let expected, let found): return "\(at) should be \(expected.rawValue == "object" ? "an object" : "a \(expected.rawValue)"), not \(found.rawValue)"
        case .missingKey(let key): return "has no \"\(key)\"" + (inElement.isEmpty ? "" : " in \(at)")
        case .unknownKey(let key): return "has the key \"\(key)\", which boardkit has no place for"
        case .notOneOf(let value, let allowed): return "\(at) is \"\(value)\"; expected one of \(allowed.joined(separator: ", "))"
        case .malformedDate(let text): return "\(at) is \"\(text)\", not an ISO 8601 date or timestamp"
        case .notASize(let text): return "\(at) is \(text); expected a whole number of bytes from 0 up"
        }
    }
}

/// One read of one part: the zone for wall-clock times and the problems found so far.
private struct PartReader {
    let zone: Zone
    var problems: [ConversationProblem] = []
    var wallClockTimes = 0

    var result: ConversationRead { ConversationRead(problems: problems, wallClockTimes: wallClockTimes) }

    mutating func problem(_ path: String, _ kind: ConversationProblem.Problem) {
        problems.append(ConversationProblem(path: path, kind: kind))
    }

    func kind(of value: JSONDocument) -> ConversationProblem.Kind {
        switch value {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    mutating func object(_ value: JSONDocument, _ path: String) -> JSONObject? {
        guard let object = value.object else {
            problem(path, .wrongType(expected: .object, found: kind(of: value)))
            return nil
        }
        return object
    }

    /// Reports the keys of `object` not in `known` (a nested object has no place for them:
    /// said, never dropped in silence).
    mutating func refuseUnknown(_ object: JSONObject, _ known: [String], _ path: String) {
        // A scan of a few names: the common case (nothing unknown) allocates nothing.
        guard object.contains(where: { !known.contains($0.key) }) else { return }
        for key in object.keys.sorted() where !known.contains(key) { problem("\(path).\(key)", .unknownKey(key)) }
    }

    static let commentKeys = ["id", "author", "at", "text", "edited"]
    static let checklistKeys = ["id", "name", "items"]
    static let itemKeys = ["text", "done", "due", "assignee"]
    static let attachmentKeys = ["name", "url", "type", "size", "at", "by", "upload"]
    static let linkKeys = ["type", "card"]

    mutating func string(_ object: JSONObject, _ key: String, _ path: String, required: Bool = false) -> String? {
        switch object[key] {
        case nil, .null?:
            if required { problem(path, .missingKey(key)) }
            return nil
        case .string(let s)?: return s
        case let other?:
            problem("\(path).\(key)", .wrongType(expected: .string, found: kind(of: other)))
            return nil
        }
    }

    mutating func bool(_ object: JSONObject, _ key: String, _ path: String) -> Bool? {
        switch object[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?:
            problem("\(path).\(key)", .wrongType(expected: .bool, found: kind(of: other)))
            return nil
        }
    }

    /// A moment; a wall-clock time (or a bare date) is placed in the zone.
    mutating func instant(_ object: JSONObject, _ key: String, _ path: String, required: Bool = false) -> Instant? {
        guard let text = string(object, key, path, required: required) else { return nil }
        switch try? ISO8601.parseOrFail(text.utf8) {
        case .instant(let i)?: return i
        case .local(let local)?:
            wallClockTimes += 1
            return zone.instant(local)
        case .date(let d)?:
            wallClockTimes += 1
            return zone.instant(LocalDateTime(date: d))
        case nil:
            problem("\(path).\(key)", .malformedDate(text))
            return nil
        }
    }

    /// A due date: a calendar date stays a date.
    mutating func due(_ object: JSONObject, _ key: String, _ path: String) -> DueDate? {
        guard let text = string(object, key, path) else { return nil }
        switch try? ISO8601.parseOrFail(text.utf8) {
        case .date(let d)?: return .date(d)
        case .instant(let i)?: return .instant(i)
        case .local(let local)?:
            wallClockTimes += 1
            return .instant(zone.instant(local))
        case nil:
            problem("\(path).\(key)", .malformedDate(text))
            return nil
        }
    }

    /// A size in bytes: a whole number, not negative.
    mutating func size(_ object: JSONObject, _ key: String, _ path: String) -> Int? {
        switch object[key] {
        case nil, .null?: return nil
        case .number(let text)?:
            guard let n = Int(text), n >= 0 else {
                problem("\(path).\(key)", .notASize(text))
                return nil
            }
            return n
        case let other?:
            problem("\(path).\(key)", .wrongType(expected: .number, found: kind(of: other)))
            return nil
        }
    }

    mutating func comment(_ o: JSONObject, _ path: String) -> CardComment? {
        refuseUnknown(o, Self.commentKeys, path)
        let id = string(o, "id", path, required: true)
        let at = instant(o, "at", path, required: true)
        let text = string(o, "text", path, required: true)
        guard let id, let at, let text else { return nil }
        return CardComment(id: id, author: string(o, "author", path), at: at, text: text,
                           edited: instant(o, "edited", path))
    }

    mutating func checklist(_ o: JSONObject, _ path: String) -> Checklist? {
        refuseUnknown(o, Self.checklistKeys, path)
        let id = string(o, "id", path)
        guard let name = string(o, "name", path, required: true) else { return nil }
        var list = Checklist(id: id, name: name)
        switch o["items"] {
        case nil, .null?: break
        case .array(let items)?:
            for (i, item) in items.enumerated() {
                let itemPath = "\(path).items[\(i)]"
                guard let io = object(item, itemPath) else { continue }
                refuseUnknown(io, Self.itemKeys, itemPath)
                guard let text = string(io, "text", itemPath, required: true) else { continue }
                list.items.append(ChecklistItem(text: text, done: bool(io, "done", itemPath) ?? false,
                                                due: due(io, "due", itemPath), assignee: string(io, "assignee", itemPath)))
            }
        case let other?:
            problem("\(path).items", .wrongType(expected: .array, found: kind(of: other)))
        }
        return list
    }

    mutating func attachment(_ o: JSONObject, _ path: String) -> Attachment? {
        refuseUnknown(o, Self.attachmentKeys, path)
        let name = string(o, "name", path, required: true)
        let url = string(o, "url", path, required: true)
        guard let name, let url else { return nil }
        return Attachment(name: name, url: url, type: string(o, "type", path), size: size(o, "size", path),
                          at: instant(o, "at", path), by: string(o, "by", path), upload: bool(o, "upload", path))
    }

    mutating func link(_ o: JSONObject, _ path: String) -> CardLink? {
        refuseUnknown(o, Self.linkKeys, path)
        let typeName = string(o, "type", path, required: true)
        let card = string(o, "card", path, required: true)
        guard let typeName, let card else { return nil }
        guard let type = LinkType(rawValue: typeName) else {
            problem("\(path).type", .notOneOf(value: typeName, allowed: LinkType.allCases.map(\.rawValue)))
            return nil
        }
        return CardLink(type, card)
    }
}

extension Card {
    /// The part as a change log holds a field's value: its JSON text, nil when empty.
    public func value(of part: ConversationPart) -> FieldValue? {
        ConversationJSON.text(part, of: self).map(FieldValue.text)
    }

    /// Sets the part from a change log's value (nil empties it). False when the value is
    /// not the part's JSON; the card is then unchanged.
    @discardableResult
    public mutating func set(_ part: ConversationPart, to value: FieldValue?) -> Bool {
        guard case .text(let text)? = value else {
            if value != nil { return false }
            part.clear(on: &self)
            return true
        }
        var changed = self
        guard ConversationJSON.read(part, fromText: text, into: &changed, zone: .utc).problems.isEmpty else { return false }
        self = changed
        return true
    }
}
