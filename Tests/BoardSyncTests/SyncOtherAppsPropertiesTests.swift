import BoardTestSupport
import Foundation
import Testing

/// What other apps add to a to-do stays with it when its card goes and comes back.
extension SyncTests {
    /// A phone's to-do with its own `X-` property, an attachment and a relation, and one of
    /// boardkit's to which another app added an `X-` property, keep them through undo and redo
    /// of the pull that brought the card, and through archive and restore: the to-do the card
    /// gets back is written over the resource the ledger last had, as its UID and CREATED
    /// already were. (It came back with boardkit's properties only: the ledger forgot the
    /// resource when the card went.) On a store in a file and in PostgreSQL.
    @Test(arguments: serversAndEngines) func whatOtherAppsAddedSurvivesTheCardGoingAndComingBack(server kind: String, engine: StoreEngineUnderTest) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard(engine: engine)
        try board.sync([server.url, "--user", "mina"])
        let uid = "phone-props-1@example.com"
        let made = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//phone//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n\
            DTSTAMP:20261127T090000Z\r\nCREATED:20261127T090000Z\r\nSUMMARY:Made on the phone\r\n\
            X-PHONE-THING:kept\r\nATTACH:https://files.example.com/plan.pdf\r\nRELATED-TO;RELTYPE=PARENT:parent@example.com\r\n\
            END:VTODO\r\nEND:VCALENDAR\r\n
            """
        try server.client("create-raw", made)
        try server.client("set-x", Self.uid("c1"), "kept too")
        try board.sync()
        func raw(_ uid: String) throws -> String {
            let answer = try server.client("raw", uid) as? [String: Any]
            // Unfolded, so a long line the server folded still reads whole.
            return (answer?["ics"] as? String ?? "").replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\n ", with: "")
        }
        func expectKept(_ step: String) throws {
            let phone = try raw(uid)
            for property in ["X-PHONE-THING:kept", "ATTACH:https://files.example.com/plan.pdf", "RELATED-TO;RELTYPE=PARENT:parent@example.com"] {
                #expect(phone.contains(property), "after \(step): \(property) not in \(phone)")
            }
            #expect(phone.contains("SUMMARY:Made on the phone"), "after \(step): \(phone)")
            #expect(try raw(Self.uid("c1")).contains("X-OTHER-APP:kept too"), "after \(step)")
        }
        try expectKept("the pull")

        // Undo of the pull takes the card away (the push deletes its to-do); redo brings it back.
        try board.bk(["undo"])
        #expect(try board.sync().stdoutText.contains("1 removed"))
        #expect(try server.todos()[uid] == nil)
        try board.bk(["redo"])
        #expect(try board.sync().stdoutText.contains("1 new to-do,"))
        try expectKept("undo and redo")

        // Archived and restored: both to-dos deleted there, then put back.
        let card = try #require(try board.cards().first { $0.value["title"] as? String == "Made on the phone" }?.key)
        try board.bk(["archive", card])
        try board.bk(["archive", "c1"])
        #expect(try board.sync().stdoutText.contains("2 removed"))
        #expect(try server.todos()[uid] == nil && server.todos()[Self.uid("c1")] == nil)
        try board.bk(["restore", card])
        try board.bk(["restore", "c1"])
        #expect(try board.sync().stdoutText.contains("2 new to-dos,"))
        try expectKept("archive and restore")
        // Back in the ledger, the next sync changes nothing either way.
        #expect(try board.sync().stdoutText.contains("0 new to-dos, 0 to-dos changed, 0 removed"))
        try expectKept("a sync with nothing to do")
    }
}
