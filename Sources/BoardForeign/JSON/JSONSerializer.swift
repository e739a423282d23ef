import BoardModel
import BoardIO

/// Lays out `JSONNode` trees through the one `JSONWriter`: two-space indentation, one member
/// per line, keys in the order given, and arrays of scalars kept on one line, much as the
/// tools themselves lay out their exports.
public enum JSONSerializer {
    /// The document as bytes, ending with a line break.
    public static func bytes(_ node: JSONNode) -> [UInt8] {
        var out = JSONWriter(capacity: 1 << 16)
        write(node, to: &out)
        out.endDocument()
        return out.finish()
    }

    /// Writes `node` into `out`; an array holding only scalars (or nothing) goes on one line.
    public static func write(_ node: JSONNode, layout: JSONWriter.Layout = .indented, to out: inout JSONWriter) {
        switch node.kind {
        case .null: out.null()
        case .bool(let v): out.bool(v)
        case .number(let d):
            if d.rounded() == d, abs(d) < 1e15 { out.integer(Int(d)) } else { out.json(JSONNode.numberText(d)) }
        case .string(let s): out.string(s)
        case .array(let items):
            out.beginArray(items.allSatisfy(isScalar) ? .compact : layout)
            for item in items { write(item, layout: layout, to: &out) }
            out.endArray()
        case .object(let members):
            out.beginObject(layout)
            for m in members {
                out.key(named: m.key)
                write(m.value, layout: layout, to: &out)
            }
            out.endObject()
        }
    }

    private static func isScalar(_ n: JSONNode) -> Bool {
        switch n.kind {
        case .array, .object: return false
        default: return true
        }
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
