import Testing
import BoardModel
@testable import BoardJSON

/// The one diagnostic a bad file gives: its code, `line:col`, and path.
private func only(_ text: String, sourceLine: Int = #line) -> Diagnostic? {
    let result = readJSON(text)
    #expect(result.board == nil, "a board came back despite errors")
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "expected one error, got \(result.diagnostics)")
    return errors.first
}

private func at(_ d: Diagnostic?) -> String {
    guard let l = d?.location else { return "nowhere" }
    return "\(l.line ?? 0):\(l.column ?? 0)" + (l.path.map { " \($0)" } ?? "")
}

private let head = #"{"format": "boardkit/1", "board": {"id": "b", "name": "B", "timezone": "UTC"},"#

@Suite("Syntax and type errors")
struct DiagnosticTests {
    @Test("a truncated file: where it ends, and that it looks truncated")
    func truncated() {
        let d = only(head + "\n\"cards\": [\n  {\"id\": \"c1\", \"title\": \"ok\", \"state\": \"todo\"},\n  {\"id\": \"c2\", \"ti")
        #expect(d?.code == .jsonSyntax)
        #expect(at(d) == "4:16")
        #expect(d?.message as? JSONMessage == .endsInString)
    }

    @Test("a file that ends between values")
    func truncatedBetweenValues() {
        let d = only(head + "\n\"cards\": [\n  {\"id\": \"c1\", \"title\": \"ok\", \"state\": \"todo\"}")
        #expect(d?.code == .jsonSyntax)
        #expect(at(d) == "3:47")
        #expect(d?.message as? JSONMessage == .endsWhere(expected: .commaOrBracket))
    }

    @Test("trailing commas in arrays and objects point at the comma")
    func trailingComma() {
        let a = only(head + "\n\"cards\": [\n  {\"id\": \"c1\", \"title\": \"ok\", \"state\": \"todo\"},\n]}")
        #expect(a?.message as? JSONMessage == .trailingComma(before: "]"))
        #expect(at(a) == "3:47")
        let o = only(head + "\n\"cards\": [{\"id\": \"c1\", \"title\": \"ok\", \"state\": \"todo\",}]}")
        #expect(o?.message as? JSONMessage == .trailingComma(before: "}"))
        #expect(at(o) == "2:54")
    }

    @Test("a wrong type names the JSON path and points at the value")
    func wrongType() {
        let text = head + "\n\"cards\": [\n" + (0..<3).map { "  {\"id\": \"c\($0)\", \"title\": \"t\", \"state\": \"todo\"},\n" }.joined()
            + "  {\"id\": \"c3\", \"title\": 42, \"state\": \"todo\"}\n]}"
        let d = only(text)
        #expect(d?.code == .jsonWrongType)
        #expect(at(d) == "6:25 cards[3].title")
        #expect(d?.message as? JSONMessage == .wrongType(path: "cards[3].title", expected: .string, found: .number))
    }

