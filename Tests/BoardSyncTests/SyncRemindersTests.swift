import BoardTestSupport
import Foundation
import Testing

/// A card's reminders through CalDAV (#47): a reminder set on the phone (a VALARM the
/// `caldav` library adds) is the card's after a sync, one set here is a VALARM there, in place
/// of the sync's own `--alarm` for that card; neither is doubled, and one removed here is gone there.
@Suite(.serialized) struct SyncRemindersTests {
    static func uid(_ card: String) -> String { SyncTests.uid(card) }

    static func raw(_ server: CalDAVServer, _ card: String) throws -> String {
        try #require((try server.client("raw", uid(card)) as? [String: Any])?["ics"] as? String)
    }

    @Test(arguments: SyncTests.servers) func aReminderSetOnEitherSideIsOnBoth(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.sync([server.url, "--user", "mina", "--alarm=-P1D"])

        // On the phone: 15 minutes before (RELATED=START by default; c4 has no start, so the due).
        try server.client("add-alarm", Self.uid("c4"))
        let pulled = try board.sync()
        #expect(pulled.stdoutText.contains("from the server 0 new cards, 1 card changed"), "\(pulled.stdoutText)")
        #expect(try board.cards()["c4"]?["reminders"] as? [String] == ["-PT15M"])
        #expect(try board.history().contains("#4"), "the pull is a step")
        #expect(try server.todos()[Self.uid("c4")]?["alarms"] as? Int == 2, "the phone's beside the sync's -P1D, untouched")

        // Here: c1 reminded two hours before; its own replaces the sync's -P1D there.
        try board.bk(["edit", "c1", "--remind", "-PT2H"])
        let pushed = try board.sync()
        #expect(pushed.stdoutText.contains("to the server 0 new to-dos, 1 to-do changed"), "\(pushed.stdoutText)")
        let c1 = try Self.raw(server, "c1")
        #expect(c1.components(separatedBy: "BEGIN:VALARM").count == 2, "one alarm: \(c1)")
        #expect(c1.contains("TRIGGER;RELATED=END:-PT2H"), "\(c1)")

        // A sync with nothing to do rewrites neither; then c4's reminder removed here is gone there.
        #expect(try board.sync().stdoutText.contains("0 to-dos changed"))
        try board.bk(["edit", "c4", "--unremind", "all"])
        try board.sync()
        let c4 = try Self.raw(server, "c4")
        #expect(!c4.contains("-PT15M"), "\(c4)")
        #expect(try server.todos()[Self.uid("c4")]?["alarms"] as? Int == 1, "the sync's -P1D comes back for a card with none of its own")
        #expect(try board.cards()["c4"]?["reminders"] == nil, "and is not read as the card's")
    }

    /// A reminder a to-do cannot carry (before the due of a card without one) stays on the card.
    @Test func aReminderNoToDoCanCarryStaysHere() throws {
        let server = try CalDAVServer("radicale")
        let board = try SyncedBoard()
        try board.bk(["add", "No due yet", "--remind", "-P1D"])
        try board.sync([server.url, "--user", "mina"])
        try board.sync()
        let card = try #require(try board.cards().values.first { $0["title"] as? String == "No due yet" })
        #expect(card["reminders"] as? [String] == ["-P1D"])
    }
}
