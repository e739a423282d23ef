import BoardModel
import BoardIO
import Foundation

/// The fields of a request body, read from JSON (the API) or from an HTML form (the page
/// without script), so one parser turns either into an action.
struct ActionFields: Sendable, Equatable {
    enum Value: Sendable, Equatable {
        case text(String)
        /// A JSON number, as written: only a field that takes a number takes it (`"title":
        /// 123` was taken as the text "123").
        case number(String)
        /// A JSON `true` or `false`: no field takes one.
        case bool(Bool)
        case list([String])
        /// JSON `null`: clear the field.
        case null
        /// A JSON object of strings (custom `fields`); a null member removes that field.
        case map([String: String?])
    }

    /// Where the fields came from: a form's are all text (a list is `bug, ui`, a number is
    /// typed); JSON's have their types, which must be the field's.
    enum Origin: Sendable { case json, form }

    var values: [String: Value]
    var origin: Origin

    init(_ values: [String: Value] = [:], origin: Origin = .json) {
        self.values = values
        self.origin = origin
    }

    subscript(_ name: String) -> Value? { values[name] }

    /// A JSON object. An empty body is no fields; anything but an object, or a value that is
    /// not a string, number, list of strings or null, is refused with the member's name.
    static func json(_ bytes: [UInt8]) throws(FieldProblem) -> ActionFields {
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else { return ActionFields() }
        guard let parsed = JSONDocument.parse(bytes) else {
            throw FieldProblem(kind: .unreadable, field: "body", message: "the body is not JSON")
        }
        guard let object = parsed.object else {
            throw FieldProblem(kind: .unreadable, field: "body", message: "the body must be a JSON object")
        }
        var out: [String: Value] = [:]
        for (key, value) in object {
            out[key] = try jsonValue(value, key)
        }
        return ActionFields(out)
    }

    private static func jsonValue(_ value: JSONDocument, _ key: String) throws(FieldProblem) -> Value {
        switch value {
        case .string(let s): return .text(s)
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .array:
            guard let list = value.strings else { throw .invalid(key, "must be a list of strings") }
            return .list(list)
        case .object(let members):
            var map: [String: String?] = [:]
            for (name, member) in members {
                switch member {
                case .string(let s): map[name] = .some(s)
                case .null: map[name] = .some(nil)
                default: throw .invalid("\(key).\(name)", "must be a string or null")
                }
            }
            return .map(map)
        }
    }

    /// `application/x-www-form-urlencoded`: `name=value&…`, `+` for a space. A name given
    /// twice keeps its last value. A browser sends every line break of a text area as CR LF
    /// (the HTML standard's form encoding): they are line breaks again here, as typed.
    static func form(_ bytes: [UInt8]) -> ActionFields {
        var out: [String: Value] = [:]
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = decodeFormComponent(parts[0])
            out[name] = .text(parts.count > 1 ? decodeFormComponent(parts[1]).replacing("\r\n", with: "\n") : "")
        }
        return ActionFields(out, origin: .form)
    }

    /// Percent-decoding after `+` → space; malformed escapes are kept as typed.
    static func decodeFormComponent(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        return text.removingPercentEncoding ?? text
    }

    /// The field as text: nil when absent; `""` for null (a cleared field).
    func text(_ name: String) throws(FieldProblem) -> String? {
        switch values[name] {
        case nil: return nil
        case .text(let s)?: return s
        case .null?: return ""
        case .number?, .bool?, .list?, .map?: throw .invalid(name, "must be a string")
        }
    }

    /// The field as a whole number: a JSON number, or a form's typed digits; nil when absent
    /// or null.
    func integer(_ name: String) throws(FieldProblem) -> Int? {
        switch values[name] {
        case nil, .null?: return nil
        case .number(let n)?: if let value = Int(n) { return value }
        case .text(let s)? where origin == .form: if s.isEmpty { return nil } else if let value = Int(s) { return value }
        default: break
        }
        throw .invalid(name, "must be a whole number")
    }

    /// The field as true or false: a JSON boolean, or a form's `true` / `false`; nil when
    /// absent or null.
    func bool(_ name: String) throws(FieldProblem) -> Bool? {
        switch values[name] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case .text("true")? where origin == .form: return true
        case .text("false")? where origin == .form: return false
        default: throw .invalid(name, "must be true or false")
        }
    }

    /// The field as a list: a JSON list of strings, or a form's text split at commas (`bug, ui`).
    func list(_ name: String) throws(FieldProblem) -> [String]? {
        switch values[name] {
        case nil: return nil
        case .list(let items)?: return Self.cleaned(items)
        case .text(let s)? where origin == .form: return Self.cleaned(s.split(separator: ",").map(String.init))
        case .null?: return []
        default: throw .invalid(name, "must be a list of strings")
        }
    }

    /// Refuses a JSON member the request does not take (it was ignored, so a typo such as
    /// `"lables"` changed nothing and said nothing). A form's fields are the page's own.
    func refuseUnknown(_ known: Set<String>) throws(FieldProblem) {
        guard origin == .json, let unknown = values.keys.sorted().first(where: { !known.contains($0) }) else { return }
        let taken = known.isEmpty ? "this request takes none" : "it takes " + known.sorted().joined(separator: ", ")
        throw .invalid(unknown, "is not a field; \(taken)")
    }

    /// Items trimmed, empty ones and repeats left out, the order kept.
    private static func cleaned(_ items: [String]) -> [String] {
        var out: [String] = []
        for item in items {
            let t = item.trimmingCharacters(in: .whitespacesAndNewlines)
            if !t.isEmpty, !out.contains(t) { out.append(t) }
        }
        return out
    }
}
