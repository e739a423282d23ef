import BoardModel

/// An event's field changes in one cell, as compact JSON text: the workbook's History sheet
/// and the CSV events sidecar hold them this way.
///
/// `[{"field":"due","old":"2026-12-01","new":"2026-12-03"},{"field":"labels","old":["bug"],"new":["bug","ui"]}]`
///
/// The canonical JSON's `changes` without the spaces: a string is `.text`, an array of
/// strings `.list`, a side without a value is left out (`null` reads as none too). No changes
/// is an empty cell, so boards without them look as before.
public enum FieldChangesText {
    /// The shape, for messages that say what a cell should hold.
    public static let example = #"[{"field":"due","old":"2026-12-01","new":"2026-12-03"}]"#

    /// Why a cell's text is not changes of that shape, for a diagnostic at the cell.
    public struct Failure: Error, Equatable {
        public let message: String
    }

    /// The compact text of `changes`; empty for none.
    public static func encode(_ changes: [FieldChange]) -> String {
        guard !changes.isEmpty else { return "" }
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (k, c) in changes.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"field":"#.utf8)
            JSONText.appendQuoted(c.field, to: &out)
            if let v = c.old { out += Array(#","old":"#.utf8); JSONText.append(v, to: &out) }
            if let v = c.new { out += Array(#","new":"#.utf8); JSONText.append(v, to: &out) }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The changes `text` holds (any JSON spacing; empty text is none), or what is wrong.
    public static func decode(_ text: String) -> Result<[FieldChange], Failure> {
        var reader = Reader(Array(text.utf8))
        return Result { () throws(Failure) in try reader.changes() }
    }

    /// A cursor over the cell's bytes that knows only this shape.
    private struct Reader {
        let b: [UInt8]
        var i = 0

        init(_ b: [UInt8]) { self.b = b }

        mutating func changes() throws(Failure) -> [FieldChange] {
            skipSpace()
            if i == b.count { return [] }
            try expect("[", "the changes are not a JSON array")
            var out: [FieldChange] = []
            skipSpace()
            if peek(UInt8(ascii: "]")) {
                i += 1
            } else {
                while true {
                    out.append(try change(out.count + 1))
                    if try endOf("]", "the list of changes") { break }
                }
            }
            skipSpace()
            guard i == b.count else { throw Failure(message: "text after the end of the changes' array") }
            return out
        }

        /// The `n`-th change (1-based, as the message counts).
        private mutating func change(_ n: Int) throws(Failure) -> FieldChange {
            skipSpace()
            try expect("{", "change \(n) is not a JSON object")
            var field: String?, old: FieldValue?, new: FieldValue?
            skipSpace()
            if peek(UInt8(ascii: "}")) {
                i += 1
            } else {
                while true {
                    skipSpace()
                    guard let key = JSONText.string(b, at: &i) else {
                        throw Failure(message: "change \(n) has a key that is not a JSON string")
                    }
                    skipSpace()
                    try expect(":", "change \(n) has no ':' after \"\(key)\"")
                    skipSpace()
                    switch key {
                    case "field":
                        guard let s = JSONText.string(b, at: &i) else {
                            throw Failure(message: "change \(n)'s \"field\" is not a string")
                        }
                        field = s
                    case "old": old = try value("change \(n)'s \"old\"")
                    case "new": new = try value("change \(n)'s \"new\"")
                    default:
                        throw Failure(message: "change \(n) has the key \"\(key)\"; a change holds only field, old and new")
                    }
                    if try endOf("}", "change \(n)") { break }
                }
            }
            guard let field else { throw Failure(message: "change \(n) has no \"field\"") }
            return FieldChange(field: field, old: old, new: new)
        }

        /// A string, an array of strings, or null.
        private mutating func value(_ what: String) throws(Failure) -> FieldValue? {
            let wrong = Failure(message: "\(what) is not a string, an array of strings or null")
            if peek(UInt8(ascii: "\"")) {
                guard let s = JSONText.string(b, at: &i) else { throw wrong }
                return .text(s)
            }
            if b[i...].starts(with: "null".utf8) { i += 4; return nil }
            guard let items = JSONText.stringArray(b, at: &i) else { throw wrong }
            return .list(items)
        }

        /// After an element: true at `close` (consumed), false at `,` (consumed).
        private mutating func endOf(_ close: Unicode.Scalar, _ what: String) throws(Failure) -> Bool {
            skipSpace()
            if peek(UInt8(ascii: close)) { i += 1; return true }
            try expect(",", "\(what) is not closed with '\(close)'")
            return false
        }

        private mutating func expect(_ c: Unicode.Scalar, _ message: String) throws(Failure) {
            guard peek(UInt8(ascii: c)) else { throw Failure(message: message) }
            i += 1
        }

        private func peek(_ c: UInt8) -> Bool { i < b.count && b[i] == c }

        private mutating func skipSpace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        }
    }
}
