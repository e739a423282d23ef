import BoardModel
import BoardIO

/// Decoded lists and maps by their stored text, so that a million cards with the same labels
/// or custom fields share one copy (at most `limit` distinct texts are remembered).
final class ValueMemo {
    private var lists: [ExactText: [String]] = [:]
    private var maps: [ExactText: [String: String]] = [:]
    private let limit = 50_000

    func list(_ text: String?) -> [String] {
        guard let text else { return [] }
        let key = ExactText(text)
        if let known = lists[key] { return known }
        let value = StoredJSON.list(text)
        if lists.count < limit { lists[key] = value }
        return value
    }

    func map(_ text: String?) -> [String: String] {
        guard let text else { return [:] }
        let key = ExactText(text)
        if let known = maps[key] { return known }
        let value = StoredJSON.map(text)
        if maps.count < limit { maps[key] = value }
        return value
    }
}

/// A text as a key by its bytes. Swift's `==` on strings takes canonically equivalent texts
/// as equal ("Å" and "A" with a combining ring), so a memo keyed by `String` handed the second
/// card the first one's spelling of its custom field (found by LosslessPropertyTests).
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// How the store keeps values that are not one SQL scalar: lists (labels, assignees) as a
/// JSON array of strings, maps (custom fields, metadata, unknown keys) as a JSON object of
/// strings, and a change's old or new value as a JSON string or array. JSON, so a person
/// reading the file with `sqlite3` sees what it means; strings, lists and values are
/// `JSONText`'s, the flat map is this file's.
enum StoredJSON {
    // MARK: Writing

    /// A map as its JSON text, nil when empty (for the few single values outside a batch).
    static func map(_ map: [String: String]) -> String? {
        guard !map.isEmpty else { return nil }
        var out: [UInt8] = []
        append(map: map, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A list as its JSON text (`["-P1D"]`), what `list(_:)` reads back.
    static func text(of list: [String]) -> String {
        var out: [UInt8] = []
        JSONText.appendList(list, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func append(map: [String: String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        let pairs = map.count == 1 ? Array(map) : map.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (k, pair) in pairs.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            JSONText.appendQuoted(pair.key, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONText.appendQuoted(pair.value, to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    // MARK: Reading (nil or malformed text reads as empty: the store wrote it)

    static func list(_ text: String?) -> [String] {
        guard let text else { return [] }
        var reader = Reader(text)
        return reader.stringArray() ?? []
    }

    static func map(_ text: String?) -> [String: String] {
        guard let text else { return [:] }
        var reader = Reader(text)
        return reader.stringObject() ?? [:]
    }

    static func value(_ text: String?) -> FieldValue? {
        guard let text else { return nil }
        var reader = Reader(text)
        if text.utf8.first == UInt8(ascii: "[") { return reader.stringArray().map(FieldValue.list) }
        return reader.string().map(FieldValue.text)
    }

    /// Reads strings, arrays of strings and objects of strings.
    private struct Reader {
        let bytes: [UInt8]
        var pos = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        mutating func skipSpace() {
            while pos < bytes.count, bytes[pos] == 0x20 || bytes[pos] == 0x0A || bytes[pos] == 0x09 || bytes[pos] == 0x0D { pos += 1 }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard pos < bytes.count, bytes[pos] == byte else { return false }
            pos += 1
            return true
        }

        mutating func stringArray() -> [String]? {
            skipSpace()
            return JSONText.stringArray(bytes, at: &pos)
        }

        mutating func stringObject() -> [String: String]? {
            guard expect(UInt8(ascii: "{")) else { return nil }
            var map: [String: String] = [:]
            if expect(UInt8(ascii: "}")) { return map }
            repeat {
                guard let key = string(), expect(UInt8(ascii: ":")), let value = string() else { return nil }
                map[key] = value
            } while expect(UInt8(ascii: ","))
            return expect(UInt8(ascii: "}")) ? map : nil
        }

        mutating func string() -> String? {
            skipSpace()
            return JSONText.string(bytes, at: &pos)
        }
    }
}
