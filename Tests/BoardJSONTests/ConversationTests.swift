import Testing
import BoardValidation
import BoardModel
import BoardIO
@testable import BoardJSON

/// The conversation on a card (boardkit/2): comments, checklists, attachments and links in
/// canonical JSON, read back whole, and what cannot be read said where it is.
@Suite("Conversation")
struct ConversationTests {
    static let at = ISO8601.parseInstant("2026-11-20T09:15:00+09:00")!

    static func board() -> Board {
        var parent = Card(id: "sso", title: "Single sign-on", state: "todo")
        parent.comments = [
            CardComment(id: "c1", author: "mina", at: at, text: "Okta first, 다음은 Azure.\nThen **Google**; 👍"),
            CardComment(id: "c2", author: "jisoo", at: ISO8601.parseInstant("2026-11-21T10:00:00Z")!, text: "Agreed",
                        edited: ISO8601.parseInstant("2026-11-21T10:05:00Z")!),
        ]
        parent.checklists = [Checklist(id: "k1", name: "Launch", items: [
            ChecklistItem(text: "Write the runbook", done: true, due: .date(CalendarDate(year: 2026, month: 12, day: 1)!), assignee: "mina"),
            ChecklistItem(text: "Tell support"),
        ])]
        parent.attachments = [Attachment(name: "plan.pdf", url: "https://files.example.org/plan.pdf", type: "application/pdf",
                                         size: 48213, at: at, by: "mina", upload: true)]
        var child = Card(id: "okta", title: "Okta", state: "todo")
        parent.links = [CardLink(.child, "okta")]
        child.links = [CardLink(.parent, "sso")]
        return Board(id: "b", name: "B", timeZone: "Asia/Seoul", states: [BoardState(id: "todo", name: "To do", category: .todo)],
                     cards: [parent, child])
    }

    @Test func aConversationIsWrittenAsBoardkit2AndReadBackWhole() throws {
        let board = Self.board()
        let text = encoded(board)
        #expect(text.contains("\"format\": \"boardkit/2\""))
        #expect(text.contains(#""comments": [{"id": "c1", "author": "mina", "at": "2026-11-20T09:15:00+09:00", "text": "Okta first, 다음은 Azure.\nThen **Google**; 👍"}"#))
        #expect(text.contains(#""links": [{"type": "child", "card": "okta"}]"#))
        let result = readJSON(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.board == board)
        #expect(encoded(try #require(result.board)) == text)
    }

    @Test func aBoardWithoutAConversationStaysBoardkit1() {
        var board = Self.board()
        for k in board.cards.indices {
            board.cards[k].comments = []
            board.cards[k].checklists = []
            board.cards[k].attachments = []
            board.cards[k].links = []
        }
        #expect(encoded(board).contains("\"format\": \"boardkit/1\""))
    }

    @Test func aWallClockTimeInACommentIsTheBoardsZone() throws {
        // The board object after the cards: the zone is known only at the end.
        let text = """
            {"format": "boardkit/2", "states": [{"id": "todo", "name": "To do", "category": "todo"}],
             "cards": [{"id": "a", "title": "A", "state": "todo", "comments": [{"id": "c1", "at": "2026-11-20T09:15:00", "text": "hi"}]}],
             "board": {"id": "b", "name": "B", "timezone": "Asia/Seoul"}}
            """
        let result = readJSON(text)
        let comment = try #require(result.board?.cards.first?.comments.first)
        #expect(comment.at.epochMilliseconds == Self.at.epochMilliseconds)
        #expect(result.diagnostics.map(\.code) == [.jsonLocalTime])
    }

    @Test func whatCannotBeReadIsSaidAtItsPlace() throws {
        let text = """
            {"format": "boardkit/2", "board": {"id": "b", "name": "B", "timezone": "UTC"},
             "states": [{"id": "todo", "name": "To do", "category": "todo"}],
             "cards": [{"id": "a", "title": "A", "state": "todo",
                        "comments": [{"id": "c1", "at": "yesterday", "text": "x"}, {"id": "c2", "at": "2026-11-20T09:15:00Z", "text": "kept", "mood": "happy"}],
                        "attachments": [{"name": "f", "url": "https://x", "size": -3}],
                        "links": [{"type": "sibling", "card": "b"}, {"type": "blocks", "card": "nowhere"}]}]}
            """
        let result = readJSON(text)
        let said = result.diagnostics.map { "\($0.code.id) \($0.location?.path ?? "")" }
        #expect(said.contains("invalid-date cards[0].comments[0].at"))
        #expect(said.contains("json-invalid-value cards[0].comments[1].mood"))
        #expect(said.contains("json-invalid-value cards[0].attachments[0].size"))
        #expect(said.contains("json-invalid-value cards[0].links[0].type"))
        #expect(result.board == nil, "errors: nothing is written")
    }

    @Test func aLinkToACardTheBoardLacksIsKeptWithAWarning() {
        var board = Self.board()
        board.cards[1].links.append(CardLink(.blockedBy, "gone"))
        let rules = BoardValidator.validate(board, sourceMap: PathSourceMap(file: "b.json"))
        #expect(rules.map { "\($0.code.id) \($0.severity) \($0.location?.path ?? "")" } == ["link-unknown-card warning cards[1].links[1].card"])
        #expect(readJSON(encoded(board)).board?.cards[1].links.last == CardLink(.blockedBy, "gone"))
    }

    @Test func linksAreCompletedBothWaysRound() {
        var board = Self.board()
        for k in board.cards.indices { board.cards[k].links = [] }
        board.link("okta", .parent, "sso")
        board.link("okta", .duplicates, "sso")
        #expect(board.cards[0].links == [CardLink(.child, "okta")])
        #expect(board.cards[1].links == [CardLink(.parent, "sso"), CardLink(.duplicates, "sso")])
        board.cards[0].links.append(CardLink(.blocks, "okta"))
        board.cards[0].links.append(CardLink(.relates, "elsewhere"))
        let dangling = board.completeLinks()
        #expect(board.cards[1].links.contains(CardLink(.blockedBy, "sso")))
        #expect(dangling.map(\.card) == ["sso"] && dangling.map(\.link) == [CardLink(.relates, "elsewhere")])
    }

    @Test func twoCommentsWithOneIDAreAnError() {
        var board = Self.board()
        board.cards[0].comments[1].id = "c1"
        let rules = BoardValidator.validate(board, sourceMap: PathSourceMap(file: "b.json"))
        #expect(rules.map(\.code) == [.duplicateCommentID] && rules.first?.severity == .error)
        #expect(BoardValidator.validate(Self.board(), sourceMap: PathSourceMap(file: "b.json")).isEmpty)
    }
}
