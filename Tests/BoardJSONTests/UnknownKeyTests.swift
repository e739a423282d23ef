import Testing
import BoardModel
@testable import BoardJSON

@Suite("Unknown keys")
struct UnknownKeyTests {
    static let text = """
    {
      "format": "boardkit/1",
      "board": {"id": "b", "name": "B", "timezone": "UTC", "/odd": 1, "color": "blue"},
      "states": [
        {"id": "todo", "name": "TODO", "category": "todo", "hidden": false}
      ],
      "cards": [
        {"id": "c1", "title": "a", "state": "todo", "jira": {"key": "WEB-1", "links": [1, 2.50, "x\\u00e9"]}, "zz": null},
        {"id": "c2", "title": "b", "state": "todo", "jira": {"key": "WEB-2"}}
      ],
      "events": [
        {"card": "c1", "at": "2026-11-02T09:00:00Z", "type": "created", "to": "todo", "source": "api"}
      ],
      "exportedBy": {"tool": "x", "version": [1, 0]},
      "stats": 3
    }

    """

    @Test("kept in extras as canonical JSON text and written back byte for byte")
    func keptAndWritten() throws {
        let result = readJSON(Self.text)
        let board = try #require(result.board)
        #expect(board.cards[0].extras == ["jira": #"{"key": "WEB-1", "links": [1, 2.50, "x\u00e9"]}"#, "zz": "null"])
        #expect(board.cards[1].extras == ["jira": #"{"key": "WEB-2"}"#])
        #expect(board.states[0].extras == ["hidden": "false"])
        #expect(board.events[0].extras == ["source": #""api""#])
        #expect(board.extras == ["color": #""blue""#, "/board/~1odd": "1",
                                 "/exportedBy": #"{"tool": "x", "version": [1, 0]}"#, "/stats": "3"])
        #expect(encoded(board) == Self.text)
    }

    @Test("reported once per key name, counting occurrences, at the first one")
    func reportedOnce() throws {
        let result = readJSON(Self.text)
        let warnings = result.diagnostics.filter { $0.code == .unknownKey }
        #expect(warnings.count == 8)
        let jira = try #require(warnings.first { $0.message as? JSONMessage == .unknownKey(section: "cards", key: "jira", times: 2) })
        #expect(jira.location?.line == 8)
        #expect(jira.location?.column == 49)
        #expect(jira.location?.path == "cards[0].jira")
        #expect(warnings.contains { $0.location?.path == "exportedBy"
            && $0.message as? JSONMessage == .unknownKey(section: "the document", key: "exportedBy", times: 1) })
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test("a million unknown keys give one warning")
    func oneWarningForMany() {
        let cards = (0..<20_000).map { #"{"id": "c\#($0)", "title": "t", "state": "todo", "x": \#($0)}"# }
        let result = readJSON(#"{"format": "boardkit/1", "cards": ["# + cards.joined(separator: ",\n") + "]}")
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics.first?.message as? JSONMessage == .unknownKey(section: "cards", key: "x", times: 20_000))
        #expect(result.board?.cards[19_999].extras["x"] == "19999")
    }

    @Test("a key given twice: the last value wins, with a warning")
    func duplicates() throws {
        let result = readJSON(#"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "first", "title": "second", "state": "todo", "fields": {"a": "1", "a": "2"}}]}"#)
        let board = try #require(result.board)
        #expect(board.cards[0].title == "second")
        #expect(board.cards[0].fields == ["a": "2"])
        #expect(result.diagnostics.map { $0.message as? JSONMessage } == [
            .duplicateKey(section: "cards", key: "title", times: 1), .duplicateKey(section: "cards[0].fields", key: "a", times: 1)])
        #expect(result.diagnostics.first?.location?.path == "cards[0].title")
    }

    @Test("custom-field numbers and booleans are kept as text, null dropped, with one warning")
    func convertedFields() throws {
        let result = readJSON(#"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "t", "state": "todo", "fields": {"points": 3, "flag": true, "gone": null, "ok": "x"}}]}"#)
        let board = try #require(result.board)
        #expect(board.cards[0].fields == ["points": "3", "flag": "true", "ok": "x"])
        #expect(result.diagnostics.map { $0.message as? JSONMessage } == [.convertedValues(section: "fields", count: 3)])
    }

    @Test("null for an optional key means absent")
    func nulls() throws {
        let result = readJSON(#"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "t", "state": "todo", "due": null, "labels": null, "url": null, "archived": null, "body": null, "fields": null}]}"#)
        #expect(result.diagnostics.isEmpty)
        let card = try #require(result.board?.cards.first)
        #expect(card == Card(id: "c1", title: "t", state: "todo"))
    }
}
