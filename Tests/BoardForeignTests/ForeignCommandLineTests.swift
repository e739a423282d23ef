import Foundation
import Testing
import BoardTestSupport

/// The formats end to end through the `boardkit` binary: found by content, converted,
/// written atomically, refused with exit 1 on bad input.
@Suite struct ForeignCommandLineTests {
    @Test func trelloExportConvertsWithNoFlags() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("board.json")
        let run = try CommandRunner.boardkit(["convert", CommandRunner.sample("foreign/trello-board.json"), out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("trello-actions-not-kept"))
        let board = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])
        // Its cards have comments, checklists and attachments: boardkit/2 carries them.
        #expect(board["format"] as? String == "boardkit/2")
        #expect((board["cards"] as? [Any])?.count == 8)
        #expect((board["states"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Backlog", "To Do", "진행 중", "Review", "Done", "Old ideas"])
    }

    @Test func canonicalJSONToTrelloAndBack() throws {
        let folder = try TemporaryFolder()
        let canonical = folder.path("a.json"), trello = folder.path("t.json"), back = folder.path("b.json")
        #expect(try CommandRunner.boardkit(["convert", CommandRunner.sample("foreign/trello-board.json"), canonical]).status == 0)
        let toTrello = try CommandRunner.boardkit(["convert", canonical, trello, "--to", "trello"])
        #expect(toTrello.status == 0, "\(toTrello.stderr)")
        #expect(try CommandRunner.python("foreign_trello_check.py", [trello]).status == 0)
        #expect(try CommandRunner.boardkit(["convert", trello, back]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: canonical)))
    }

    @Test func taskwarriorExportConvertsAndGoesBack() throws {
        let folder = try TemporaryFolder()
        let canonical = folder.path("a.json"), tasks = folder.path("tasks.json"), back = folder.path("b.json")
        let first = try CommandRunner.boardkit(["convert", CommandRunner.sample("foreign/taskwarrior-tasks.json"), canonical])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try CommandRunner.boardkit(["convert", canonical, tasks, "--to", "taskwarrior"]).status == 0)
        #expect(try CommandRunner.python("foreign_taskwarrior_check.py", [tasks]).status == 0)
        #expect(try CommandRunner.boardkit(["convert", tasks, back]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: back)) == Data(contentsOf: URL(fileURLWithPath: canonical)))
    }

    @Test func badTrelloInputExitsOneAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let input = folder.path("trello.json"), out = folder.path("out.json")
        try #"{"id":"b","name":"B","idOrganization":null,"prefs":{},"labelNames":{},"lists":[{"id":"l1","name":"To Do"}],"cards":[{"id":"c1","name":"lost","idList":"l9"}],"actions":[]}"#
            .write(toFile: input, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", input, out])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cards[0].idList"))
        #expect(run.stderr.contains("trello-unknown-list"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func taskWithoutUUIDExitsOne() throws {
        let folder = try TemporaryFolder()
        let input = folder.path("tasks.json"), out = folder.path("out.json")
        try "[\n{\"description\":\"a\",\"status\":\"pending\",\"entry\":\"20261102T090000Z\",\"uuid\":\"3f6c1a52-8d0e-4b7a-9c41-0a1b2c3d4e01\"},\n{\"description\":\"b\",\"status\":\"pending\",\"entry\":\"20261102T090000Z\"}\n]\n"
            .write(toFile: input, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", input, out, "--diagnostics", "json"])
        #expect(run.status == 1)
        let text = try #require(run.stderr.firstIndex(of: "[").map { run.stderr[$0...] })
        let diagnostics = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(diagnostics.contains { $0["code"] as? String == "taskwarrior-missing-uuid" && $0["path"] as? String == "[1]" && $0["line"] as? Int == 3 })
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
