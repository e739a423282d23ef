import Foundation
import Testing
import BoardValidation
import BoardModel
import BoardTestSupport
@testable import BoardForeign
@testable import BoardIO

/// The conversation on a Trello card (#44): comments, checklists, attachments, and the
/// link Trello shows for a card attached to another.
///
/// `samples/foreign/trello-conversation.json` is a hand-made export with Trello's real shape
/// (newest action first, `memberCreator` on each action, checklist items out of `pos`
/// order) and exactly 1,000 actions, the most Trello's export holds: six comments (one
/// edited by an `updateComment`, one removed by a `deleteComment`; new lines, Markdown,
/// Korean and emoji), three checklists whose items have states, dues and members, two
/// uploads and a link on "Receipt e-mail", "Refund flow" attached to "Payment form
/// validation" and its due marked complete; the rest of the 1,000 are description edits.
@Suite struct TrelloConversationTests {
    static let fixturePath = CommandRunner.sample("foreign/trello-conversation.json")

    static func read(_ path: String = fixturePath) throws -> (Board, ReadResult) {
        let r = TrelloReader().read(BoardInput(path: path), options: ReaderOptions())
        return (try #require(r.board, "\(r.diagnostics)"), r)
    }

    static func card(_ board: Board, _ title: String) throws -> Card {
        try #require(board.cards.first { $0.title == title }, "no card \(title)")
    }

    static func instant(_ text: String) -> Instant { ISO8601.parseInstant(text)! }

    @Test func commentActionsAreTheCardsCommentsWithAuthorTimeAndText() throws {
        let (board, result) = try Self.read()
        let form = try Self.card(board, "Payment form validation")
        #expect(form.comments.map(\.author) == ["mina", "jun", "alex"])
        #expect(form.comments.map(\.text) == [
            "Starting with the card number (Luhn check).",
            "Expiry needs `MM/YY` **and** `MM/YYYY`:\n- 12/27\n- 12/2027\n\nBoth are valid.",
            "CVC 규칙은 카드사마다 달라요 👀 Amex는 4자리.",
        ])
        #expect(form.comments[0].at == Self.instant("2026-09-03T10:00:00Z"))
        // The action's id is the comment's.
        #expect(form.comments[0].id.count == 24)
        // Edited by an updateComment: its date is when.
        #expect(form.comments[1].edited == Self.instant("2026-09-05T14:12:30.250Z"))
        #expect(form.comments[0].edited == nil)
        // The deleteComment removed the second comment of "Receipt e-mail".
        #expect(try Self.card(board, "Receipt e-mail").comments.map(\.text) == ["Template draft is in the attached PDF."])
        #expect(try Self.card(board, "Refund flow").comments.map(\.author) == ["jun"])
        // A comment is not also a bare `updated` event: 1,000 actions less the six comments.
        #expect(board.events.count == 994)
        #expect(!result.diagnostics.contains { $0.severity == .error })
        #expect(BoardValidator.validate(board, sourceMap: result.sourceMap).filter { $0.severity == .error }.isEmpty)
    }

    @Test func checklistsKeepItemStatesDuesAndMembersInTrellosOrder() throws {
        let (board, _) = try Self.read()
        let form = try Self.card(board, "Payment form validation")
        #expect(form.checklists.map(\.name) == ["QA", "Rollout"])
        let qa = form.checklists[0]
        #expect(qa.id?.count == 24)
        #expect(qa.items.map(\.text) == ["Luhn check on paste", "Reject expired cards", "Amex 4-digit CVC"])
        #expect(qa.items.map(\.done) == [true, true, false])
        #expect(qa.items.map(\.assignee) == ["mina", "jun", "alex"])
        #expect(qa.items.map(\.due) == [nil, .instant(Self.instant("2026-11-20T17:00:00Z")),
                                        .instant(Self.instant("2026-11-25T09:00:00Z"))])
        #expect(form.checklists[1].items.map(\.assignee) == ["mina", nil])
        let receipt = try Self.card(board, "Receipt e-mail")
        #expect(receipt.checklists.map(\.name) == ["Copy 문구"])
        #expect(receipt.checklists[0].items.map(\.text) == ["Subject line", "한국어 번역"])
        // Not flattened into a field and the body any more.
        #expect(form.fields[TrelloKeys.checklists] == nil)
        #expect(form.body == "Validate card number, expiry and CVC **before** submit.")
    }

    @Test func attachmentsKeepUploadTypeSizeDateAndMember() throws {
        let (board, _) = try Self.read()
        let receipt = try Self.card(board, "Receipt e-mail")
        #expect(receipt.attachments.map(\.name) == ["receipt-template.pdf", "receipt-mobile.png", "Receipt rules (wiki)"])
        let pdf = receipt.attachments[0]
        #expect(pdf.upload == true)
        #expect(pdf.type == "application/pdf")
        #expect(pdf.size == 184320)
        #expect(pdf.at == Self.instant("2026-09-07T08:00:00Z"))
        #expect(pdf.by == "mina")
        #expect(pdf.url.hasSuffix("/download/receipt-template.pdf"))
        let link = receipt.attachments[2]
        #expect(link.upload == false)
        #expect(link.type == nil && link.size == nil)
        #expect(link.url == "https://wiki.example/payments/receipts")
        #expect(link.by == "jun")
        #expect(receipt.fields[TrelloKeys.attachments] == nil)
    }

    @Test func aCardAttachedToAnotherLinksThemBothWays() throws {
        let (board, _) = try Self.read()
        let form = try Self.card(board, "Payment form validation")
        let refund = try Self.card(board, "Refund flow")
        #expect(refund.links == [CardLink(.relates, form.id)])
        #expect(form.links == [CardLink(.relates, refund.id)])
        // The attachment stays: it is what Trello shows.
        #expect(refund.attachments.map(\.url) == [form.url])
        #expect(try Self.card(board, "Receipt e-mail").links.isEmpty)
    }

    @Test func dueCompleteIsTheCardsMetDue() throws {
        let (board, _) = try Self.read()
        #expect(try Self.card(board, "Refund flow").dueComplete)
        #expect(try !Self.card(board, "Payment form validation").dueComplete)
        #expect(try Self.card(board, "Refund flow").fields[TrelloKeys.dueComplete] == nil)
    }

    @Test func thousandActionsSayHistoryAndCommentsMayBeCutSinceTheOldestKept() throws {
        let (_, result) = try Self.read()
        let cut = result.diagnostics.filter { $0.code == .trelloActionLimit }
        #expect(cut.count == 1)
        #expect(cut.first?.severity == .warning)
        #expect(cut.first?.message as? ForeignMessage == .trelloActionLimit(oldest: Self.instant("2026-09-01T09:05:00Z"), uncreated: 0))
        #expect(cut.first?.message.text.contains("comments before the oldest action kept (2026-09-01T09:05:00Z)") == true)
        #expect(cut.first?.location?.path == "actions")
        // Not the warning for cards without a creation action: every card has one.
        #expect(!result.diagnostics.contains { $0.code == .trelloHistoryCut })
    }

    @Test func fewerThanThousandActionsSayNothingOfTheLimit() throws {
        var text = try String(contentsOfFile: Self.fixturePath, encoding: .utf8)
        // The newest action (a description edit) taken out: 999 actions.
        let first = try #require(text.range(of: "\"actions\": [\n"))
        let endOfLine = try #require(text.range(of: "\n", range: first.upperBound..<text.endIndex))
        text.removeSubrange(first.upperBound..<endOfLine.upperBound)
        let r = TrelloReader().read(bytes: Array(text.utf8), file: "999.json")
        #expect(r.board?.events.count == 993)
        #expect(!r.diagnostics.contains { $0.code == .trelloActionLimit })
    }

    @Test func updateAndDeleteFindTheirCommentWhateverTheOrderOfTheActions() throws {
        let card = #"{"id":"c1","name":"x","idList":"l1"}"#
        func comment(_ id: String, _ date: String, _ text: String) -> String {
            #"{"id":"\#(id)","type":"commentCard","date":"\#(date)","memberCreator":{"fullName":"Mina Park"},"data":{"card":{"id":"c1"},"text":"\#(text)"}}"#
        }
        let edit = #"{"id":"e1","type":"updateComment","date":"2026-10-03T00:00:00.000Z","data":{"card":{"id":"c1"},"action":{"id":"k1","text":"second thoughts"},"old":{"text":"first"}}}"#
        let delete = #"{"id":"d1","type":"deleteComment","date":"2026-10-04T00:00:00.000Z","data":{"card":{"id":"c1"},"action":{"id":"k2"}}}"#
        // Oldest first here, the other way round from Trello's order.
        let actions = [comment("k1", "2026-10-01T00:00:00.000Z", "first"), comment("k2", "2026-10-02T00:00:00.000Z", "gone"), edit, delete]
        let text = #"{"id":"b","name":"B","lists":[{"id":"l1","name":"To Do"}],"cards":[\#(card)],"actions":[\#(actions.joined(separator: ","))]}"#
        let board = try #require(TrelloReader().read(bytes: Array(text.utf8), file: "t.json").board)
        // A member without a username is named by their full name, as the members are.
        #expect(board.cards[0].comments == [CardComment(id: "k1", author: "Mina Park", at: Self.instant("2026-10-01T00:00:00Z"),
                                                        text: "second thoughts", edited: Self.instant("2026-10-03T00:00:00Z"))])
    }

    // MARK: Writing and round trips

    @Test func exportWithTheConversationRoundTripsWhole() throws {
        let (first, _) = try Self.read()
        let (bytes, warnings) = TrelloWriter().export(first)
        #expect(warnings.isEmpty, "\(warnings)")
        let second = try #require(TrelloReader().read(bytes: bytes, file: "again.json").board)
        #expect(second.cards == first.cards)
        #expect(second == first)
    }

    /// trello2planka's sample export (a real board: comments, one edited, checklists with
    /// members, uploaded attachments by members no longer on the board, an unused label).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: realExport("trello2planka__sample-board-export.json")),
                   "needs ../shared/corpus (or $BOARDKIT_CORPUS)"))
    func realExportRoundTripsWhole() throws {
        let (first, _) = try Self.read(Self.realExport("trello2planka__sample-board-export.json"))
        #expect(first.cards.flatMap(\.comments).contains { $0.edited == Self.instant("2022-11-21T19:25:10.732Z") })
        #expect(first.cards.reduce(0) { $0 + $1.comments.count } == 4)
        #expect(first.cards.reduce(0) { $0 + $1.checklists.count } == 4)
        // Items of a member no longer among the board's are theirs by id.
        #expect(first.cards.flatMap(\.checklists).flatMap(\.items).filter { $0.assignee == "63792cd280232800fa06fe70" }.count == 4)
        #expect(first.cards.flatMap(\.attachments).contains { $0.upload == true && $0.size == 383527 })
        let (bytes, _) = TrelloWriter().export(first)
        let second = try #require(TrelloReader().read(bytes: bytes, file: "again.json").board)
        #expect(second.cards == first.cards)
        #expect(second == first)
    }

    /// Every Trello export of the corpus goes to Trello's shape and back unchanged: among
    /// them an older export that names its labels only in `labelNames` (its label's colour
    /// was lost and one was made up) and WeKan's with custom fields.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: realExport("trello2planka__sample-board-export.json")),
                   "needs ../shared/corpus (or $BOARDKIT_CORPUS)"),
          arguments: ["deck__data-trelloJson.json", "trello2planka__sample-board-export.json",
                      "trelloexporter__thejsonfile.json", "wekan__trello-project100.json"])
    func everyRealExportRoundTrips(_ file: String) throws {
        let (first, _) = try Self.read(Self.realExport(file))
        let second = try #require(TrelloReader().read(bytes: TrelloWriter().export(first).0, file: "again.json").board)
        #expect(second == first)
    }

    /// A file of the corpus beside the project (`$BOARDKIT_CORPUS` where it is elsewhere), as
    /// the corpus tests find it.
    static func realExport(_ file: String) -> String {
        let env = ProcessInfo.processInfo.environment["BOARDKIT_CORPUS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let folder = env ?? CommandRunner.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return folder.appendingPathComponent("trello/" + file).path
    }

    @Test func writtenConversationPassesTheImporterShapeCheck() throws {
        let folder = try TemporaryFolder()
        let (board, _) = try Self.read()
        let path = folder.path("trello.json")
        #expect(TrelloWriter().write(board, to: path, options: WriterOptions()).diagnostics.isEmpty)
        let out = try CommandRunner.python("foreign_trello_check.py", [path])
        #expect(out.status == 0, "\(out.stdoutText)\(out.stderr)")
        let summary = try #require(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        let cards = try #require(summary["cards"] as? [String: [String: Any]])
        let form = try Self.card(board, "Payment form validation")
        #expect(cards[form.title]?["comments"] as? [String] == form.comments.map { "\($0.author ?? ""): \($0.text)" })
        #expect(cards[form.title]?["checkItems"] as? [String] == form.checklists.flatMap(\.items).map(\.text))
        #expect(cards[form.title]?["checkItemMembers"] as? [String] == ["mina", "jun", "alex", "mina"])
        #expect(cards["Receipt e-mail"]?["attachments"] as? [String] == ["receipt-template.pdf (upload, application/pdf, 184320 bytes, mina)",
                                                                      "receipt-mobile.png (upload, image/png, 52731 bytes, alex)",
                                                                      "Receipt rules (wiki) (link, jun)"])
        #expect(summary["actions"] as? Int == board.events.count + 5)
    }

    /// A board converted before #44 kept checklists and attachments as text fields (and
    /// checklists at the end of the body): written to Trello, they are real ones again.
    @Test func aBoardConvertedBeforeKeepsItsChecklistsAndAttachments() throws {
        var card = Card(id: "c1", title: "Old", body: "Notes\n\n## QA\n- [x] Reproduce\n- [ ] Fix", state: "todo")
        card.fields[TrelloKeys.checklists] = "## QA\n- [x] Reproduce\n- [ ] Fix"
        card.fields[TrelloKeys.attachments] = "spec.pdf <https://files.example/spec.pdf>\nhttps://figma.example/f/1"
        let board = Board(id: "b", name: "B", timeZone: "UTC", states: [BoardState(id: "todo", name: "To Do", category: .todo)],
                          cards: [card])
        let back = try #require(TrelloReader().read(bytes: TrelloWriter().export(board).0, file: "old.json").board)
        #expect(back.cards[0].body == "Notes")
        #expect(back.cards[0].checklists == [Checklist(name: "QA", items: [ChecklistItem(text: "Reproduce", done: true),
                                                                           ChecklistItem(text: "Fix")])])
        #expect(back.cards[0].attachments == [Attachment(name: "spec.pdf", url: "https://files.example/spec.pdf", upload: false),
                                              Attachment(name: "https://figma.example/f/1", url: "https://figma.example/f/1", upload: false)])
        #expect(back.cards[0].fields.isEmpty)
    }

    /// What a board from another source has (no ids on checklists, calendar-date dues,
    /// parent links, times in an offset) comes back from Trello's shape.
    @Test func aBoardsConversationSurvivesTrello() throws {
        // Trello requires a card's pos and dateLastActivity (docs/trello.md): given here.
        let updated = Self.instant("2026-11-05T00:00:00Z")
        var a = Card(id: "a", title: "Parent", state: "todo", updated: updated, position: 1)
        a.checklists = [Checklist(name: "Steps", items: [ChecklistItem(text: "One", done: true, due: .date(CalendarDate(year: 2026, month: 12, day: 1)!),
                                                                       assignee: "kim"),
                                                         ChecklistItem(text: "Two")])]
        a.comments = [CardComment(id: "c-1", author: "kim", at: Self.instant("2026-11-02T09:00:00Z"), text: "first\nline two"),
                      CardComment(id: "c-2", at: Self.instant("2026-11-03T09:00:00.125Z"), text: "no author",
                                  edited: Self.instant("2026-11-04T00:00:00Z"))]
        a.attachments = [Attachment(name: "n", url: "https://x.example/n")]
        var b = Card(id: "b", title: "Child", state: "todo", updated: updated, position: 2)
        b.links = [CardLink(.parent, "a")]
        var board = Board(id: "b", name: "B", timeZone: "UTC", states: [BoardState(id: "todo", name: "To Do", category: .todo)],
                          cards: [a, b])
        board.completeLinks()
        let back = try #require(TrelloReader().read(bytes: TrelloWriter().export(board).0, file: "b.json").board)
        #expect(back.cards == board.cards)
    }
}
