import BoardModel

/// Writes `JSONNode` trees as UTF-8 JSON: two-space indentation, one member per line,
/// keys in the order given, and arrays of scalars kept on one line, much as the tools
/// themselves lay out their exports.
public enum JSONSerializer {
    /// The document as bytes, ending with a line break.
    public static func bytes(_ node: JSONNode) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        write(node, indent: 0, to: &out)
        out.append(0x0A)
        return out
    }

    /// One JSON object per line (`task import` reads this as well as an array).
    public static func lines(_ nodes: [JSONNode]) -> [UInt8] {
        var out: [UInt8] = []
        for n in nodes {
            writeCompact(n, to: &out)
            out.append(0x0A)
        }
        return out
    }

    private static func newline(_ indent: Int, _ out: inout [UInt8]) {
        out.append(0x0A)
        for _ in 0..<indent { out.append(0x20); out.append(0x20) }
    }

    private static func isScalar(_ n: JSONNode) -> Bool {
        switch n.kind {
        case .array, .object: return false
        default: return true
        }
    }

    static func write(_ node: JSONNode, indent: Int, to out: inout [UInt8]) {
        switch node.kind {
        case .array(let items):
            if items.isEmpty || items.allSatisfy(isScalar) { writeCompact(node, to: &out); return }
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                write(item, indent: indent + 1, to: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: [0x7B, 0x7D]); return }
            out.append(UInt8(ascii: "{"))
            for (k, m) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                appendString(m.key, to: &out)
                out.append(contentsOf: [0x3A, 0x20])
                write(m.value, indent: indent + 1, to: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "}"))
        default:
            writeCompact(node, to: &out)
        }
    }

    static func writeCompact(_ node: JSONNode, to out: inout [UInt8]) {
        switch node.kind {
        case .null: out.append(contentsOf: nullBytes)
        case .bool(let v): out.append(contentsOf: v ? trueBytes : falseBytes)
        case .number(let d):
            if d.rounded() == d, abs(d) < 1e15 { appendInteger(Int64(d), to: &out) }
            else { out.append(contentsOf: Array(JSONNode.numberText(d).utf8)) }
        case .string(let s): appendString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (k, item) in items.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                writeCompact(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (k, m) in members.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                appendString(m.key, to: &out)
                out.append(UInt8(ascii: ":"))
                writeCompact(m.value, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let nullBytes: [UInt8] = Array("null".utf8)
    private static let trueBytes: [UInt8] = Array("true".utf8)
    private static let falseBytes: [UInt8] = Array("false".utf8)

    private static func appendInteger(_ v: Int64, to out: inout [UInt8]) {
        if v < 0 { out.append(UInt8(ascii: "-")) }
        var m = v.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buf in
            repeat { buf[n] = 48 + UInt8(m % 10); m /= 10; n += 1 } while m > 0
            while n > 0 { n -= 1; out.append(buf[n]) }
        }
    }

    /// A JSON string literal, escaped by the one rule (`JSONEscaping`): non-ASCII text is
    /// written as UTF-8, not escaped.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        JSONText.appendQuoted(s, to: &out)
    }
}

// Building nodes for output.
extension JSONNode {
    /// An object with members in this order; nil values are left out.
    public static func object(_ pairs: [(String, JSONNode?)]) -> JSONNode {
        JSONNode(.object(pairs.compactMap { k, v in v.map { JSONMember(key: k, value: $0, keyOffset: 0) } }))
    }
    public static func string(_ s: String) -> JSONNode { JSONNode(.string(s)) }
    public static func number(_ d: Double) -> JSONNode { JSONNode(.number(d)) }
    public static func bool(_ b: Bool) -> JSONNode { JSONNode(.bool(b)) }
    public static func array(_ items: [JSONNode]) -> JSONNode { JSONNode(.array(items)) }
    public static var null: JSONNode { JSONNode(.null) }
    /// A string, or JSON null when `s` is nil.
    public static func stringOrNull(_ s: String?) -> JSONNode { s.map { .string($0) } ?? .null }
}
