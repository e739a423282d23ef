import BoardTestSupport
import Foundation
import Testing

/// A card's conversation in calendars: COMMENT, ATTACH and RELATED-TO, read by `icalendar`
/// (not boardkit's code) as RFC 5545 means them, and read back whole; another app's (a
/// Nextcloud Tasks sub-task, an Apple attachment, a comment with no time of its own) become
/// the card's. Before, a feed left the whole conversation out.
@Suite struct ICSConversationTests {
    static let board = #"""
        {"format": "boardkit/2", "board": {"id": "b", "name": "Team", "timezone": "Asia/Seoul"},
         "states": [{"id": "todo", "name": "To do", "category": "todo"}],
         "cards": [
          {"id": "p", "title": "Parent", "state": "todo", "due": "2026-12-01",
           "comments": [{"id": "c1", "author": "mina", "at": "2026-11-20T09:00:00+09:00", "text": "Okta first;\nthen Azure, \"quoted\" 😀", "edited": "2026-11-20T10:00:00+09:00"}],
           "attachments": [{"name": "plan; v2.pdf", "url": "https://example.org/plan.pdf", "type": "application/pdf", "size": 1234, "at": "2026-11-21T10:00:00Z", "by": "jisoo", "upload": true}],
           "links": [{"type": "child", "card": "k"}, {"type": "blocks", "card": "k"}]},
          {"id": "k", "title": "Kid", "state": "todo", "due": "2026-12-02",
           "links": [{"type": "parent", "card": "p"}, {"type": "blocked-by", "card": "p"}]}
         ]}
        """#

    static func cards(_ path: String) throws -> [[String: Any]] {
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        return doc?["cards"] as? [[String: Any]] ?? []
    }

    @Test(arguments: ["event", "todo", "both"]) func theConversationIsWrittenAsRFC5545SaysAndReadBack(_ component: String) throws {
        let tmp = try TemporaryFolder()
        let source = tmp.path("b.json"), ics = tmp.path("b.ics"), back = tmp.path("back.json")
        try Self.board.write(toFile: source, atomically: true, encoding: .utf8)
        let written = try CommandRunner.boardkit(["convert", source, ics, "--component", component])
        #expect(written.status == 0 && !written.stderr.contains("not written"), "\(written.stderr)")
        let oracle = try CommandRunner.python("ics_icalendar_check.py", [ics])
        #expect(oracle.status == 0, "\(oracle.stderr)")
        let items = try #require((try JSONSerialization.jsonObject(with: oracle.stdout) as? [String: Any])?["items"] as? [[String: Any]])
        let parent = try #require(items.first { $0["summary"] as? String == "Parent" })
        #expect(parent["comments"] as? [String] == ["Okta first;\nthen Azure, \"quoted\" 😀"])
        let attachment = try #require((parent["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["url"] as? String == "https://example.org/plan.pdf")
        let params = attachment["params"] as? [String: String] ?? [:]
        #expect(params["FMTTYPE"] == "application/pdf" && params["FILENAME"] == "plan; v2.pdf" && params["SIZE"] == "1234", "\(params)")
        // The sub-task as Nextcloud Tasks and Thunderbird read it: the other item's UID.
        let related = parent["related"] as? [[String: String]] ?? []
        let kidUID = try #require(items.first { $0["summary"] as? String == "Kid" && $0["kind"] as? String == parent["kind"] as? String }?["uid"] as? String)
        #expect(related.map { $0["uid"] } == [kidUID, kidUID])
        #expect(related.map { $0["reltype"] } == ["CHILD", "X-BOARDKIT-BLOCKS"])

        let read = try CommandRunner.boardkit(["convert", ics, back])
        #expect(read.status == 0 && !read.stderr.contains("warning"), "\(read.stderr)")
        let original = try Self.cards(source), again = try Self.cards(back)
        for part in ["comments", "attachments", "links"] {
            #expect(again.map { NSArray(array: $0[part] as? [Any] ?? []) } == original.map { NSArray(array: $0[part] as? [Any] ?? []) }, "\(part)")
        }
    }

    @Test func anotherAppsSubTasksAttachmentsAndCommentsAreTheCards() throws {
        let tmp = try TemporaryFolder()
        let ics = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.16//EN",
            "BEGIN:VTODO", "UID:parent-1", "SUMMARY:Move office", "DUE;VALUE=DATE:20261210",
            "LAST-MODIFIED:20261120T080000Z", "COMMENT:Ask facilities first",
            "ATTACH;FMTTYPE=image/png;X-APPLE-FILENAME=floor.png:https://files.example.com/floor.png",
            "ATTACH;ENCODING=BASE64;VALUE=BINARY:aGVsbG8=", "END:VTODO",
            "BEGIN:VTODO", "UID:child-1", "SUMMARY:Book movers", "DUE;VALUE=DATE:20261205",
            "RELATED-TO:parent-1", "RELATED-TO;RELTYPE=SIBLING:nowhere@example.com", "END:VTODO",
            "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        try ics.write(toFile: tmp.path("n.ics"), atomically: true, encoding: .utf8)
        let read = try CommandRunner.boardkit(["convert", tmp.path("n.ics"), tmp.path("n.json")])
        #expect(read.status == 0, "\(read.stderr)")
        // A link to an item the file lacks is kept as written, and said.
        #expect(read.stderr.contains("nowhere@example.com"), "\(read.stderr)")
        let cards = try Self.cards(tmp.path("n.json"))
        let parent = try #require(cards.first { $0["id"] as? String == "parent-1" })
        let comment = try #require((parent["comments"] as? [[String: Any]])?.first)
        #expect(comment["text"] as? String == "Ask facilities first" && comment["at"] as? String == "2026-11-20T08:00:00Z")
        let attachments = parent["attachments"] as? [[String: Any]] ?? []
        #expect(attachments.count == 1)
        #expect(attachments.first?["name"] as? String == "floor.png" && attachments.first?["type"] as? String == "image/png")
        // Inline data is not an attachment boardkit carries (it moves references): kept as written.
        #expect((parent["fields"] as? [String: String])?["ATTACH"] == "aGVsbG8=")
        // The parent gets its side of the sub-task.
        #expect(parent["links"] as? [[String: String]] == [["type": "child", "card": "child-1"]])
        let child = try #require(cards.first { $0["id"] as? String == "child-1" })
        #expect((child["links"] as? [[String: String]])?.first == ["type": "parent", "card": "parent-1"])
    }
}
