import Foundation
import Testing
import BoardModel
import BoardIO
import BoardSample
import BoardTestSupport
@testable import BoardJSON

/// Checks against code nobody here wrote: the `jsonschema` package and Python's `json`.
@Suite("Python oracles")
struct OracleTests {
    static var schema: String {
        CommandRunner.packageRoot.appendingPathComponent("templates/schema/boardkit-2.schema.json").path
    }

    /// Sample boards of several shapes, plus one with every optional key and unknown keys.
    static func boards() -> [Board] {
        var boards = [1, 2, 3, 7, 11].map { SampleBoard(cards: 30 + $0 * 3, weeks: $0 % 8 + 1, seed: UInt64($0)).generate() }
        var full = SampleBoard(cards: 5, weeks: 2, seed: 99).generate()
        full.cards[0].start = .date(CalendarDate(year: 2026, month: 11, day: 1)!)
        full.cards[0].archived = true
        full.cards[0].position = 2.5
        full.cards[1].extras["jira"] = #"{"key": ["WEB-1", [1, 2.5, true, null], {}]}"#
        full.extras["/exportedBy"] = #""tool 1.0""#
        full.extras["color"] = #""blue""#
        full.states[0].extras["hidden"] = "false"
        full.events[0].extras["source"] = "null"
        full.events[1].changes = [FieldChange(field: "labels", old: .list([]), new: .list(["bug", "마감"])),
                                  FieldChange(field: "due", old: .text("2026-12-01, \"soon\""), new: nil)]
        boards.append(full)
        boards.append(Board(states: [], cards: [], events: []))
        return boards
    }

    @Test("every written board is valid against the JSON Schema, and Python's json sees the same cards")
    func schemaAndPythonLoad() throws {
        let folder = try TemporaryFolder()
        let boards = Self.boards()
        var paths: [String] = []
        for (k, board) in boards.enumerated() {
            let path = folder.path("b\(k).json")
            #expect(BoardJSONWriter().write(board, to: path, options: WriterOptions()).diagnostics.isEmpty)
            paths.append(path)
        }
        let out = try CommandRunner.python("json_validate_schema.py", [Self.schema] + paths)
        #expect(out.status == 0, "\(out.stderr)\n\(out.stdoutText)")
        let lines = out.stdoutText.split(separator: "\n")
        try #require(lines.count == boards.count)
        for (line, board) in zip(lines, boards) {
            let report = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            #expect((report["errors"] as? [String]) == [], "\(report["errors"] ?? "")")
            #expect(report["cards"] as? Int == board.cards.count)
            #expect(report["titles"] as? [String] == board.cards.map(\.title))
            #expect(report["events"] as? Int == board.events.count)
            #expect(report["states"] as? [String] == board.states.map(\.id))
        }
    }

    @Test("samples/board.json is valid against the schema and already canonical")
    func shippedSample() throws {
        let path = CommandRunner.sample("board.json")
        let out = try CommandRunner.python("json_validate_schema.py", [Self.schema, path])
        #expect(out.status == 0, "\(out.stdoutText)\(out.stderr)")
        let result = BoardJSONReader().read(BoardInput(path: path), options: ReaderOptions())
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let board = try #require(result.board)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Data(BoardJSONWriter().encode(board)) == bytes)
    }

    @Test("the schema rejects what boardkit would reject (so the schema check can fail)")
    func schemaRejects() throws {
        let folder = try TemporaryFolder()
        let bad = """
        {"format": "boardkit/1", "board": {"id": "b", "name": "B", "timezone": "UTC"},
         "states": [{"id": "todo", "name": "TODO", "category": "wip"}],
         "cards": [{"id": "c1", "title": 3, "state": "todo", "due": "2026-13-01"}],
         "events": [{"card": "c1", "at": "2026-11-02 09:00", "type": "teleported"},
                    {"card": "c1", "at": "2026-11-02T09:00:00Z", "type": "updated", "changes": [{"old": 3}]}]}
        """
        try bad.write(toFile: folder.path("bad.json"), atomically: true, encoding: .utf8)
        let out = try CommandRunner.python("json_validate_schema.py", [Self.schema, folder.path("bad.json")])
        #expect(out.status == 1)
        for path in ["states/0/category", "cards/0/title", "cards/0/due", "events/0/at", "events/0/type",
                     "events/1/changes/0", "events/1/changes/0/old"] {
            #expect(out.stdoutText.contains("\"\(path): "), "schema did not flag \(path): \(out.stdoutText)")
        }
    }

    @Test("the schema's enums are the model's categories and event types")
    func schemaEnums() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.schema))
        let schema = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let defs = schema["$defs"] as! [String: Any]
        func enumOf(_ def: String, _ key: String) -> [String]? {
            let props = (defs[def] as? [String: Any])?["properties"] as? [String: Any]
            return (props?[key] as? [String: Any])?["enum"] as? [String]
        }
        #expect(enumOf("state", "category") == StateCategory.allCases.map(\.rawValue))
        #expect(enumOf("event", "type") == EventType.allCases.map(\.rawValue))
        let cardKeys = ((defs["card"] as? [String: Any])?["properties"] as? [String: Any])?.keys.sorted()
        #expect(cardKeys == CardKey.allCases.map(\.rawValue).sorted())
    }

    @Test("Python rebuilding the documented layout gets exactly boardkit's bytes")
    func canonicalLayoutMatchesPython() throws {
        let folder = try TemporaryFolder()
        for (k, board) in Self.boards().enumerated() {
            let ours = folder.path("ours\(k).json"), theirs = folder.path("py\(k).json")
            #expect(BoardJSONWriter().write(board, to: ours, options: WriterOptions()).diagnostics.isEmpty)
            let out = try CommandRunner.python("json_redump.py", ["canonical", ours, theirs])
            #expect(out.status == 0, "\(out.stderr)")
            let a = try Data(contentsOf: URL(fileURLWithPath: ours))
            let b = try Data(contentsOf: URL(fileURLWithPath: theirs))
            #expect(a == b, "board \(k) differs from Python's rendering")
        }
    }

    @Test("a file Python wrote with other key order, indentation and \\u escapes reads to the same board",
          arguments: ["shuffled", "minified"])
    func readsPythonDumps(mode: String) throws {
        let folder = try TemporaryFolder()
        for (k, board) in Self.boards().enumerated() {
            let ours = folder.path("ours\(k).json"), theirs = folder.path("py\(k).json")
            #expect(BoardJSONWriter().write(board, to: ours, options: WriterOptions()).diagnostics.isEmpty)
            let out = try CommandRunner.python("json_redump.py", [mode, ours, theirs])
            #expect(out.status == 0, "\(out.stderr)")
            let result = BoardJSONReader().read(BoardInput(path: theirs), options: ReaderOptions())
            let errors = result.diagnostics.filter { $0.code != .unknownKey }
            #expect(errors.isEmpty, "\(errors)")
            let read = try #require(result.board)
            #expect(read == board)
            // And normalising it gives back the canonical bytes.
            #expect(BoardJSONWriter().encode(read) == BoardJSONWriter().encode(board))
        }
    }
}
