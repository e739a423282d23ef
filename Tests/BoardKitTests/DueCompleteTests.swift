import BoardTestSupport
import Foundation
import Testing

/// A due marked met (Trello's "complete" tick, `edit --due-met`): the card is not overdue,
/// not due soon and not reminded of, whatever its state, in every view; the mark travels
/// through every format that can hold it and is said where one cannot. Before, a Trello card
/// with a met due outside a done list was reported overdue and reminded of.
@Suite("a due marked met")
struct DueCompleteTests {
    /// Two cards due the same day, with the same reminder and assignee; only one's due is met.
    static let board = """
        {"format": "boardkit/2", "board": {"id": "b", "name": "Team", "timezone": "Asia/Seoul"},
         "states": [{"id": "todo", "name": "To do", "category": "todo"}, {"id": "done", "name": "Done", "category": "done"}],
         "cards": [
          {"id": "met", "title": "Invoice sent", "state": "todo", "due": "2026-11-20", "dueComplete": true, "assignees": ["mina"], "reminders": ["-PT1H"]},
          {"id": "late", "title": "Contract signed", "state": "todo", "due": "2026-11-20", "assignees": ["mina"], "reminders": ["-PT1H"]}
         ]}
        """

    static func write(_ folder: TemporaryFolder) throws -> String {
        let path = folder.path("board.json")
        try board.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The ids of the cards whose due is marked met in a canonical JSON file.
    static func met(_ json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        return (object?["cards"] as? [[String: Any]] ?? []).filter { $0["dueComplete"] as? Bool == true }.compactMap { $0["id"] as? String }
    }

    @Test func theReportListsOnlyTheDueNotMetAsOverdue() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRunner.boardkit(["report", try Self.write(folder), "--as-of", "2026-11-21", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any] ?? [:]
        let overdue = (report["overdue"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(overdue.compactMap { $0["id"] as? String } == ["late"])
        let soon = try CommandRunner.boardkit(["report", try Self.write(folder), "--as-of", "2026-11-19", "--format", "json"])
        let dueSoon = ((try JSONSerialization.jsonObject(with: soon.stdout) as? [String: Any])?["dueSoon"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(dueSoon.compactMap { $0["id"] as? String } == ["late"])
    }

    @Test func remindSendsNeitherTheDigestLineNorTheCardsReminder() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRunner.boardkit(["remind", try Self.write(folder), "--as-of", "2026-11-20T09:30+09:00"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains("Contract signed"))
        #expect(!run.stdoutText.contains("Invoice sent"), "\(run.stdoutText)")
        #expect(run.stderr.contains("1 card reminder: late to mina"), "\(run.stderr)")
    }

    @Test func theFilterAndTheBoardSayMet() throws {
        let folder = try TemporaryFolder()
        let source = try Self.write(folder), out = folder.path("overdue.json")
        let filtered = try CommandRunner.boardkit(["convert", source, out, "--where", "due=overdue"])
        #expect(filtered.status == 0, "\(filtered.stderr)")
        let kept = (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])?["cards"] as? [[String: Any]]
        #expect(kept?.compactMap { $0["id"] as? String } == ["late"])
        let store = folder.path("team.db")
        #expect(try CommandRunner.boardkit(["convert", source, store]).status == 0)
        let shown = try CommandRunner.boardkit(["show", "-b", store])
        #expect(shown.stdoutText.contains("Invoice sent     due 2026-11-20 (Fri) (met)"), "\(shown.stdoutText)")
        #expect(shown.stdoutText.contains("Contract signed  due 2026-11-20 (Fri) (overdue"), "\(shown.stdoutText)")
    }

    @Test func editMarksAndUnmarksAsOneStepThatUndoTakesBack() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db"), back = folder.path("back.json")
        #expect(try CommandRunner.boardkit(["convert", try Self.write(folder), store]).status == 0)
        let open = try CommandRunner.boardkit(["edit", "-b", store, "met", "--due-open", "--actor", "mina"])
        #expect(open.status == 0, "\(open.stderr)")
        let met = try CommandRunner.boardkit(["edit", "-b", store, "late", "--due-met", "--actor", "mina"])
        #expect(met.status == 0, "\(met.stderr)")
        #expect(try CommandRunner.boardkit(["convert", store, back]).status == 0)
        #expect(try Self.met(back) == ["late"])
        let history = try CommandRunner.boardkit(["history", "-b", store])
        #expect(history.stdoutText.contains("mina changed #1 'Invoice sent': due no longer marked met"), "\(history.stdoutText)")
        #expect(history.stdoutText.contains("mina changed #2 'Contract signed': due marked met"), "\(history.stdoutText)")
        #expect(try CommandRunner.boardkit(["undo", "-b", store, "--steps", "2"]).status == 0)
        let again = folder.path("again.json")
        #expect(try CommandRunner.boardkit(["convert", store, again]).status == 0)
        #expect(try Self.met(again) == ["met"])
        let both = try CommandRunner.boardkit(["edit", "-b", store, "met", "--due-met", "--due-open"])
        #expect(both.status != 0)
    }

    @Test(arguments: ["csv", "xlsx", "ics", "trello.json"])
    func theMarkTravelsThroughEveryFormatThatHoldsIt(_ format: String) throws {
        let folder = try TemporaryFolder()
        let source = try Self.write(folder), there = folder.path("board.\(format)"), back = folder.path("back.json")
        let extra = format == "trello.json" ? ["--to", "trello"] : []
        let written = try CommandRunner.boardkit(["convert", source, there] + extra)
        #expect(written.status == 0, "\(written.stderr)")
        let read = try CommandRunner.boardkit(["convert", there, back] + (format == "trello.json" ? ["--from", "trello"] : []))
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try Self.met(back) == ["met"])
    }

    @Test func taskwarriorSaysItCannotHoldTheMark() throws {
        let folder = try TemporaryFolder()
        let run = try CommandRunner.boardkit(["convert", try Self.write(folder), folder.path("tasks.json"), "--to", "taskwarrior"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("the met mark of 1 due (Taskwarrior has none: it shows them overdue)"), "\(run.stderr)")
    }

    /// A board converted from Trello before the model had the mark kept it as a field; it
    /// still goes back to Trello met.
    @Test func anOlderConversionsFieldStillWritesTheMarkToTrello() throws {
        let folder = try TemporaryFolder()
        let old = Self.board.replacingOccurrences(of: "\"dueComplete\": true", with: "\"fields\": {\"trello.dueComplete\": \"true\"}")
        let source = folder.path("old.json"), trello = folder.path("trello.json")
        try old.write(toFile: source, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.boardkit(["convert", source, trello, "--to", "trello"]).status == 0)
        let cards = (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: trello))) as? [String: Any])?["cards"] as? [[String: Any]] ?? []
        #expect(cards.first { $0["name"] as? String == "Invoice sent" }?["dueComplete"] as? Bool == true)
        #expect(cards.first { $0["name"] as? String == "Contract signed" }?["dueComplete"] as? Bool == false)
    }
}
