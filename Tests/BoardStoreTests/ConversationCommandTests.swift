import BoardTestSupport
import Foundation
import Testing

/// The conversation from the terminal: a comment, a checklist item, a link and an attachment
/// are each one step, shown by `show CARD`, said in the history (English and Korean), undone
/// and redone like any other, and carried whole by a copy to the other engine.
@Suite("conversation commands")
struct ConversationCommandTests {
    let tmp: TemporaryFolder
    init() throws { tmp = try TemporaryFolder() }

    @discardableResult
    func bk(_ args: [String], env: [String: String] = [:], status: Int32 = 0) throws -> ProcessOutput {
        let r = try CommandRunner.boardkit(args, environment: env)
        #expect(r.status == status, "boardkit \(args.joined(separator: " ")): \(r.stderr)")
        return r
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func aConversationIsStepsLikeAnyOther(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("team.db", in: tmp)
        let env = ["BOARDKIT_BOARD": db]
        try bk(["init", "--name", "Web team", "--timezone", "Asia/Seoul"], env: env)
        try bk(["add", "Single sign-on", "--actor", "mina"], env: env)
        try bk(["add", "Okta", "--actor", "mina"], env: env)

        let text = "Okta first, 다음은 Azure.\nThen **Google**; 👍"
        let commented = try bk(["comment", "1", text, "--actor", "mina"], env: env).stdoutText
        #expect(commented.contains("mina commented \"Okta first, 다음은 Azure.…\" on #1 'Single sign-on'"), "\(commented)")
        let added = try bk(["check", "1", "Write the runbook", "--checklist", "Launch", "--actor", "jisoo"], env: env).stdoutText
        #expect(added.contains("jisoo added \"Write the runbook\" to Launch on #1"), "\(added)")
        let both = try bk(["check", "1", "Tell support", "--checklist", "Launch", "--done", "--actor", "jisoo"], env: env).stdoutText
        #expect(both.contains("jisoo added \"Tell support\" to Launch, ticked on #1"), "added already done: \(both)")
        try bk(["check", "1", "Tell support", "--checklist", "Launch", "--remove", "--actor", "jisoo"], env: env)
        let ticked = try bk(["check", "1", "Write the runbook", "--checklist", "Launch", "--done", "--actor", "jisoo"], env: env).stdoutText
        #expect(ticked.contains("jisoo ticked \"Write the runbook\" on #1"), "\(ticked)")
        let linked = try bk(["link", "2", "parent", "1", "--actor", "mina"], env: env).stdoutText
        #expect(linked.contains("on #2 'Okta'") && linked.contains("on #1 'Single sign-on'"), "both cards change: \(linked)")
        // The other card named as the board has it (the line said its id).
        #expect(linked.contains("mina linked parent #1 'Single sign-on' on #2 'Okta'"), "\(linked)")
        #expect(linked.contains("mina linked child #2 'Okta' on #1 'Single sign-on'"), "\(linked)")
        try bk(["attach", "1", "https://files.example.org/plan.pdf", "--actor", "mina"], env: env)

        let shown = try bk(["show", "1"], env: env).stdoutText
        #expect(shown.contains("Launch (1/1)") && shown.contains("[x] Write the runbook"), "\(shown)")
        #expect(shown.contains("plan.pdf <https://files.example.org/plan.pdf>"))
        #expect(shown.contains("\nLinks\n  child #2 'Okta'\n"), "the parent has the child link back: \(shown)")
        #expect(shown.contains("    Okta first, 다음은 Azure.\n    Then **Google**; 👍\n"), "the text as written: \(shown)")
        let board = try bk(["show"], env: env).stdoutText
        #expect(board.contains("💬 1  ☑ 1/1  📎 1"), "\(board)")

        let machine = try bk(["history", "1", "--format", "json"], env: env).stdoutText
        #expect(machine.contains(#""field": "comments", "new": [{"id": "c-"#), "the comments as JSON: \(machine)")
        let korean = try bk(["history", "1", "--locale", "ko"], env: env).stdoutText
        #expect(korean.contains("mina님이 #1 'Single sign-on' 카드에 댓글"), "\(korean)")
        #expect(korean.contains("#2 'Okta' 카드와 연결함(child)"), "\(korean)")

        // The export carries it whole, and undo takes steps back one by one.
        let json = try bk(["convert", db, "-", "--to", "json"]).stdoutText
        #expect(json.contains("\"format\": \"boardkit/2\""))
        #expect(json.contains(#""text": "Okta first, 다음은 Azure.\nThen **Google**; 👍""#))
        try bk(["undo", "--steps", "3"], env: env)
        let back = try bk(["show", "1"], env: env).stdoutText
        #expect(!back.contains("Links") && !back.contains("[x]") && back.contains("[ ] Write the runbook"), "\(back)")
        #expect(!(try bk(["show", "2"], env: env).stdoutText.contains("parent")), "the link undone on both cards")
        try bk(["redo", "--steps", "3"], env: env)
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdoutText == json)

        // A copy to a file store keeps it, history and all.
        let copy = tmp.path("copy.db")
        try bk(["convert", db, copy])
        #expect(try bk(["convert", copy, "-", "--to", "json"]).stdoutText == json)
        #expect(try bk(["history", "-b", copy]).stdoutText == (try bk(["history"], env: env).stdoutText))
    }

    /// A link read from a file may name a card outside the board: `show` keeps its id and says so.
    @Test func aLinkToACardTheBoardLacksShowsItsID() throws {
        let file = tmp.path("dangling.json")
        try #"""
        {"format": "boardkit/2", "board": {"id": "b", "name": "B", "timezone": "UTC"},
         "states": [{"id": "todo", "name": "To do", "category": "todo"}],
         "cards": [{"id": "c1", "title": "Has a link", "state": "todo", "links": [{"type": "relates", "card": "gone"}]}],
         "events": []}
        """#.write(toFile: file, atomically: true, encoding: .utf8)
        let db = tmp.path("d.db")
        try bk(["init", "-b", db, "--from", file])
        let shown = try bk(["show", "1", "-b", db]).stdoutText
        #expect(shown.contains("\nLinks\n  relates gone (not on this board)\n"), "\(shown)")
    }

    @Test func commentsAreEditedAndRemovedByTheirID() throws {
        let db = tmp.path("team.db")
        let env = ["BOARDKIT_BOARD": db]
        try bk(["init"], env: env)
        try bk(["add", "Card"], env: env)
        try bk(["comment", "1", "first", "--actor", "mina"], env: env)
        let id = try #require(try bk(["show", "1"], env: env).stdoutText.firstMatch(of: /\[(c-[0-9a-f]+)\]/)?.1)
        let edited = try bk(["comment", "1", "better", "--edit", String(id), "--actor", "mina"], env: env).stdoutText
        #expect(edited.contains("edited a comment to \"better\""), "\(edited)")
        #expect(try bk(["show", "1"], env: env).stdoutText.contains("(edited)"))
        let wrong = try bk(["comment", "1", "--remove", "c-nope"], env: env, status: 1)
        #expect(wrong.stderr.contains("one of \(id)"), "\(wrong.stderr)")
        let removed = try bk(["comment", "1", "--remove", String(id), "--actor", "mina"], env: env).stdoutText
        #expect(removed.contains("removed the comment \"better\""), "\(removed)")
        try bk(["comment", "1", "   "], env: env, status: 1)
        try bk(["link", "1", "parent", "1"], env: env, status: 1)
        try bk(["attach", "1", "javascript:alert(1)"], env: env, status: 1)
    }
}
