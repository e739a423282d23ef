import Foundation
import Testing
import BoardValidation
import BoardModel
import BoardTestSupport
@testable import BoardTabular
@testable import BoardCSV
@testable import BoardIO

/// The conversation on a Jira issue through Jira's CSV (#44): one comment per `Comment`
/// column, one attachment per `Attachment` column, `Parent id` and `Sub-tasks` as links, and
/// the repeated `Labels`, `Sprint` and `Watchers` columns as lists; written back one column
/// per value, as Jira's importer reads them.
///
/// `samples/foreign/jira-conversation.csv` has the shape of Jira's "Export CSV (all fields)"
/// (repeated headers, `dd/MMM/yy h:mm a` times without a zone, account ids as authors):
/// a story with three comments (a `,` and Korean; `;`, quotes and new lines; emoji), two
/// attachments (one named with a `;`), two sprints, two watchers and two sub-tasks, each
/// naming it by `Parent id`.
@Suite struct JiraConversationTests {
    static let samplePath = CommandRunner.sample("foreign/jira-conversation.csv")
    static let mina = "557058:1c2f6a1e-0b7d-4c55-9c53-0d5c8f1e2a10"
    static let joon = "712020:8e4b1f23-5a6c-4d7e-8f90-a1b2c3d4e5f6"
    static let seo = "5f8d3c2b1a0e9d8c7b6a5f4e"

