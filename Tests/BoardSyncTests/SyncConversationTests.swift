import BoardTestSupport
import Foundation
import Testing

/// A card's comments, attachments and links through CalDAV (#44): a comment, attachment or
/// link made here is a COMMENT, ATTACH or RELATED-TO on the to-do, one a phone adds is the
/// card's after a sync, both sides' additions since the last sync stay (element by element,
/// never one list over the other), a removal here is a removal there, and what a card does
/// not carry (another app's inline attachment data, a relation that is no link) stays on the
/// to-do.
@Suite(.serialized) struct SyncConversationTests {
    static func uid(_ card: String) -> String { SyncTests.uid(card) }

    static func comments(_ card: [String: Any]?) -> [String] {
        (card?["comments"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test(arguments: SyncTests.servers) func commentsAndAttachmentsMadeOnEitherSideAreOnBoth(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.bk(["comment", "c1", "Okta first,\n다음은 Azure 🎉", "--actor", "mina"])
        try board.bk(["attach", "c1", "https://example.org/files/spec.pdf", "--actor", "mina"])
        try board.sync([server.url, "--user", "mina"])
        var c1 = try #require(try server.todos()[Self.uid("c1")])
        #expect(c1["comments"] as? [String] == ["Okta first,\n다음은 Azure 🎉"], "\(c1)")
        #expect(c1["attachments"] as? [String] == ["https://example.org/files/spec.pdf"])

        // Both sides add a comment before the next sync; the phone attaches a file and inline data.
        try server.client("add-comment", Self.uid("c1"), "From the phone")
        try server.client("add-attach", Self.uid("c1"), "https://example.org/files/phone.pdf")
        try server.client("add-attach", Self.uid("c1"), "inline bytes", "--inline")
        try board.bk(["comment", "c1", "From the terminal", "--actor", "jisoo"])
        let both = try board.sync()
        #expect(both.stdoutText.contains("0 conflicts"), "\(both.stdoutText)")
        let card = try board.cards()["c1"]
        #expect(Set(Self.comments(card)) == ["Okta first,\n다음은 Azure 🎉", "From the phone", "From the terminal"], "\(card ?? [:])")
        #expect((card?["attachments"] as? [[String: Any]])?.compactMap { $0["url"] as? String }
                == ["https://example.org/files/spec.pdf", "https://example.org/files/phone.pdf"])
        c1 = try #require(try server.todos()[Self.uid("c1")])
        #expect(Set(c1["comments"] as? [String] ?? []) == ["Okta first,\n다음은 Azure 🎉", "From the phone", "From the terminal"], "\(c1)")
        #expect((c1["attachments"] as? [String])?.sorted() == ["https://example.org/files/phone.pdf", "https://example.org/files/spec.pdf", "inline"])
        #expect(try board.history().contains("From the phone") || (try board.history()).contains("#1"), "the pull is a step")

        // Nothing left to do: neither side is rewritten.
        #expect(try board.sync().stdoutText.contains("0 to-dos changed"))

        // A removal here is one there; the phone's inline data stays.
        try board.bk(["attach", "c1", "https://example.org/files/spec.pdf", "--remove"])
        let removed = try board.sync()
        #expect(removed.stdoutText.contains("1 to-do changed"), "\(removed.stdoutText)")
        c1 = try #require(try server.todos()[Self.uid("c1")])
        #expect((c1["attachments"] as? [String])?.sorted() == ["https://example.org/files/phone.pdf", "inline"], "\(c1)")
        #expect(try board.sync().stdoutText.contains("0 to-dos changed"))
    }

    /// Links are RELATED-TOs naming the other card's to-do by UID, both ways round: a parent
    /// set here is PARENT on the child and CHILD on the parent; a sub-task made on the phone
    /// (Nextcloud Tasks writes RELATED-TO;RELTYPE=PARENT on the child only) is a card whose
    /// parent has it as a child, and the parent's to-do says so; a relation that is no link
    /// stays; a link taken off here is gone from both to-dos.
    @Test(arguments: SyncTests.servers) func linksAreRelatedToBothWays(server kind: String) throws {
        let server = try CalDAVServer(kind)
        let board = try SyncedBoard()
        try board.bk(["link", "c1", "parent", "c2"])
        try board.sync([server.url, "--user", "mina"])
        #expect(try server.todos()[Self.uid("c1")]?["related"] as? [String] == ["PARENT:\(Self.uid("c2"))"])
        #expect(try server.todos()[Self.uid("c2")]?["related"] as? [String] == ["CHILD:\(Self.uid("c1"))"])

        let made = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tests//phone//EN\r\nBEGIN:VTODO\r\nUID:sub-1@phone\r\n\
            DTSTAMP:20261127T090000Z\r\nSUMMARY:Sub-task from the phone\r\n\
            RELATED-TO;RELTYPE=PARENT:\(Self.uid("c3"))\r\nRELATED-TO;RELTYPE=NEXT:elsewhere@phone\r\n\
            END:VTODO\r\nEND:VCALENDAR\r\n
            """
        // One plain PUT, as a phone makes it: nothing but boardkit writes the parent's side.
        try server.client("put-raw", made)
        let pulled = try board.sync()
        #expect(pulled.stdoutText.contains("1 new card"), "\(pulled.stdoutText)")
        let cards = try board.cards()
        let sub = try #require(cards.first { $0.value["title"] as? String == "Sub-task from the phone" })
        #expect(sub.value["links"] as? [[String: String]] == [["type": "parent", "card": "c3"]], "\(sub.value)")
        #expect((cards["c3"]?["links"] as? [[String: String]])?.contains(["type": "child", "card": sub.key]) == true, "\(cards["c3"] ?? [:])")
        #expect(try server.todos()[Self.uid("c3")]?["related"] as? [String] == ["CHILD:sub-1@phone"])
        #expect(try server.todos()["sub-1@phone"]?["related"] as? [String] == ["NEXT:elsewhere@phone", "PARENT:\(Self.uid("c3"))"])
        let valid = try CommandRunner.boardkit(["validate", board.store])
        #expect(valid.status == 0 && !valid.stdoutText.contains("link-unknown-card") && !valid.stderr.contains("link-"),
                "\(valid.stdoutText)\(valid.stderr)")

        // A link made here to the phone's card names its to-do by the phone's UID, on both to-dos.
        #expect(try board.sync().stdoutText.contains("0 to-dos changed"))
        try board.bk(["link", sub.key, "blocks", "c4"])
        try board.sync()
        #expect(try server.todos()[Self.uid("c4")]?["related"] as? [String] == ["DEPENDS-ON:sub-1@phone"])
        #expect((try server.todos()["sub-1@phone"]?["related"] as? [String])?.contains("X-BOARDKIT-BLOCKS:\(Self.uid("c4"))") == true)

        // Nothing left to do; then the link taken off here is gone from both to-dos.
        #expect(try board.sync().stdoutText.contains("0 to-dos changed"))
        try board.bk(["link", "c1", "parent", "c2", "--remove"])
        try board.sync()
        #expect(try server.todos()[Self.uid("c1")]?["related"] as? [String] == [])
        #expect(try server.todos()[Self.uid("c2")]?["related"] as? [String] == [])
    }
}
