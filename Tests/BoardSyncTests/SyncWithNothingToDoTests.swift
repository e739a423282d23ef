import BoardTestSupport
import Foundation
import Testing

/// A sync that finds nothing changed on the server and no card written since everything was
/// last on it pushes nothing without reading every card (issue #46's no-op under a second):
/// what it must still push, it pushes.
extension SyncTests {
    /// A terminal edit that lands after the push read the cards (during its PUTs) is pushed by
    /// the next sync, though that sync finds nothing else to do; the one after has nothing.
    @Test(arguments: servers) func anEditLandingDuringThePushIsPushedByTheNextSync(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let meanwhile = Self.shell([CommandRunner.boardkit, "edit", "c2", "--title", "Edited during the push", "-b", board.store])
        let racing = try ScriptServer("fault_server.py", ["before-update", server.url, meanwhile])
        try board.sync([racing.url, "--user", "mina"])
        try board.bk(["edit", "c1", "--title", "Edited before the push"])
        #expect(try board.sync().stdoutText.contains("to the server 0 new to-dos, 1 to-do changed"))
        let next = try board.sync().stdoutText
        #expect(next.contains("from the server 0 new cards, 0 cards changed") && next.contains("to the server 0 new to-dos, 1 to-do changed"), "\(next)")
        #expect(try server.todos()[Self.uid("c2")]?["summary"] as? String == "Edited during the push")
        #expect(try board.sync().stdoutText.contains("to the server 0 new to-dos, 0 to-dos changed, 0 removed"))
    }

    /// A card changed in any way a push carries, with nothing changed on the server, is pushed:
    /// an edit, a move, an archive, an undo of the edit. On both engines: the store says which
    /// cards were written since a commit.
    @Test(arguments: [StoreEngineUnderTest.sqlite, .postgres])
    func everyKindOfCardWriteIsPushedWhenTheServerHasNothingNew(engine: StoreEngineUnderTest) throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard(engine: engine)
        try board.sync([server.url, "--user", "mina"])
        #expect(try board.sync().stdoutText.contains("to the server 0 new to-dos, 0 to-dos changed, 0 removed"))
        try board.bk(["edit", "c1", "--title", "Renamed"])
        #expect(try board.sync().stdoutText.contains("1 to-do changed"))
        #expect(try server.todos()[Self.uid("c1")]?["summary"] as? String == "Renamed")
        try board.bk(["undo"])
        #expect(try board.sync().stdoutText.contains("1 to-do changed"))
        #expect(try server.todos()[Self.uid("c1")]?["summary"] as? String != "Renamed")
        try board.bk(["move", "c1", "done"])
        #expect(try board.sync().stdoutText.contains("1 to-do changed"))
        #expect(try server.todos()[Self.uid("c1")]?["status"] as? String == "COMPLETED")
        try board.bk(["archive", "c1"])
        #expect(try board.sync().stdoutText.contains("1 removed"))
        #expect(try server.todos()[Self.uid("c1")] == nil)
    }

    /// New reminders (`--alarm`) go into every to-do even when the push that began writing them
    /// was cut off: the same command again writes the rest, and they are remembered once every
    /// to-do has them. (The pull's write remembered them before the push, so the sync run again
    /// took them for written and pushed only the cards changed since.)
    @Test func newRemindersReachEveryToDoAfterACutOffPush() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        let shown = try board.cards().values.filter { $0["archived"] == nil }.count
        let failing = try ScriptServer("fault_server.py", ["put-503-after", server.url, String(shown + 3)])
        #expect(try board.sync([failing.url, "--user", "mina"]).stdoutText.contains("to the server \(shown) new to-dos"))
        let cut = try board.sync(["--alarm=-P1D"], status: 1)
        #expect(cut.stderr.contains("[sync-server-failed]"), "\(cut.stderr)")
        #expect(try board.sync(["--alarm=-P1D"]).stdoutText.contains("to-dos changed"))
        // (A reminder is relative to the to-do's start or due: one with neither has none.)
        let dated = try server.todos().filter { !($0.value["due"] is NSNull && $0.value["dtstart"] is NSNull) }
        let without = dated.filter { $0.value["alarms"] as? Int != 1 }.keys.sorted()
        #expect(dated.count > 20 && without.isEmpty, "to-dos without the new reminder: \(without)")
        // Remembered now: an edit's to-do carries it without --alarm.
        try board.bk(["edit", "c1", "--title", "Edited after the reminders"])
        #expect(try board.sync().stdoutText.contains("1 to-do changed"))
        #expect(try server.todos()[Self.uid("c1")]?["alarms"] as? Int == 1)
    }
}
