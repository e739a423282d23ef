import BoardModel

/// JSON text kept inside other data, off the hot path (the extras and field changes kept in
/// a cell, the store's lists and values): one escaping rule, one way to write and read a
/// string, a list of strings and a field value. A JSON document boardkit outputs is written
/// by `JSONWriter` instead.
public enum JSONText {
    /// `s` as a JSON string literal, escaped by `JSONEscaping`.
    public static func quoted(_ s: String) -> String {
        // Most texts (ids, dates, names) need no escape: one scan of the bytes, one copy.
        if !s.utf8.contains(where: JSONEscaping.needsEscape) {
            return "\"" + s + "\""
        }
        var out: [UInt8] = []
        appendQuoted(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `quoted`, appended as UTF-8 to a byte buffer.
    public static func appendQuoted(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { u in JSONEscaping.escape(u) { out.append(contentsOf: $0) } }
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
        b.withUnsafeBufferPointer { b in
            var scratch: [UInt8] = []
            var k = i
            guard k < b.count, b[k] == UInt8(ascii: "[") else { return nil }
            k = JSONTokenizer.skipSpace(b, from: k + 1)
            var items: [String] = []
            if k < b.count, b[k] == UInt8(ascii: "]") { i = k + 1; return items }
            while true {
                guard let item = string(b, at: &k, scratch: &scratch) else { return nil }
                items.append(item)
                k = JSONTokenizer.skipSpace(b, from: k)
                guard k < b.count else { return nil }
                k += 1
                if b[k - 1] == UInt8(ascii: "]") { i = k; return items }
                guard b[k - 1] == UInt8(ascii: ",") else { return nil }
                k = JSONTokenizer.skipSpace(b, from: k)
            }
        }
    }

    /// Reads the JSON string literal at `i` (which must be at its quote), checked and its
    /// escapes resolved by `JSONTokenizer`, and moves `i` past it; nil when there is no
    /// well-formed literal there.
    public static func string(_ b: [UInt8], at i: inout Int) -> String? {
        var scratch: [UInt8] = []
        return b.withUnsafeBufferPointer { string($0, at: &i, scratch: &scratch) }
    }

    private static func string(_ b: UnsafeBufferPointer<UInt8>, at i: inout Int, scratch: inout [UInt8]) -> String? {
        guard i < b.count, b[i] == UInt8(ascii: "\""),
              case .success(let token) = JSONTokenizer.scanString(b, at: i) else { return nil }
        i = token.after
        return JSONTokenizer.text(of: token, in: b, scratch: &scratch)
    }
}
