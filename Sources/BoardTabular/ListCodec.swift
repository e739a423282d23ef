import BoardModel
import BoardIO
import Foundation

/// How one cell holds a list (labels, assignees, repeated columns gathered into one field):
/// items joined by `, `. An item's own `,` and `\` are written `\,` and `\\`, and a leading
/// or trailing space `\ `, so any list of non-empty items comes back exactly. Reading splits
/// on unescaped commas and trims unescaped spaces around items, so hand-typed `bug,ui` and
/// `bug, ui` both work; empty items are dropped.
public enum ListCodec {
    /// Joins items into one cell.
    public static func join(_ items: [String]) -> String {
        var out = ""
        out.reserveCapacity(items.reduce(0) { $0 + $1.utf8.count + 2 })
        for (k, item) in items.enumerated() {
            if k > 0 { out += ", " }
            append(item, to: &out)
        }
        return out
    }

    /// Appends one item, escaped.
    public static func append(_ item: String, to out: inout String) {
        // Bytes, not Characters: a leading space is escaped even when a combining mark
        // follows it, and no grapheme breaking is paid per item.
        let utf8 = item.utf8
        let needsEscape = utf8.first == space || utf8.last == space
            || utf8.contains { $0 == comma || $0 == backslash }
        guard needsEscape else { out += item; return }
        let scalars = Array(item.unicodeScalars)
        for (k, u) in scalars.enumerated() {
            if u == "," || u == "\\" || (u == " " && (k == 0 || k == scalars.count - 1)) {
                out.unicodeScalars.append("\\")
            }
            out.unicodeScalars.append(u)
        }
    }

    /// A cell written as a JSON array of strings (`["backend", "security"]`, as Plane and
    /// other tools export lists): its items; nil for any other cell, split as usual.
    static func jsonArray(_ cell: UnsafeBufferPointer<UInt8>) -> [String]? {
        var lo = 0, hi = cell.count
        while lo < hi, cell[lo] == space { lo += 1 }
        while hi > lo, cell[hi - 1] == space { hi -= 1 }
        guard hi - lo >= 2, cell[lo] == UInt8(ascii: "["), cell[hi - 1] == UInt8(ascii: "]"),
              let parsed = JSONDocument.parse(Array(cell[lo..<hi]))?.strings else { return nil }
        return parsed.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Splits a cell into items. An empty cell is an empty list.
    public static func split(_ cell: String) -> [String] {
        var cell = cell
        return cell.withUTF8 { split(utf8: $0) }
    }

    /// Splits a cell's UTF-8 bytes into items, without making a string of the whole cell.
    public static func split(utf8 cell: UnsafeBufferPointer<UInt8>) -> [String] {
        if cell.isEmpty { return [] }
        if let items = jsonArray(cell) { return items }
        // Fast path: nothing to split or unescape.
        if !cell.contains(where: { $0 == comma || $0 == backslash }) {
            let t = trimmed(cell, keepBefore: Int.max, keepAfter: -1)
            return t.isEmpty ? [] : [String(decoding: t, as: UTF8.self)]
        }
        var items: [String] = []
        var current: [UInt8] = []
        // Where the item's escaped bytes are: an escaped space is kept when trimming, and the
        // spaces trimmed from an end are only those before the first (after the last) escape.
        var firstEscaped = Int.max, lastEscaped = -1
        var escape = false
        func finishItem() {
            current.withUnsafeBufferPointer { b in
                let t = trimmed(b, keepBefore: firstEscaped, keepAfter: lastEscaped)
                if !t.isEmpty { items.append(String(decoding: t, as: UTF8.self)) }
            }
            current.removeAll(keepingCapacity: true)
            firstEscaped = Int.max
            lastEscaped = -1
        }
        func appendEscaped(_ c: UInt8) {
            if firstEscaped == Int.max { firstEscaped = current.count }
            lastEscaped = current.count
            current.append(c)
        }
        for c in cell {
            if escape {
                // A multi-byte character's continuation bytes follow as plain bytes.
                appendEscaped(c)
                escape = false
            } else if c == backslash {
                escape = true
            } else if c == comma {
                finishItem()
            } else {
                current.append(c)
            }
        }
        if escape { appendEscaped(backslash) }
        finishItem()
        return items
    }

    private static let comma = UInt8(ascii: ","), backslash = UInt8(ascii: "\\"), space = UInt8(ascii: " ")

    /// Drops spaces at both ends, but none at or after index `keepBefore` from the front and
    /// none at or before `keepAfter` from the back (escaped spaces).
    private static func trimmed(_ s: UnsafeBufferPointer<UInt8>, keepBefore: Int, keepAfter: Int) -> UnsafeBufferPointer<UInt8> {
        var lo = 0, hi = s.count
        while lo < hi, lo < keepBefore, s[lo] == space { lo += 1 }
        while hi > lo, hi - 1 > keepAfter, s[hi - 1] == space { hi -= 1 }
        return UnsafeBufferPointer(rebasing: s[lo..<hi])
    }
}
