import BoardTestSupport
import Foundation
import Testing

/// Reminders set on a card from the terminal: each a step in the history, undone like any
/// field, shown with the moment it goes in the board's zone, kept in the canonical JSON.
@Suite struct ReminderCommandTests {
    @Test func remindersAreSetShownTakenOffAndUndone() throws {
        let tmp = try TemporaryFolder()
        let db = tmp.path("r.db")
        func bk(_ args: [String], status: Int32 = 0) throws -> String {
            let r = try CommandRunner.boardkit(args + ["-b", db])
            #expect(r.status == status, "\(args): \(r.stderr)")
            return r.stdoutText + r.stderr
        }
        _ = try bk(["init", "--timezone", "Asia/Seoul"])
        _ = try bk(["add", "Pay rent", "--due", "2026-12-04", "--remind", "-P1D", "--remind", "2h", "--actor", "mina"])
        #expect(try bk(["show", "1"]).contains("reminders: -P1D: 2026-12-03 (Thu) 09:00; -PT2H: 2026-12-04 (Fri) 07:00"))
        let edited = try bk(["edit", "1", "--remind", "2026-12-01T09:00", "--unremind", "2h", "--actor", "mina"])
        #expect(edited.contains("reminders -P1D, -PT2H → -P1D, 2026-12-01T09:00:00+09:00"), "\(edited)")
        #expect(try bk(["history", "--locale", "ko"]).contains("알림"))
        _ = try bk(["undo"])
        #expect(try bk(["show", "1"]).contains("-PT2H: 2026-12-04 (Fri) 07:00"))
        _ = try bk(["edit", "1", "--unremind", "all"])
        #expect(!(try bk(["show", "1"]).contains("reminders")))
        _ = try bk(["undo"])
        // The canonical JSON keeps them as set; a reminder that is not one is refused in words.
        let json = tmp.path("r.json")
        #expect(try CommandRunner.boardkit(["convert", db, json]).status == 0)
        let text = try String(contentsOfFile: json, encoding: .utf8)
        #expect(text.contains(#""reminders": ["-P1D", "-PT2H"]"#) && text.contains(#""format": "boardkit/2""#))
        let refused = try bk(["edit", "1", "--remind", "someday"], status: 1)
        #expect(refused.contains("--remind") && refused.contains("is not a reminder"))
    }
}
