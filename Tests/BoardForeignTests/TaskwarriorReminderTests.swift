import Foundation
import Testing
import BoardModel
import BoardTestSupport
@testable import BoardForeign
@testable import BoardIO

/// A task's `wait` (hidden until a date) is the card's reminder at that moment, and a card's
/// first reminder is the task's `wait`; Taskwarrior's own `task import` takes it (#47).
@Suite struct TaskwarriorReminderTests {
    static func id(_ n: String) -> String { TaskwarriorTests.id(n) }

    @Test func waitIsAReminderAndComesBackAsWait() throws {
        let task = #"{"uuid":"\#(Self.id("01"))","description":"a","status":"waiting","entry":"20261102T090000Z","wait":"20261203T000000Z","due":"20261204T090000Z"}"#
        let r = TaskwarriorReader().read(bytes: Array("[\(task)]".utf8), file: "t.json")
        let card = try #require(r.board?.cards.first)
        #expect(card.reminders == [.at(ISO8601.parseInstant("2026-12-03T00:00:00Z")!)])
        #expect(card.fields["wait"] == nil, "the reminder, not a field")

        let folder = try TemporaryFolder()
        let path = folder.path("tasks.json")
        let written = TaskwarriorWriter().write(try #require(r.board), to: path, options: WriterOptions())
        #expect(!written.diagnostics.contains { $0.code == .dataNotWritten })
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""wait":"20261203T000000Z""#), "\(text)")
        #expect(text.contains(#""status":"waiting""#))
    }

    /// A card's reminders before its due: the first is when the task stops waiting; the
    /// others are counted as not written. Taskwarrior imports it and exports the same wait.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/task"), "needs Debian's taskwarrior"))
    func theFirstReminderIsTheWaitTaskImportKeeps() throws {
        var card = Card(id: Self.id("02"), title: "Write the report", state: "todo", due: .instant(ISO8601.parseInstant("2026-12-04T18:00:00+09:00")!))
        card.created = ISO8601.parseInstant("2026-11-20T09:00:00Z")
        card.reminders = [.beforeDue(ReminderOffset(days: 1)), .beforeDue(ReminderOffset(seconds: 7200))]
        let board = Board(id: "b", name: "B", timeZone: "Asia/Seoul", states: [BoardState(id: "todo", name: "To do", category: .todo)],
                          cards: [card])
        let folder = try TemporaryFolder()
        let path = folder.path("tasks.json")
        let written = TaskwarriorWriter().write(board, to: path, options: WriterOptions())
        let lost = try #require(written.diagnostics.first { $0.code == .dataNotWritten })
        #expect(lost.message.text.contains("1 reminder after a card's first"), "\(lost.message.text)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains(#""wait":"20261203T090000Z""#), "a day before 18:00 in Seoul")

        let exported = try TaskwarriorConversationTests.throughTaskwarrior(path, in: folder)
        let again = try #require(TaskwarriorReader().read(bytes: [UInt8](exported), file: "export").board)
        #expect(again.cards.first?.reminders == [.at(ISO8601.parseInstant("2026-12-03T09:00:00Z")!)])
    }
}
