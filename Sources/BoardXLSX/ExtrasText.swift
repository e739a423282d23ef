import BoardModel
import BoardIO

/// Unknown keys (`extras`: key → raw JSON text) in one cell, as a JSON object: `{"x-color":
/// "red","x-rank":[1,2]}`. Keys are sorted so the same board gives the same bytes. Values are
/// written back exactly as read; decoding only finds where each value ends.
enum ExtrasText {
    static func encode(_ extras: [String: String]) -> String {
        var out = "{"
        for (k, key) in extras.keys.sorted().enumerated() {
            if k > 0 { out += "," }
            appendQuoted(key, to: &out)
            out += ":"
            out += extras[key] ?? "null"
        }
        return out + "}"
    }

    /// Nil when the text is not a JSON object of that shape (a person edited it badly).
    static func decode(_ text: String) -> [String: String]? {
        let b = Array(text.utf8)
        var i = 0
        func skipSpace() { while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 } }
        skipSpace()
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return nil }
        i += 1
        var out: [String: String] = [:]
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") { return [:] }
        while true {
            skipSpace()
            guard let key = JSONText.string(b, at: &i) else { return nil }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
            i += 1
            skipSpace()
            let start = i
            guard skipValue(b, &i) else { return nil }
            out[key] = String(decoding: b[start..<i], as: UTF8.self)
            skipSpace()
            guard i < b.count else { return nil }
            if b[i] == UInt8(ascii: "}") { i += 1; break }
            guard b[i] == UInt8(ascii: ",") else { return nil }
            i += 1
        }
        skipSpace()
        return i == b.count ? out : nil
    }

    /// Moves past one JSON value (string, number, literal, array, object).
    private static func skipValue(_ b: [UInt8], _ i: inout Int) -> Bool {
        var depth = 0
        let start = i
        while i < b.count {
            switch b[i] {
            case UInt8(ascii: "\""):
                guard JSONText.string(b, at: &i) != nil else { return false }
                if depth == 0 { return true }
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 { return i > start }
                depth -= 1
                if depth == 0 { i += 1; return true }
            case UInt8(ascii: ","):
                if depth == 0 { return i > start }
            default: break
            }
            i += 1
        }
        return depth == 0 && i > start
    }

    private static func appendQuoted(_ s: String, to out: inout String) {
        out += JSONText.quoted(s)
    }
}
