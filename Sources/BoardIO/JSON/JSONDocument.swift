/// A small JSON document read whole into values: the one reader for the small JSON inputs
/// that are not boards (a mapping file, a list in a cell, the served tokens, the page API's
/// request bodies). Boards go through their formats' streaming readers.
///
/// Strict RFC 8259, its tokens read by `JSONTokenizer` as every reader's are: one value and
/// nothing after it but white space, numbers kept as written (so `1.0` and `1` stay apart),
/// nesting at most `JSONTokenizer.depthLimit` deep. A member named twice keeps its last
/// value, as most readers do.
public enum JSONDocument: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number as written.
    case number(String)
    case string(String)
    case array([JSONDocument])
    case object(JSONObject)

    /// The document `bytes` hold, or nil when they are not one JSON value.
    public static func parse(_ bytes: [UInt8]) -> JSONDocument? {
        bytes.withUnsafeBufferPointer { b in
            var reader = Reader(b: b)
            reader.skipSpace()
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.i == b.count ? value : nil
        }
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

    /// Outside strings only white space may stand between tokens, so a stray byte is refused
    /// by the grammar; inside them the tokenizer checks the UTF-8 (RFC 8259 §8.1), so a bad
    /// byte is never turned into U+FFFD in a title someone sent.
    private struct Reader {
        let b: UnsafeBufferPointer<UInt8>
        var i = 0
        var scratch: [UInt8] = []

        mutating func skipSpace() {
            i = JSONTokenizer.skipSpace(b, from: i)
        }

        mutating func value(depth: Int) -> JSONDocument? {
            guard i < b.count, depth <= JSONTokenizer.depthLimit else { return nil }
            switch b[i] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(JSONDocument.string)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard case .success(let token) = JSONTokenizer.scanNumber(b, at: i) else { return nil }
                i = token.range.upperBound
                return .number(String(decoding: UnsafeBufferPointer(rebasing: b[token.range]), as: UTF8.self))
            default:
                guard case .success(let (literal, end)) = JSONTokenizer.scanLiteral(b, at: i) else { return nil }
                i = end
                switch literal {
                case .true: return .bool(true)
                case .false: return .bool(false)
                case .null: return .null
                }
            }
        }

        mutating func string() -> String? {
            guard i < b.count, b[i] == UInt8(ascii: "\""),
                  case .success(let token) = JSONTokenizer.scanString(b, at: i) else { return nil }
            i = token.after
            return JSONTokenizer.text(of: token, in: b, scratch: &scratch)
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
