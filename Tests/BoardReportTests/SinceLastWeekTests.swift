import BoardTestSupport
import Foundation
import Testing

/// The report's "since last week": created and completed this week against last week, and
/// overdue and in progress now against the board as it stood at the end of last week (a card
/// reopened or finished since is counted where it was then).
@Suite("since last week")
struct SinceLastWeekTests {
    /// As of Wednesday 2026-11-18 (week 47, from Monday the 16th), in UTC:
    /// a, created last week, in progress then, done this week;
    /// b, created this week, due yesterday: overdue now, not there last week;
    /// c, due last Thursday and done only on Monday: overdue at the end of last week, not now;
    /// d, done last week and reopened this week;
    /// e, in progress all along.
    static let board = """
        {"format": "boardkit/1", "board": {"id": "b", "name": "B", "timezone": "UTC"},
         "states": [{"id": "todo", "name": "To do", "category": "todo"}, {"id": "doing", "name": "Doing", "category": "doing"},
                    {"id": "done", "name": "Done", "category": "done"}],
         "cards": [
          {"id": "a", "title": "A", "state": "done"},
          {"id": "b", "title": "B", "state": "todo", "due": "2026-11-17"},
          {"id": "c", "title": "C", "state": "done", "due": "2026-11-12"},
          {"id": "d", "title": "D", "state": "doing"},
          {"id": "e", "title": "E", "state": "doing"}
         ],
         "events": [
          {"card": "e", "at": "2026-11-02T09:00:00Z", "type": "created", "to": "doing"},
          {"card": "c", "at": "2026-11-02T09:00:00Z", "type": "created", "to": "todo"},
          {"card": "d", "at": "2026-11-09T09:00:00Z", "type": "created", "to": "doing"},
          {"card": "a", "at": "2026-11-10T09:00:00Z", "type": "created", "to": "todo"},
          {"card": "a", "at": "2026-11-11T09:00:00Z", "type": "moved", "from": "todo", "to": "doing"},
          {"card": "d", "at": "2026-11-12T09:00:00Z", "type": "moved", "from": "doing", "to": "done"},
          {"card": "c", "at": "2026-11-16T09:00:00Z", "type": "moved", "from": "todo", "to": "done"},
          {"card": "a", "at": "2026-11-17T09:00:00Z", "type": "moved", "from": "doing", "to": "done"},
          {"card": "b", "at": "2026-11-17T10:00:00Z", "type": "created", "to": "todo"},
          {"card": "d", "at": "2026-11-17T11:00:00Z", "type": "moved", "from": "done", "to": "doing"}
         ]}
        """

    @Test func eachFigureStandsBesideLastWeeks() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("board.json")
        try Self.board.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["report", path, "--as-of", "2026-11-18T12:00:00Z", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any] ?? [:]
        let since = report["sinceLastWeek"] as? [String: [String: Int]] ?? [:]
        #expect(since["created"] == ["thisWeek": 1, "lastWeek": 2, "change": -1])
        #expect(since["completed"] == ["thisWeek": 2, "lastWeek": 1, "change": 1])
        #expect(since["overdue"] == ["thisWeek": 1, "lastWeek": 1, "change": 0])
        #expect(since["inProgress"] == ["thisWeek": 2, "lastWeek": 2, "change": 0], "d came back, a left")

        let text = try CommandRunner.boardkit(["report", path, "--as-of", "2026-11-18T12:00:00Z", "--locale", "ko"])
        #expect(text.stdoutText.contains("== 지난주 대비 =="))
        #expect(text.stdoutText.contains("완료             2       1    +1"), "\(text.stdoutText)")
    }
}