    @Test("several type errors are all listed in one run", arguments: [
        (#""labels": "bug""#, "cards[0].labels", JSONMessage.Wanted.array, JSONMessage.Kind.string),
        (#""labels": ["ok", 3]"#, "cards[0].labels[1]", .string, .number),
        (#""archived": "yes""#, "cards[0].archived", .bool, .string),
        (#""position": "1""#, "cards[0].position", .number, .string),
        (#""fields": ["a"]"#, "cards[0].fields", .object, .array),
        (#""fields": {"a": {"b": 1}}"#, "cards[0].fields.a", .string, .object),
        (#""due": 20261130"#, "cards[0].due", .date, .number),
    ])
    func typeErrors(fragment: String, path: String, expected: JSONMessage.Wanted, found: JSONMessage.Kind) {
        let d = only(head + #""cards": [{"id": "c1", "title": "t", "state": "todo", "# + fragment + "}]}")
        #expect(d?.code == .jsonWrongType)
        #expect(d?.location?.path == path)
        #expect(d?.message as? JSONMessage == .wrongType(path: path, expected: expected, found: found))
    }

    @Test("every error of a file is reported, not just the first")
    func manyErrors() {
        let result = readJSON(head + #""cards": [{"id": 1, "title": 2, "state": 3}, {"id": "c2", "state": "todo"}]}"#)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location?.path) == ["cards[0].id", "cards[0].title", "cards[0].state", "cards[1]"])
        #expect(errors.last?.code == .jsonMissingKey)
        #expect(errors.last?.message as? JSONMessage == .missingKey(path: "cards[1]", key: "title"))
    }

    @Test("reading stops after 100 errors")
    func errorCap() {
        let cards = (0..<500).map { _ in #"{"id": 1, "title": "t", "state": "todo"}"# }.joined(separator: ",")
        let result = readJSON(head + #""cards": ["# + cards + "]}")
        #expect(result.diagnostics.count == 101)
        #expect(result.diagnostics.filter { $0.code == .jsonWrongType }.count == 100)
        #expect(result.diagnostics.last?.message as? JSONMessage == .tooManyErrors(100))
    }

    @Test("impossible and malformed dates are invalid-date errors with a location")
    func invalidDates() {
        let d = only(head + "\n\"cards\": [{\"id\": \"c1\", \"title\": \"t\", \"state\": \"todo\", \"due\": \"2026-02-30\"}]}")
        #expect(d?.code == .invalidDate)
        #expect(at(d) == "2:62 cards[0].due")
        #expect(d?.message as? JSONMessage == .impossibleDate(path: "cards[0].due", text: "2026-02-30"))
        let m = only(head + #""events": [{"card": "c1", "at": "next tuesday", "type": "created"}]}"#)
        #expect(m?.code == .invalidDate)
        #expect(m?.location?.path == "events[0].at")
        #expect(m?.message as? JSONMessage == .malformedDate(path: "events[0].at", text: "next tuesday"))
        let h = only(head + #""cards": [{"id": "c1", "title": "t", "state": "todo", "created": "2026-11-02T25:00:00Z"}]}"#)
        #expect(h?.code == .invalidDate)
    }

    @Test("unknown categories and event types list what is allowed")
    func invalidValues() {
        let s = only(head + #""states": [{"id": "wip", "name": "WIP", "category": "wip"}]}"#)
        #expect(s?.code == .jsonInvalidValue)
        #expect(s?.message as? JSONMessage == .notOneOf(path: "states[0].category", value: "wip", allowed: ["todo", "doing", "done"]))
        let e = only(head + #""events": [{"card": "c1", "at": "2026-11-02T09:00:00Z", "type": "teleported"}]}"#)
        #expect(e?.location?.path == "events[0].type")
        let w = only(head + #""states": [{"id": "a", "name": "A", "category": "todo", "wipLimit": -1}]}"#)
        #expect(w?.message as? JSONMessage == .notACount(path: "states[0].wipLimit", text: "-1"))
        let big = only(head + #""cards": [{"id": "c1", "title": "t", "state": "todo", "position": 1e999}]}"#)
        #expect(big?.code == .jsonInvalidValue)
        #expect(big?.message as? JSONMessage == .numberTooLarge(path: "cards[0].position"))
    }

    @Test("invalid UTF-8 inside a string: json-invalid-utf8 where the bad byte is")
    func invalidUTF8() {
        var bytes = Array((head + "\n\"cards\": [{\"id\": \"c1\", \"title\": \"caf").utf8)
        bytes += [0xE9] // Latin-1 é
        bytes += Array("\", \"state\": \"todo\"}]}".utf8)
        let result = BoardJSONReader().read(bytes: bytes, file: "latin1.json")
        #expect(result.board == nil)
        let d = result.diagnostics.first
        #expect(d?.message as? JSONMessage == .invalidUTF8(0xE9))
        #expect(d?.location?.line == 2)
        #expect(d?.location?.column == 37)
        // Overlong encodings and encoded surrogates are not UTF-8 either.
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let r = BoardJSONReader().read(bytes: Array(#"{"board": {"name": ""#.utf8) + bad + Array("\"}}".utf8))
            #expect(r.diagnostics.first?.code == .jsonInvalidUTF8, "\(bad)")
        }
    }

    @Test("bad escapes and raw control characters in strings")
    func badStrings() {
        #expect(only(#"{"board": {"name": "a\x"}}"#)?.message as? JSONMessage == .invalidEscape(UInt8(ascii: "x")))
        #expect(only(#"{"board": {"name": "a\u12"}}"#)?.message as? JSONMessage == .badUnicodeEscape)
        #expect(only(#"{"board": {"name": "\ud800 lone"}}"#)?.message as? JSONMessage == .unpairedHighSurrogate(0xD800))
        #expect(only("{\"board\": {\"name\": \"tab\there\"}}")?.message as? JSONMessage == .controlCharacter(0x09))
        let newline = only("{\"board\": {\"name\": \"no closing quote\n}}")
        #expect(newline?.message as? JSONMessage == .stringRunsPastLine)
        #expect(at(newline) == "1:37")
    }

    @Test("stray bytes, bad literals and numbers")
    func syntax() {
        #expect(only("")?.message as? JSONMessage == .emptyFile)
        // Valid JSON that is not an object is not a board, not broken JSON (#19 item 12).
        let array = only(#"[{"title": "a"}]"#)
        #expect(array?.message as? JSONMessage == .documentHolds(.array))
        #expect(only(#""text""#)?.message as? JSONMessage == .documentHolds(.string))
        #expect(only("hello")?.message as? JSONMessage == .notAnObject(found: UInt8(ascii: "h")))
        #expect(only(#"{"format": "boardkit/1"} x"#)?.message as? JSONMessage == .afterTheBoard(found: UInt8(ascii: "x")))
        #expect(only(#"{"format": "boardkit/1" "board": {}}"#)?.message as? JSONMessage
                == .unexpected(expected: .commaOrBrace, found: UInt8(ascii: "\"")))
        #expect(only(#"{"x": tru}"#)?.code == .jsonSyntax)
        #expect(only(#"{"x": 01}"#)?.message as? JSONMessage == .leadingZero)
        #expect(only(#"{"x": 1.}"#)?.code == .jsonSyntax)
        #expect(only(#"{"x": -}"#)?.code == .jsonSyntax)
        #expect(only(#"{format: "boardkit/1"}"#)?.message as? JSONMessage == .unexpected(expected: .key, found: UInt8(ascii: "f")))
    }

    @Test("the format key: missing is a warning, another format or version an error")
    func formatKey() {
        let missing = readJSON(#"{"board": {"id": "b", "name": "B", "timezone": "UTC"}}"#)
        #expect(missing.board != nil)
        #expect(missing.diagnostics.map(\.code) == [.jsonMissingFormat])
        let newer = only(#"{"format": "boardkit/3"}"#)
        #expect(newer?.message as? JSONMessage == .newerFormat("boardkit/3"))
        #expect(readJSON(#"{"format": "boardkit/2"}"#).diagnostics.isEmpty, "both schemas read")
        let other = only(#"{"format": "trello"}"#)
        #expect(other?.message as? JSONMessage == .notBoardkitFormat("trello"))
        #expect(only(#"{"format": 1}"#)?.code == .jsonWrongType)
    }
}
