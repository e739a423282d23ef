import BoardTestSupport
import Foundation
import Testing

/// What a sync warns of reaches the person who ran it, however the sync ends.
extension SyncTests {
    /// A to-do whose due has a TZID neither the resource nor IANA defines, as a phone's app
    /// may write it.
    static let unknownZone = """
        BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//EN\r\nBEGIN:VTODO\r\nUID:custom-zone@example.com\r\n\
        DTSTAMP:20261127T090000Z\r\nSUMMARY:Zone of its own\r\nDUE;TZID=Office Time:20261211T100000\r\n\
        END:VTODO\r\nEND:VCALENDAR\r\n
        """

    /// The pull's warning (an unknown TZID) is said when the push after it fails: the pull is
    /// kept, and the next sync does not read that to-do again, so the warning was never said.
    @Test(arguments: servers) func aPullsWarningIsSaidWhenThePushThenFails(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        let failing = try ScriptServer("fault_server.py", ["put-503-after", server.url, "38"])
        #expect(try board.sync([failing.url, "--user", "mina"]).stdoutText.contains("to the server 38 new to-dos"))
        try server.client("create-raw", Self.unknownZone)
        try board.bk(["edit", "c1", "--title", "Edited here"])
        let run = try board.sync([], status: 1)
        #expect(run.stderr.contains("[sync-server-failed]") && run.stderr.contains("TZID 'Office Time'")
                && run.stderr.contains("[ics-unknown-tzid]"), "\(run.stderr)")
        #expect(try board.cards().values.contains { $0["title"] as? String == "Zone of its own" })
    }
}
