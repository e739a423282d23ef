/// JSON text for the small writers and readers that are not on a hot path (diagnostics as
/// JSON, the extras and field changes kept in a cell, the store's lists and values): one
/// escaping rule, one way to write and read a string, a list of strings and a field value.
public enum JSONText {
    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else written as is (UTF-8).
    public static func quoted(_ s: String) -> String {
        // Most texts (ids, dates, names) need no escape: one scan of the bytes, one copy.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quoted`, appended as UTF-8 to a byte buffer.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A list of strings as a compact JSON array: `["bug","ui"]`.
    public static func appendList(_ items: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (k, item) in items.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            appendQuoted(item, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A field's value as JSON: a string, or an array of strings for a list.
    public static func append(_ value: FieldValue, to out: inout [UInt8]) {
        switch value {
        case .text(let s): appendQuoted(s, to: &out)
        case .list(let items): appendList(items, to: &out)
        }
    }

    /// Reads the JSON array of strings at `i` (which must be at its `[`; spaces allowed
    /// between items) and moves `i` past it; nil when there is no such array there.
    public static func stringArray(_ b: [UInt8], at i: inout Int) -> [String]? {
        func skipSpace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        }
        guard i < b.count, b[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        var items: [String] = []
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return items }
        while true {
            skipSpace()
            guard let item = string(b, at: &i) else { return nil }
            items.append(item)
            skipSpace()
            guard i < b.count else { return nil }
            i += 1
            if b[i - 1] == UInt8(ascii: "]") { return items }
            guard b[i - 1] == UInt8(ascii: ",") else { return nil }
        }
    }

    /// Reads the JSON string literal at `i` (which must be at its quote), resolving escapes,
    /// and moves `i` past it; nil when there is no well-formed literal there.
    public static func string(_ b: [UInt8], at i: inout Int) -> String? {
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
}
