import BoardModel
import BoardIO

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

    /// Why a cell's text is not changes of that shape, for a diagnostic at the cell (its
    /// wording, `text`, is in TabularMessage.swift). Changes count from 1.
    public enum Failure: Error, Equatable, Sendable {
        case notAnArray
        case textAfterArray
        /// The array ends without its `]`.
        case listNotClosed
        case notAnObject(change: Int)
        case keyNotAString(change: Int)
        case noColon(change: Int, key: String)
        case fieldNotAString(change: Int)
        /// The change's `side` ("old" or "new") is not a string, an array of strings or null.
        case badValue(change: Int, side: String)
        case unknownKey(change: Int, key: String)
        /// The change's object ends without its `}`.
        case changeNotClosed(change: Int)
        case noField(change: Int)
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
            try expect("[", .notAnArray)
            var out: [FieldChange] = []
            skipSpace()
            if peek(UInt8(ascii: "]")) {
                i += 1
            } else {
                while true {
                    out.append(try change(out.count + 1))
                    if try endOf("]", .listNotClosed) { break }
                }
            }
            skipSpace()
            guard i == b.count else { throw Failure.textAfterArray }
            return out
        }

        /// The `n`-th change (1-based, as the message counts).
        private mutating func change(_ n: Int) throws(Failure) -> FieldChange {
            skipSpace()
            try expect("{", .notAnObject(change: n))
            var field: String?, old: FieldValue?, new: FieldValue?
            skipSpace()
            if peek(UInt8(ascii: "}")) {
                i += 1
            } else {
                while true {
                    skipSpace()
                    guard let key = JSONText.string(b, at: &i) else {
                        throw Failure.keyNotAString(change: n)
                    }
                    skipSpace()
                    try expect(":", .noColon(change: n, key: key))
                    skipSpace()
                    switch key {
                    case "field":
                        guard let s = JSONText.string(b, at: &i) else {
                            throw Failure.fieldNotAString(change: n)
                        }
                        field = s
                    case "old": old = try value(.badValue(change: n, side: "old"))
                    case "new": new = try value(.badValue(change: n, side: "new"))
                    default:
                        throw Failure.unknownKey(change: n, key: key)
                    }
                    if try endOf("}", .changeNotClosed(change: n)) { break }
                }
            }
            guard let field else { throw Failure.noField(change: n) }
            return FieldChange(field: field, old: old, new: new)
        }

        /// A string, an array of strings, or null; `wrong` otherwise.
        private mutating func value(_ wrong: Failure) throws(Failure) -> FieldValue? {
            if peek(UInt8(ascii: "\"")) {
                guard let s = JSONText.string(b, at: &i) else { throw wrong }
                return .text(s)
            }
            if b[i...].starts(with: "null".utf8) { i += 4; return nil }
            guard let items = JSONText.stringArray(b, at: &i) else { throw wrong }
            return .list(items)
        }

        /// After an element: true at `close` (consumed), false at `,` (consumed); `unclosed`
        /// otherwise.
        private mutating func endOf(_ close: Unicode.Scalar, _ unclosed: Failure) throws(Failure) -> Bool {
            skipSpace()
            if peek(UInt8(ascii: close)) { i += 1; return true }
            try expect(",", unclosed)
            return false
        }

        private mutating func expect(_ c: Unicode.Scalar, _ failure: Failure) throws(Failure) {
            guard peek(UInt8(ascii: c)) else { throw failure }
            i += 1
        }

        private func peek(_ c: UInt8) -> Bool { i < b.count && b[i] == c }

        private mutating func skipSpace() {
            while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
        }
    }
}
