import Foundation
import Testing
import BoardModel
import BoardIO
import BoardSample
import BoardTestSupport
@testable import BoardJSON

/// The canonical JSON format as a user meets it, through the built `boardkit` binary.
@Suite("boardkit with JSON")
struct JSONCommandLineTests {
    @Test("convert keeps unknown keys (warning, exit 0) and the output is canonical and stable")
    func unknownKeysThroughConvert() throws {
        let folder = try TemporaryFolder()
        let input = folder.path("in.json"), output = folder.path("out.json")
        let text = #"{"cards": [{"state": "todo", "title": "Fix login", "id": "c1", "jira": {"key": "WEB-1"}}], "format": "boardkit/1", "board": {"name": "B", "id": "b", "timezone": "UTC"}}"#
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", input, output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(#"in.json:1:64 (cards[0].jira): warning: unknown key "jira" in cards; kept and written back as read [unknown-key]"#),
                "\(run.stderr)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.contains(#"{"id": "c1", "title": "Fix login", "state": "todo", "jira": {"key": "WEB-1"}}"#))
        // Converting the canonical output again changes nothing.
        let again = folder.path("again.json")
        #expect(try CommandRunner.boardkit(["convert", output, again]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(written.utf8))
    }

    @Test("the validator's findings point at file:line:col (path) in the JSON file")
    func validatorLocations() throws {
        let folder = try TemporaryFolder()
        var board = SampleBoard(cards: 12, weeks: 2, seed: 3).generate()
        board.cards[7].state = "limbo"
        let path = folder.path("board.json")
        #expect(BoardJSONWriter().write(board, to: path, options: WriterOptions()).diagnostics.isEmpty)
        let run = try CommandRunner.boardkit(["validate", path, "--diagnostics", "json"])
        #expect(run.status == 1)
        let list = try JSONSerialization.jsonObject(with: run.stdout.isEmpty ? Data(run.stderr.utf8) : run.stdout) as? [[String: Any]]
        let d = try #require(list?.first { $0["code"] as? String == "unknown-state" })
        #expect(d["line"] as? Int == 18) // 11 header lines, then cards[7]
        #expect(d["path"] as? String == "cards[7].state")
        let line = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")[17]
        let column = try #require(d["column"] as? Int)
        #expect(line.dropFirst(column - 1).hasPrefix("\"limbo\""))
    }
}