    static func read(_ path: String = samplePath, mapping: String? = nil) throws -> (Board, ReadResult) {
        var options = ReaderOptions(timeZone: "Asia/Seoul")
        options.mapping = mapping
        let r = CSVReader().read(BoardInput(path: path, displayName: (path as NSString).lastPathComponent), options: options)
        return (try #require(r.board, "\(r.diagnostics)"), r)
    }

    static func read(text: String, mapping: String? = "jira") throws -> (Board, ReadResult) {
        let folder = try TemporaryFolder()
        let path = folder.path("jira.csv")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try read(path, mapping: mapping)
    }

    static func card(_ board: Board, _ id: String) throws -> Card {
        try #require(board.cards.first { $0.id == id }, "no card \(id)")
    }

    /// A Jira time (no zone) in the board's zone, Seoul.
    static func seoul(_ day: Int, _ hour: Int, _ minute: Int) -> Instant {
        Zone.named("Asia/Seoul")!.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: day)!, hour: hour, minute: minute))
    }

    @Test func eachCommentColumnIsACommentWithItsAuthorTimeAndTextAsWritten() throws {
        let (board, result) = try Self.read()
        let story = try Self.card(board, "WEB-201")
        #expect(story.comments.map(\.text) == [
            "Okta first, 다음은 Azure.",
            "Agreed; the order is:\n1. Okta\n2. Azure AD\n\nSee \"IdP matrix\", row 3.",
            "Done on staging 🎉 — 확인 부탁드립니다",
        ])
        #expect(story.comments.map(\.author) == [Self.mina, Self.joon, Self.seo])
        #expect(story.comments.map(\.at) == [Self.seoul(3, 9, 30), Self.seoul(4, 11, 5), Self.seoul(5, 18, 45)])
        #expect(Set(story.comments.map(\.id)).count == 3)
        // Not one field joining them with ", " and backslashes (the defect #44 names).
        #expect(story.fields["Comment"] == nil)
        #expect(try Self.card(board, "WEB-202").comments.map(\.text) == ["Redirect URIs set for prod and staging."])
        #expect(try Self.card(board, "WEB-204").comments.isEmpty)
        #expect(!result.diagnostics.contains { $0.code == .tabularValueKept }, "\(result.diagnostics)")
        // A second read gives the same comment ids.
        #expect(try Self.read().0 == board)
    }

    @Test func eachAttachmentColumnIsAnAttachment() throws {
        let (board, _) = try Self.read()
        let story = try Self.card(board, "WEB-201")
        #expect(story.attachments == [
            Attachment(name: "okta-setup.png", url: "https://acme.atlassian.net/rest/api/3/attachment/content/10401",
                       at: Self.seoul(3, 10, 2), by: Self.mina),
            // The URL is after the last `;`: a name keeps its own.
            Attachment(name: "SAML; metadata (prod).xml", url: "https://acme.atlassian.net/rest/api/3/attachment/content/10402",
                       at: Self.seoul(4, 14, 30), by: Self.joon),
        ])
        #expect(try Self.card(board, "WEB-203").attachments.map(\.name) == ["azure-checklist.pdf"])
        #expect(story.fields["Attachment"] == nil)
    }

    @Test func repeatedColumnsAreLists() throws {
        let (board, _) = try Self.read()
        let story = try Self.card(board, "WEB-201")
        #expect(story.labels == ["auth", "sso"])
        #expect(story.fields["Sprint"] == "Sprint 12, Sprint 13")
        #expect(story.fields["Watchers"].map(ListCodec.split) == [Self.mina, Self.joon])
        #expect(try Self.card(board, "WEB-203").fields["Sprint"] == "Sprint 13")
    }

    @Test func parentIdAndSubTasksAreLinksKeptBothWaysRound() throws {
        let (board, result) = try Self.read()
        #expect(try Self.card(board, "WEB-201").links.filter { $0.type == .child } == [CardLink(.child, "WEB-202"), CardLink(.child, "WEB-203")])
        #expect(try Self.card(board, "WEB-202").links.first == CardLink(.parent, "WEB-201"))
        #expect(try Self.card(board, "WEB-203").links.first == CardLink(.parent, "WEB-201"))
        #expect(BoardValidator.validate(board, sourceMap: result.sourceMap).isEmpty)
    }

    /// Jira's issue links (#44): `Outward issue link (Blocks)` / `Inward issue link (Blocks)`
    /// are blocks / blocked-by, the `Relates` columns relates, each naming the other issue by
    /// its `Issue id`; a story's `Custom field (Epic Link)` names its epic by key, and the epic
    /// is its parent. Before, each was a text field linking nothing.
    @Test func issueLinksAndTheEpicLinkAreLinks() throws {
        let (board, _) = try Self.read()
        #expect(try Self.card(board, "WEB-200").links == [CardLink(.child, "WEB-201")])
        #expect(try Self.card(board, "WEB-201").links == [CardLink(.parent, "WEB-200"), CardLink(.child, "WEB-202"),
                                                         CardLink(.child, "WEB-203"), CardLink(.relates, "WEB-204")])
        #expect(try Self.card(board, "WEB-202").links == [CardLink(.parent, "WEB-201"), CardLink(.blocks, "WEB-203")])
        #expect(try Self.card(board, "WEB-203").links == [CardLink(.parent, "WEB-201"), CardLink(.blockedBy, "WEB-202")])
        #expect(try Self.card(board, "WEB-204").links == [CardLink(.relates, "WEB-201")])
        #expect(board.cards.allSatisfy { !$0.fields.keys.contains { $0.contains("issue link") || $0.contains("Epic Link") } })

        // A duplicate, and an export that lists linked issues in one undirected column.
        let (other, _) = try Self.read(text: """
        Summary,Issue key,Issue id,Status,Outward issue link (Duplicate),Linked Issues
        Copy,WEB-2,10002,To Do,10001,
        Original,WEB-1,10001,To Do,,WEB-3
        Third,WEB-3,10003,To Do,,

        """)
        #expect(try Self.card(other, "WEB-2").links == [CardLink(.duplicates, "WEB-1")])
        #expect(try Self.card(other, "WEB-1").links == [CardLink(.relates, "WEB-3")])
        #expect(try Self.card(other, "WEB-3").links == [CardLink(.relates, "WEB-1")])
    }

    /// A sub-task listed before its parent, without a `Sub-tasks` column: the parent's side
    /// is the model's (`completeLinks`), and a `Parent id` no row has stays as written, with
    /// the validator's warning.
    @Test func aParentNamedOnlyByItsChildGetsTheChildAndAnUnknownParentIsKeptAsWritten() throws {
        let (board, result) = try Self.read(text: """
        Summary,Issue key,Issue id,Parent id,Status
        Child,WEB-2,10002,10001,To Do
        Parent,WEB-1,10001,,To Do
        Orphan,WEB-3,10003,99999,To Do

        """)
        #expect(try Self.card(board, "WEB-1").links == [CardLink(.child, "WEB-2")])
        #expect(try Self.card(board, "WEB-2").links == [CardLink(.parent, "WEB-1")])
        #expect(try Self.card(board, "WEB-3").links == [CardLink(.parent, "99999")])
        let found = BoardValidator.validate(board, sourceMap: result.sourceMap)
        #expect(found.map(\.code) == [.linkUnknownCard])
    }

    @Test func aCellThatIsNoCommentIsKeptAsTheColumnsFieldWithAWarningAtTheCell() throws {
        let (board, result) = try Self.read(text: """
        Summary,Issue key,Status,Comment,Comment,Attachment
        One,WEB-1,To Do,no date here,03/Nov/26 9:30 AM;mina;kept,report.pdf

        """)
        let card = try Self.card(board, "WEB-1")
        #expect(card.comments.map(\.text) == ["kept"])
        #expect(card.fields["Comment"] == "no date here")
        #expect(card.fields["Attachment"] == "report.pdf")
        let kept = result.diagnostics.filter { $0.code == .tabularValueKept }
        #expect(kept.map { $0.message as? TabularMessage } == [
            .valueKept(column: "Comment", value: "no date here", reason: .notAComment),
            .valueKept(column: "Attachment", value: "report.pdf", reason: .notAnAttachment),
        ])
        // The cells' lines and columns (columns count from the line's start, as an editor's do).
        #expect(kept.map { $0.location?.line } == [2, 2])
        #expect(kept.map { $0.location?.column } == [17, 58])
    }

    @Test func twoBadCommentsOfACardAreBothKept() throws {
        let (board, _) = try Self.read(text: """
        Summary,Issue key,Status,Comment,Comment
        One,WEB-1,To Do,"first, with a comma",second

        """)
        #expect(try Self.card(board, "WEB-1").fields["Comment"].map(ListCodec.split) == ["first, with a comma", "second"])
    }

    /// One `Sprint` column holding a name with a comma is one sprint, and is written back so.
    @Test func aSprintNamedWithACommaStaysOneSprint() throws {
        let (board, _) = try Self.read(text: """
        Summary,Issue key,Status,Sprint
        One,WEB-1,To Do,"Sprint 12, hotfix"

        """)
        let items = try Self.card(board, "WEB-1").fields["Sprint"].map(ListCodec.split)
        #expect(items == ["Sprint 12, hotfix"])
        let written = String(decoding: CSVWriter().encode(board, options: WriterOptions(mapping: "jira")), as: UTF8.self)
        #expect(written.contains("\"Sprint 12, hotfix\""))
    }

    /// What Jira's importer reads, checked by Python's csv module against Jira's column
    /// rules: one column per comment, attachment, sprint, label and watcher, never one cell
    /// joining them; `Parent id` naming the parent's `Issue id`.
    @Test func writtenJiraHasAColumnPerValueAsJirasImporterReadsThem() throws {
        let (board, _) = try Self.read()
        let folder = try TemporaryFolder()
        let path = folder.path("jira.csv")
        let written = CSVWriter().write(board, to: path, options: WriterOptions(mapping: "jira"))
        // The layout holds the whole conversation this board has: nothing said left out of it.
        #expect(!written.diagnostics.contains { ($0.message as? CSVMessage).map { if case .conversationNotWritten = $0 { true } else { false } } ?? false },
                "\(written.diagnostics)")
        let out = try CommandRunner.python("jira_csv_check.py", [path])
        #expect(out.status == 0, "\(out.stdoutText)\(out.stderr)")
        let summary = try #require(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        let columns = try #require(summary["columns"] as? [String: Int])
        #expect(columns["Comment"] == 3)
        #expect(columns["Attachment"] == 2)
        #expect(columns["Sprint"] == 2)
        #expect(columns["Labels"] == 2)
        #expect(columns["Watchers"] == 2)
        let issues = try #require(summary["issues"] as? [String: [String: Any]])
        let story = try #require(issues["WEB-201"])
        #expect(story["comments"] as? [[String]] == [
            ["03/Nov/26 9:30 AM", Self.mina, "Okta first, 다음은 Azure."],
            ["04/Nov/26 11:05 AM", Self.joon, "Agreed; the order is:\n1. Okta\n2. Azure AD\n\nSee \"IdP matrix\", row 3."],
            ["05/Nov/26 6:45 PM", Self.seo, "Done on staging 🎉 — 확인 부탁드립니다"],
        ])
        #expect(story["attachments"] as? [[String]] == [
            ["03/Nov/26 10:02 AM", Self.mina, "okta-setup.png", "https://acme.atlassian.net/rest/api/3/attachment/content/10401"],
            ["04/Nov/26 2:30 PM", Self.joon, "SAML; metadata (prod).xml", "https://acme.atlassian.net/rest/api/3/attachment/content/10402"],
        ])
        #expect(story["Sprint"] as? [String] == ["Sprint 12", "Sprint 13"])
        #expect(story["Labels"] as? [String] == ["auth", "sso"])
        #expect(issues["WEB-202"]?["parent"] as? String == "WEB-201")
        #expect(issues["WEB-203"]?["parent"] as? String == "WEB-201")
        #expect(issues["WEB-204"]?["Sprint"] as? [String] == ["Sprint 12"])
        // Links outward from the issue that holds them, by Issue id: the epic is a parent.
        #expect(issues["WEB-201"]?["parent"] as? String == "WEB-200")
        #expect(issues["WEB-202"]?["links"] as? [String: [String]] == ["Blocks": ["WEB-203"]])
        #expect(issues["WEB-203"]?["links"] as? [String: [String]] == [:])
        #expect(issues["WEB-201"]?["links"] as? [String: [String]] == ["Relates": ["WEB-204"]])
    }

    /// Jira → boardkit → Jira → boardkit gives the same board: comments (author, time, text),
    /// attachments, sprints, labels, watchers, parents and sub-tasks.
    @Test func jiraToBoardToJiraToBoardKeepsTheConversation() throws {
        let (board, _) = try Self.read()
        let folder = try TemporaryFolder()
        let path = folder.path("again.csv")
        #expect(!CSVWriter().write(board, to: path, options: WriterOptions(mapping: "jira")).diagnostics.hasErrors)
        let (back, _) = try Self.read(path)
        #expect(back.cards.map(\.comments) == board.cards.map(\.comments))
        #expect(back.cards.map(\.attachments) == board.cards.map(\.attachments))
        #expect(back.cards.map(\.links) == board.cards.map(\.links))
        #expect(back.cards.map(\.labels) == board.cards.map(\.labels))
        #expect(back.cards.map { $0.fields["Sprint"] } == board.cards.map { $0.fields["Sprint"] })
        #expect(back == board)
    }

    /// What Jira's layout has no column for is counted, and only that: a checklist; not the
    /// comment, nor the parent and its child (the reader completes the child's `Parent id`),
    /// nor a `blocks` link (its `Outward issue link (Blocks)` column). Plane's layout has no
    /// column for the `blocks` link: both its sides are counted.
    @Test func whatJirasLayoutCannotHoldIsCounted() throws {
        var board = Board(cards: [Card(id: "a", title: "A", state: "todo"), Card(id: "b", title: "B", state: "todo"),
                                  Card(id: "c", title: "C", state: "todo")])
        board.link("b", .parent, "a")
        board.link("a", .blocks, "c")
        board.cards[0].comments = [CardComment(id: "1", author: "mina", at: Self.seoul(3, 9, 30), text: "hi")]
        board.cards[0].checklists = [Checklist(name: "QA", items: [ChecklistItem(text: "one")])]
        let layout = TabularBoardLayout(board: board, mapping: MappingLibrary.preset(named: "jira"))
        #expect(layout.conversationLeft(board) == ConversationTally(checklists: 1, items: 1, links: 0))
        let plane = TabularBoardLayout(board: board, mapping: MappingLibrary.preset(named: "plane"))
        #expect(plane.conversationLeft(board) == ConversationTally(checklists: 1, items: 1, links: 2))
        #expect(TabularBoardLayout(board: board).conversationLeft(board) == ConversationTally(board))
    }

    /// A card from elsewhere (no `Issue id`) is named by its id in `Parent id`, which reads back.
    @Test func cardsWithoutAnIssueIdAreLinkedByTheirIds() throws {
        var board = Board(cards: [Card(id: "a", title: "Parent", state: "todo"), Card(id: "b", title: "Child", state: "todo")])
        board.link("b", .parent, "a")
        let text = String(decoding: CSVWriter().encode(board, options: WriterOptions(mapping: "jira")), as: UTF8.self)
        let (back, _) = try Self.read(text: text)
        #expect(try Self.card(back, "b").links == [CardLink(.parent, "a")])
        #expect(try Self.card(back, "a").links == [CardLink(.child, "b")])
    }

    /// A file of the real-file corpus (Tests/Corpus/README.md): in `$BOARDKIT_CORPUS`, else
    /// `../shared/corpus` beside the project.
    static func corpusFile(_ name: String) -> String {
        let given = ProcessInfo.processInfo.environment["BOARDKIT_CORPUS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let folder = given ?? CommandRunner.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return folder.appendingPathComponent(name).path
    }

    /// dashboard_jira's real export.
    static let realExport = corpusFile("csv/dashboard-jira__Jira_Issues_Export_Semicolon_UTF8.csv")

    /// Jira set to Portuguese exports the parent as its summary (`Pai`): dashboard_jira's
    /// 316-issue export names 13 epics of the same file so, on 292 issues.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: realExport), "the corpus's data files are not here"))
    func aRealExportsParentColumnNamesEpicsOfTheFileByTitle() throws {
        let path = Self.realExport
        let (board, result) = try Self.read(path)
        let children = board.cards.filter { $0.links.contains { $0.type == .parent } }
        #expect(children.count == 292)
        let epic = try #require(board.cards.first { $0.title == "Mensageria" })
        #expect(epic.links.count { $0.type == .child } == 27)
        #expect(BoardValidator.validate(board, sourceMap: result.sourceMap).filter { $0.code == .linkUnknownCard }.isEmpty)
    }
}
