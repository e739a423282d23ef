import BoardTestSupport
import Foundation
import Testing

/// A card's comments and attachments through CalDAV (#44): a comment or attachment made here
/// is a COMMENT or ATTACH on the to-do, one a phone adds is the card's after a sync, both
/// sides' additions since the last sync stay (element by element, never one list over the
/// other), a removal here is a removal there, and another app's inline attachment data (which
/// a card does not carry) stays on the to-do.
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
}
