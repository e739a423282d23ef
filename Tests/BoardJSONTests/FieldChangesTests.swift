import Foundation
import Testing
import BoardModel
import BoardSample
import BoardTestSupport
@testable import BoardJSON
@testable import BoardIO

/// An event's `changes`: the fields it changed, with old and new values.
@Suite("Field changes in canonical JSON")
struct FieldChangesTests {
    @Test("text and list changes, a side without a value, Korean, quotes and commas: read, and written back byte for byte")
    func roundTrip() throws {
        let result = readJSON(FieldChangesFixture.json)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let board = try #require(result.board)
        #expect(board.events[2].changes == [
            FieldChange(field: "due", old: .text("2026-12-01"), new: .text("2026-12-03")),
            FieldChange(field: "labels", old: .list(["bug"]), new: .list(["bug", "ui"])),
        ])
        #expect(board.events[4].changes == [
            FieldChange(field: "fields.마감", old: nil, new: .text("금요일, \"오후\"")),
            FieldChange(field: "assignees", old: .list([]), new: .list(["mina"])),
            FieldChange(field: "url", old: .text("https://example.com/a,b"), new: nil),
            FieldChange(field: "title", old: .text("Fix log-in \\ \"now\""), new: .text("Fix login")),
        ])
        #expect(board.events[5].changes == [
            FieldChange(field: "body", old: .text("line one\nline two"), new: nil),
            FieldChange(field: "start", old: nil, new: nil),
        ])
        #expect(board.events[0].changes.isEmpty)
        #expect(encoded(board) == FieldChangesFixture.json)
    }

    @Test("null for a side or for the list reads as none; an empty list is not written")
    func nullsAndEmpty() throws {
        let text = #"""
        {"format": "boardkit/1", "cards": [{"id": "c1", "title": "T", "state": "todo"}], "events": [
          {"card": "c1", "at": "2026-11-02T09:00:00Z", "type": "updated", "changes": [{"new": null, "old": "a", "field": "due"}]},
          {"card": "c1", "at": "2026-11-03T09:00:00Z", "type": "updated", "changes": null},
          {"card": "c1", "at": "2026-11-04T09:00:00Z", "type": "updated", "changes": []}]}
        """#
        let result = readJSON(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let board = try #require(result.board)
        #expect(board.events.map(\.changes) == [[FieldChange(field: "due", old: .text("a"), new: nil)], [], []])
        let lines = encoded(board).split(separator: "\n")
        #expect(lines.contains(#"    {"card": "c1", "at": "2026-11-02T09:00:00Z", "type": "updated", "changes": [{"field": "due", "old": "a"}]},"#))
        #expect(lines.contains(#"    {"card": "c1", "at": "2026-11-03T09:00:00Z", "type": "updated"},"#))
    }

    @Test("changes come after actor and before unknown keys, which stay unknown")
    func order() throws {
        var board = Board(cards: [Card(id: "c1", title: "T", state: "todo")])
        board.events = [Event(card: "c1", at: Instant(epochSeconds: 1_794_000_000), type: .updated, actor: "mina",
                              changes: [FieldChange(field: "position", old: .text("1"), new: .text("2"))],
                              extras: ["x-rank": "[1, 2]"])]
        let text = encoded(board)
        #expect(text.contains(#""actor": "mina", "changes": [{"field": "position", "old": "1", "new": "2"}], "x-rank": [1, 2]}"#))
        let back = readJSON(text)
        #expect(back.diagnostics.map(\.code) == [.unknownKey], "\(back.diagnostics)")
        #expect(back.board == board)
    }

    @Test("events with changes read on the second core give the board reading in order gives")
    func readAhead() throws {
        let board = Self.sampleWithChanges(cards: 300, seed: 3)
        let text = encoded(board)
        let source = MappedText(copying: Array(text.utf8))
        var ahead = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: 0)
        let a = ahead.decode()
        var inOrder = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: .max)
        let b = inOrder.decode()
        #expect(ahead.tookAhead.events)
        #expect(try #require(a.board) == board)
        #expect(a.board == b.board)
        #expect(a.diagnostics.isEmpty && b.diagnostics.isEmpty)
    }

    @Test("a bad change in the events makes them read again in order, with the same diagnostics")
    func readAheadFallsBack() throws {
        let board = Self.sampleWithChanges(cards: 300, seed: 4)
        let text = encoded(board).replacingOccurrences(of: #"{"field": "title", "#, with: #"{"field": 7, "#)
        let source = MappedText(copying: Array(text.utf8))
        var ahead = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: 0)
        let a = ahead.decode()
        var inOrder = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: .max)
        let b = inOrder.decode()
        #expect(!ahead.tookAhead.events)
        #expect(a.board == nil)
        #expect(a.diagnostics.map(\.description) == b.diagnostics.map(\.description))
        #expect(a.diagnostics.contains { $0.code == .jsonWrongType && $0.location?.path?.hasSuffix(".changes[0].field") == true })
    }

    @Test("malformed changes: a located error and exit 1 from convert", arguments: [
        // The changes, where the error points (its first occurrence in them), and the message.
        (#""changes": "due""#, #""due""#, #"(events[0].changes): error: events[0].changes should be an array, not a string [json-wrong-type]"#),
        (#""changes": [{"old": "a", "new": "b"}]"#, #"{"old""#, #"(events[0].changes[0]): error: events[0].changes[0] has no "field" [json-missing-key]"#),
        (#""changes": [{"field": "due", "new": 3}]"#, "3}", #"(events[0].changes[0].new): error: events[0].changes[0].new should be a string, an array of strings or null, not a number [json-wrong-type]"#),
        (#""changes": [{"field": "labels", "old": ["a", 1]}]"#, "1]", #"(events[0].changes[0].old[1]): error: events[0].changes[0].old[1] should be a string, not a number [json-wrong-type]"#),
        (#""changes": [{"field": "due", "by": "mina"}]"#, #""by""#, #"(events[0].changes[0].by): error: events[0].changes[0] has the key "by"; a change holds only field, old and new [json-invalid-value]"#),
    ])
    func malformed(changes: String, at marker: String, expected: String) throws {
        let folder = try TemporaryFolder()
        let input = folder.path("in.json"), output = folder.path("out.json")
        let prefix = #"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "T", "state": "todo"}], "events": [{"card": "c1", "at": "2026-11-02T09:00:00Z", "type": "updated", "#
        try (prefix + changes + "}]}").write(toFile: input, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", input, output])
        #expect(run.status == 1)
        let offset = changes[..<(try #require(changes.range(of: marker))).lowerBound].utf8.count
        #expect(run.stderr.contains("in.json:1:\(prefix.utf8.count + offset + 1) " + expected), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// A sample board whose updated events carry changes, some with Korean, quotes and commas.
    static func sampleWithChanges(cards: Int, seed: UInt64) -> Board {
        var board = SampleBoard(cards: cards, weeks: 2, seed: seed).generate()
        for k in board.events.indices where k % 3 == 0 {
            board.events[k].changes = [
                FieldChange(field: "title", old: .text("제목 \(k), \"old\""), new: .text("title \(k)")),
                FieldChange(field: "labels", old: nil, new: .list(["bug", "a,b"])),
            ]
        }
        return board
    }
}
