/// A small JSON document read whole into values: the one reader for the small JSON inputs
/// that are not boards (a mapping file, a list in a cell, the served tokens, the page API's
/// request bodies). Boards go through their formats' streaming readers.
///
/// Strict RFC 8259: one value and nothing after it but white space, no control character
/// unescaped in a string, numbers as the grammar has them (kept as written, so `1.0` and
/// `1` stay apart), nesting at most `depthLimit` deep, valid UTF-8 throughout. A member
/// named twice keeps its last value, as most readers do.
public enum JSONDocument: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number as written.
    case number(String)
    case string(String)
    case array([JSONDocument])
    case object(JSONObject)

    /// Deeper than this is refused (a request body of 100,000 `[` must not take the stack).
    public static let depthLimit = 128

    /// The document `bytes` hold, or nil when they are not one JSON value.
    public static func parse(_ bytes: [UInt8]) -> JSONDocument? {
        // JSON is UTF-8 (RFC 8259 §8.1): a stray byte is refused, not turned into U+FFFD in a
        // title someone sent.
        guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
        var reader = Reader(b: bytes)
        reader.skipSpace()
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.i == bytes.count ? value : nil
    }

    /// The string, when this is one.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value, when this is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The items, when this is an array.
    public var array: [JSONDocument]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The members, when this is an object.
    public var object: JSONObject? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The strings, when this is an array of nothing but strings.
    public var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        var out: [String] = []
        for item in items {
            guard let s = item.string else { return nil }
            out.append(s)
        }
        return out
    }

    /// The objects, when this is an array of nothing but objects.
    public var objects: [JSONObject]? {
        guard let items = array else { return nil }
        let objects = items.compactMap(\.object)
        return objects.count == items.count ? objects : nil
    }

    /// The members' strings, when this is an object of nothing but strings.
    public var stringMap: [String: String]? {
        guard let members = object else { return nil }
        var texts: [String: String] = [:]
        for (key, value) in members {
            guard let text = value.string else { return nil }
            texts[key] = text
        }
        return texts
    }

    public subscript(_ name: String) -> JSONDocument? { object?[name] }

    private struct Reader {
        let b: [UInt8]
        var i = 0

        mutating func skipSpace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        }

        mutating func value(depth: Int) -> JSONDocument? {
            guard i < b.count, depth <= JSONDocument.depthLimit else { return nil }
            switch b[i] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(JSONDocument.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString, _ value: JSONDocument) -> JSONDocument? {
            let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard i + bytes.count <= b.count, b[i..<(i + bytes.count)].elementsEqual(bytes) else { return nil }
            i += bytes.count
            return value
        }

        /// A string literal: JSONText's one way to read one, refused when it holds a raw
        /// control character.
        mutating func string() -> String? {
            let start = i
            guard let s = JSONText.string(b, at: &i), !b[start..<i].contains(where: { $0 < 0x20 }) else { return nil }
            return s
        }

        /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
        mutating func number() -> JSONDocument? {
            let start = i
            func digits() -> Int {
                let from = i
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                return i - from
            }
            if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { return nil }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { return nil }
            }
            if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return nil }
            }
            return .number(String(decoding: b[start..<i], as: UTF8.self))
        }

        mutating func array(depth: Int) -> JSONDocument? {
            i += 1
            var items: [JSONDocument] = []
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                skipSpace()
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard i < b.count else { return nil }
                i += 1
                if b[i - 1] == UInt8(ascii: "]") { return .array(items) }
                guard b[i - 1] == UInt8(ascii: ",") else { return nil }
            }
        }

        mutating func object(depth: Int) -> JSONDocument? {
            i += 1
            var members = JSONObject()
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard let name = string() else { return nil }
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                skipSpace()
                guard let member = value(depth: depth + 1) else { return nil }
                members.set(name, member)
                skipSpace()
                guard i < b.count else { return nil }
                i += 1
                if b[i - 1] == UInt8(ascii: "}") { return .object(members) }
                guard b[i - 1] == UInt8(ascii: ",") else { return nil }
            }
        }
    }
}
