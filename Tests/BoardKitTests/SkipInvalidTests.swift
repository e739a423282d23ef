import Foundation
import Testing
import BoardTestSupport

/// `--skip-invalid`: strict stays the default (one bad item refuses the file, nothing is
/// written); with the flag everything that reads is kept, each bad item is left out with its
/// located diagnostic as a warning, and a count says how many.
@Suite("--skip-invalid")
struct SkipInvalidTests {
    let tmp: TemporaryFolder
    init() throws { tmp = try TemporaryFolder() }

    /// Converts `input` to canonical JSON both ways; returns the lenient run and the cards written.
    func convertBothWays(_ input: String, _ extra: [String] = []) throws -> (ProcessOutput, [[String: Any]]) {
        let out = tmp.path("out.json")
        let strict = try CommandRunner.boardkit(["convert", input, out] + extra)
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "a refused file writes nothing")
        let lenient = try CommandRunner.boardkit(["convert", input, out, "--skip-invalid"] + extra)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(!lenient.stderr.contains(": error:"), "\(lenient.stderr)")
        #expect(lenient.stderr.contains("[items-left-out]"), "\(lenient.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (lenient, object?["cards"] as? [[String: Any]] ?? [])
    }

    /// A sample's JSON, parsed.
    func sampleJSON<T>(_ name: String, as: T.Type) throws -> T {
        let data = try Data(contentsOf: URL(fileURLWithPath: CommandRunner.sample(name)))
        return try #require(JSONSerialization.jsonObject(with: data) as? T)
    }

    /// Writes `object` as JSON to `name` in the test's folder; returns the path.
    func writeJSON(_ object: Any, _ name: String) throws -> String {
        let path = tmp.path(name)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aCSVRowWithAnImpossibleDateIsLeftOut() throws {
        let csv = tmp.path("tasks.csv")
        try "title,state,due\nA,todo,2026-11-20\nB,todo,2026-02-30\nC,doing,2026-11-22\nD,done,\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let (run, cards) = try convertBothWays(csv)
        #expect(cards.map { $0["title"] as? String } == ["A", "C", "D"])
        // The bad row's own diagnostic, located, now a warning; and the count.
        #expect(run.stderr.contains("tasks.csv:3:8: warning:"), "\(run.stderr)")
        #expect(run.stderr.contains("[invalid-date]"))
        #expect(run.stderr.contains("1 row was left out"), "\(run.stderr)")
    }

    @Test func aTrelloCardInAListTheExportLacksIsLeftOut() throws {
        var export = try sampleJSON("foreign/trello-board.json", as: [String: Any].self)
        var cards = try #require(export["cards"] as? [[String: Any]])
        cards[1]["idList"] = "no-such-list"
        let left = try #require(cards[1]["name"] as? String)
        export["cards"] = cards
        let (run, read) = try convertBothWays(try writeJSON(export, "trello.json"))
        #expect(read.count == cards.count - 1)
        #expect(!read.contains { $0["title"] as? String == left })
        #expect(run.stderr.contains("[trello-unknown-list]"))
    }

    @Test func aTaskwarriorTaskWithABadStatusIsLeftOut() throws {
        var tasks = try sampleJSON("foreign/taskwarrior-tasks.json", as: [[String: Any]].self)
        tasks[0]["status"] = "someday"
        tasks[2]["due"] = "tomorrow-ish"
        let (run, read) = try convertBothWays(try writeJSON(tasks, "tasks.json"), ["--from", "taskwarrior"])
        #expect(read.count == tasks.count - 2)
        #expect(run.stderr.contains("[taskwarrior-invalid-status]"))
        #expect(run.stderr.contains("[taskwarrior-invalid-date]"))
        #expect(run.stderr.contains("2 tasks were left out"), "\(run.stderr)")
    }

    /// The validator's rules: a duplicate id or an undefined state leaves that card out (and
    /// the events that then name no card), whatever format the board came from.
    @Test func cardsTheValidatorRefusesAreLeftOutWithTheirEvents() throws {
        var object = try sampleJSON("board.json", as: [String: Any].self)
        var cards = try #require(object["cards"] as? [[String: Any]])
        let events = try #require(object["events"] as? [[String: Any]])
        let gone = try #require(cards[0]["id"] as? String)
        cards[0]["state"] = "nowhere"
        object["cards"] = cards
        let (run, read) = try convertBothWays(try writeJSON(object, "board.json"))
        #expect(read.count == cards.count - 1)
        #expect(!read.contains { $0["id"] as? String == gone })
        #expect(run.stderr.contains("[unknown-state]"))
        let out = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.path("out.json")))) as? [String: Any]
        let kept = out?["events"] as? [[String: Any]] ?? []
        #expect(kept.count == events.filter { $0["card"] as? String != gone }.count)
        #expect(kept.allSatisfy { $0["card"] as? String != gone })
    }

    /// validate, report and init take the flag too; validate still lists what it left out.
    @Test func validateReportAndInitTakeTheFlag() throws {
        let csv = tmp.path("tasks.csv")
        try "title,state,due\nA,todo,2026-11-20\nB,todo,2026-13-01\nC,doing,2026-11-22\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.boardkit(["validate", csv]).status == 1)
        let validated = try CommandRunner.boardkit(["validate", csv, "--skip-invalid"])
        #expect(validated.status == 0, "\(validated.stderr)")
        #expect((validated.stdoutText + validated.stderr).contains("[items-left-out]"))
        #expect(try CommandRunner.boardkit(["report", csv, "--as-of", "2026-11-20"]).status == 1)
        let report = try CommandRunner.boardkit(["report", csv, "--as-of", "2026-11-20", "--skip-invalid", "--format", "json"])
        #expect(report.status == 0, "\(report.stderr)")
        let store = tmp.path("team.db")
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", csv]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: store))
        let made = try CommandRunner.boardkit(["init", "-b", store, "--from", csv, "--skip-invalid"])
        #expect(made.status == 0, "\(made.stderr)")
        let shown = try CommandRunner.boardkit(["convert", store, tmp.path("store.json")])
        #expect(shown.status == 0, "\(shown.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tmp.path("store.json")))) as? [String: Any]
        #expect((object?["cards"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["A", "C"])
    }
}
