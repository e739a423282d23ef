/// How one cell holds a list (labels, assignees, repeated columns gathered into one field):
/// items joined by `, `. An item's own `,` and `\` are written `\,` and `\\`, and a leading
/// or trailing space `\ `, so any list of non-empty items comes back exactly. Reading splits
/// on unescaped commas and trims unescaped spaces around items, so hand-typed `bug,ui` and
/// `bug, ui` both work; empty items are dropped.
public enum ListCodec {
    /// Joins items into one cell.
    public static func join(_ items: [String]) -> String {
        var out = ""
        for (k, item) in items.enumerated() {
            if k > 0 { out += ", " }
            append(item, to: &out)
        }
        return out
    }

    /// Appends one item, escaped.
    public static func append(_ item: String, to out: inout String) {
        let needsEscape = item.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\\") }
            || item.first == " " || item.last == " "
        guard needsEscape else { out += item; return }
        let scalars = Array(item.unicodeScalars)
        for (k, u) in scalars.enumerated() {
            if u == "," || u == "\\" || (u == " " && (k == 0 || k == scalars.count - 1)) {
                out.unicodeScalars.append("\\")
            }
            out.unicodeScalars.append(u)
        }
    }

    /// Splits a cell into items. An empty cell is an empty list.
    public static func split(_ cell: String) -> [String] {
        if cell.isEmpty { return [] }
        // Fast path: nothing to split or unescape.
        if !cell.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\\") }) {
            let t = trimmed(Array(cell.unicodeScalars).map { ($0, false) })
            return t.isEmpty ? [] : [t]
        }
        var items: [String] = []
        var current: [(Unicode.Scalar, Bool)] = [] // scalar, came from an escape
        var escape = false
        for u in cell.unicodeScalars {
            if escape {
                current.append((u, true))
                escape = false
            } else if u == "\\" {
                escape = true
            } else if u == "," {
                let t = trimmed(current)
                if !t.isEmpty { items.append(t) }
                current.removeAll(keepingCapacity: true)
            } else {
                current.append((u, false))
            }
        }
        if escape { current.append(("\\", true)) }
        let t = trimmed(current)
        if !t.isEmpty { items.append(t) }
        return items
    }

    /// Drops unescaped spaces at both ends.
    private static func trimmed(_ s: [(Unicode.Scalar, Bool)]) -> String {
        var lo = 0, hi = s.count
        while lo < hi, s[lo].0 == " ", !s[lo].1 { lo += 1 }
        while hi > lo, s[hi - 1].0 == " ", !s[hi - 1].1 { hi -= 1 }
        var out = ""
        out.unicodeScalars.append(contentsOf: s[lo..<hi].map(\.0))
        return out
    }
}
