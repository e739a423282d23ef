import BoardModel

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
            guard let key = string(b, &i) else { return nil }
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
                guard string(b, &i) != nil else { return false }
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

    /// Reads a JSON string at `i` (which must be at its quote).
    private static func string(_ b: [UInt8], _ i: inout Int) -> String? {
        guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
        i += 1
        var out: [UInt8] = []
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if c == UInt8(ascii: "\\") {
                guard i + 1 < b.count else { return nil }
                let e = b[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard i + 4 <= b.count, var v = UInt32(String(decoding: b[i..<i + 4], as: UTF8.self), radix: 16) else { return nil }
                    i += 4
                    // A surrogate pair.
                    if (0xD800..<0xDC00).contains(v), i + 6 <= b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u"),
                       let low = UInt32(String(decoding: b[i + 2..<i + 6], as: UTF8.self), radix: 16), (0xDC00..<0xE000).contains(low) {
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(v).map(Character.init) ?? "\u{FFFD}").utf8))
                default: out.append(e)
                }
                continue
            }
            out.append(c)
            i += 1
        }
        return nil
    }

    private static func appendQuoted(_ s: String, to out: inout String) {
        out += JSONText.quoted(s)
    }
}
