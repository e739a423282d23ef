import BoardTestSupport
import Foundation
import Testing

/// A sync while other writers change the same store: a page's or the terminal's edits made
/// during the sync, and a second sync of the store.
extension SyncTests {
    /// A command line for `sh -c`, each word quoted.
    static func shell(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    /// A terminal edit made while the sync pushes (after the push read the card, before the
    /// server answered its PUT with 412, the phone having renamed the to-do meanwhile) is an
    /// edit here like any other: the later change keeps the field and the other is in the
    /// history. (The push merged the phone's title into the card as it had read it, and wrote
    /// it over the terminal's title without a trace.)
    @Test(arguments: servers) func anEditHereDuringThePushIsNeverWrittenOver(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let client = CommandRunner.packageRoot.appendingPathComponent("Tests/Oracles/caldav_client.py").path
        let meanwhile = Self.shell(["python3", client, server.url, "mina", "secret", "edit", Self.uid("c1"), "--summary", "Renamed on the phone"])
            + " && sleep 1.1 && "
            + Self.shell([CommandRunner.boardkit, "edit", "c1", "--title", "Renamed in the terminal", "--actor", "jisoo", "-b", board.store])
        let racing = try ScriptServer("fault_server.py", ["before-update", server.url, meanwhile])
        try board.sync([racing.url, "--user", "mina"])
        try board.bk(["edit", "c1", "--body", "Notes from here", "--actor", "jisoo"])
        let run = try board.sync().stdoutText
        #expect(run.contains("1 to-do changed, 0 removed; 1 conflict"), "\(run)")
        let card = try #require(try board.cards()["c1"])
        #expect(card["title"] as? String == "Renamed in the terminal" && card["body"] as? String == "Notes from here", "\(card)")
        let todo = try #require(try server.todos()[Self.uid("c1")])
        #expect(todo["summary"] as? String == "Renamed in the terminal" && todo["description"] as? String == "Notes from here", "\(todo)")
        let history = try board.history()
        #expect(history.contains("the server's title Renamed on the phone lost to jisoo's Renamed in the terminal"), "\(history)")
        #expect(try board.sync().stdoutText.contains("0 cards changed, 0 deleted; to the server 0 new to-dos, 0 to-dos changed, 0 removed; 0 conflicts"))
    }

    /// One sync of a store at a time, however the store is named: a second sync started
    /// through a symbolic link to the store while the first is pushing says `sync-running` and
    /// does nothing. (The lock was a file named after the path given, so the two ran at once.)
    @Test(arguments: servers) func aSyncThroughALinkToTheStoreWaitsForTheOneRunning(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let link = board.folder.path("link.db")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: board.store)
        let said = board.folder.path("second-sync.txt")
        let second = Self.shell([CommandRunner.boardkit, "sync", "-b", link, "--password-file", board.password]) + " > " + Self.shell([said]) + " 2>&1; true"
        let racing = try ScriptServer("fault_server.py", ["before-update", server.url, second])
        try board.sync([racing.url, "--user", "mina"])
        try board.bk(["edit", "c1", "--title", "Edited here"])
        #expect(try board.sync().stdoutText.contains("1 to-do changed"))
        let secondRun = try String(contentsOfFile: said, encoding: .utf8)
        #expect(secondRun.contains("[sync-running]") && !secondRun.contains("Synced"), "\(secondRun)")
        #expect(try server.todos()[Self.uid("c1")]?["summary"] as? String == "Edited here")
    }
}
