import Foundation
import Testing
import BoardValidation
import BoardModel
import BoardSample
import BoardTestSupport
@testable import BoardForeign
@testable import BoardIO

/// The Trello sample is a hand-made export with Trello's real shape: 6 lists (one closed,
/// one Korean), 8 cards (one archived, one in the closed list), checklists, four kinds of
/// custom field, attachments, and 21 actions (newest first) including a deleted card's,
/// board and list actions, and a card whose createCard is missing.
@Suite struct TrelloTests {
    static let samplePath = CommandRunner.sample("foreign/trello-board.json")

    static func readSample(options: ReaderOptions = ReaderOptions()) throws -> ReadResult {
        TrelloReader().read(BoardInput(path: samplePath), options: options)
    }

    static func board(_ result: ReadResult) throws -> Board {
        try #require(result.board, "no board: \(result.diagnostics)")
    }

    @Test func listsBecomeStatesInOrderWithGuessedCategories() throws {
        let board = try Self.board(Self.readSample())
        #expect(board.states.map(\.name) == ["Backlog", "To Do", "진행 중", "Review", "Done", "Old ideas"])
        #expect(board.states.map(\.category) == [.todo, .todo, .doing, .doing, .done, .todo])
        #expect(board.state(withID: "review")?.wipLimit == 3)
        #expect(board.name == "Mobile app 모바일")
        #expect(board.metadata[TrelloKeys.desc] == "Sprint board for the mobile app")
    }

    @Test func stateMapOverridesTheGuess() throws {
        let board = try Self.board(Self.readSample(options: ReaderOptions(stateMap: ["review": "todo", "Old ideas": "done"])))
        #expect(board.state(withID: "review")?.category == .todo)
        #expect(board.state(withID: "old-ideas")?.category == .done)
    }

    @Test func stateMapOntoAnotherStateMergesTheList() throws {
        let board = try Self.board(Self.readSample(options: ReaderOptions(stateMap: ["Old ideas": "Backlog"])))
        #expect(!board.states.contains { $0.name == "Old ideas" })
        #expect(board.cards.first { $0.title == "Tablet layout (parked)" }?.state == "backlog")
    }

    @Test func closingAndReopeningBecomeArchivedAndRestored() throws {
        let text = #"{"id":"b","name":"B","lists":[{"id":"l1","name":"To Do"}],"cards":[{"id":"c1","name":"x","idList":"l1","closed":false}],"actions":[{"type":"updateCard","date":"2026-10-03T00:00:00.000Z","data":{"card":{"id":"c1","closed":false},"old":{"closed":true}}},{"type":"updateCard","date":"2026-10-02T00:00:00.000Z","data":{"card":{"id":"c1","closed":true},"old":{"closed":false}}},{"type":"createCard","date":"2026-10-01T00:00:00.000Z","data":{"card":{"id":"c1"},"list":{"id":"l1"}}}]}"#
        let r = TrelloReader().read(bytes: Array(text.utf8), file: "t.json")
        let board = try Self.board(r)
        #expect(board.events.map(\.type) == [.created, .archived, .restored])
        #expect(!r.diagnostics.contains { $0.code == .trelloHistoryCut })
        // The writer fills what every Trello export has (pos, dateLastActivity), so the
        // history and the archived flag are what must come back unchanged.
        let again = try Self.board(TrelloReader().read(bytes: TrelloWriter().export(board).0, file: "again.json"))
        #expect(again.events == board.events)
        #expect(again.cards.map(\.archived) == board.cards.map(\.archived))
    }

    @Test func cardsKeepTheirContent() throws {
        let board = try Self.board(Self.readSample())
        let login = try #require(board.cards.first { $0.title == "Login screen crashes on iOS 18" })
        #expect(login.state == "done")
        #expect(login.labels == ["bug", "iOS"])
        #expect(login.assignees == ["mina"])
        #expect(login.due == .instant(ISO8601.parseInstant("2026-10-10T09:00:00Z")!))
        #expect(login.dueComplete)
        #expect(login.fields["Story points"] == "3")
        #expect(login.fields["Priority"] == "High")     // a list field's option text
        #expect(login.fields["Blocked"] == "false")     // a checkbox
        #expect(login.body == "Steps:\n1. Open app\n2. Tap *Log in*")
        #expect(login.checklists.map(\.name) == ["QA"])
        #expect(login.checklists[0].items.map(\.text) == ["Reproduce on iPhone 15", "Fix null session", "Regression test"])
        #expect(login.checklists[0].items.allSatisfy { $0.done })
        #expect(login.created == ISO8601.parseInstant("2026-10-01T09:00:00Z"))
        #expect(login.completed == ISO8601.parseInstant("2026-10-08T15:30:00Z"))

        let push = try #require(board.cards.first { $0.title == "푸시 알림 설정 화면" })
        #expect(push.labels == ["iOS", "green"])        // an unnamed label shows its colour
        #expect(push.assignees == ["jun", "alex"])
        #expect(push.start == .instant(ISO8601.parseInstant("2026-10-20T00:00:00Z")!))
        #expect(push.fields["Customer"] == "ACME \"North\" Ltd")
        #expect(push.attachments.map(\.name) == ["spec.pdf", "https://figma.example/f/123"])
        #expect(push.attachments.map(\.url) == ["https://files.example/spec.pdf", "https://figma.example/f/123"])
        #expect(push.checklists.map(\.name) == ["할 일", "Rollout"])
        #expect(push.checklists.map { $0.items.map(\.done) } == [[true, false], [false]])
        #expect(push.fields[TrelloKeys.attachments] == nil && push.fields[TrelloKeys.checklists] == nil)
    }

    @Test func archivedCardsAndCardsOfClosedListsAreArchived() throws {
        let board = try Self.board(Self.readSample())
        let archived = board.cards.filter(\.archived).map(\.title).sorted()
        #expect(archived == ["Old onboarding carousel", "Tablet layout (parked)"])
        // The card in the closed list has no createCard: its creation comes from its id.
        let parked = try #require(board.cards.first { $0.title == "Tablet layout (parked)" })
        #expect(parked.created == ISO8601.parseInstant("2026-08-15T09:00:00Z"))
    }

    @Test func actionsBecomeHistoryOldestFirst() throws {
        let result = try Self.readSample()
        let board = try Self.board(result)
        // The one commentCard is a comment now, no longer an event.
        #expect(board.events.count == 15)
        let comments = board.cards.flatMap(\.comments)
        #expect(comments.map(\.text) == ["Can reproduce on 18.1 too"])
        #expect(comments.map(\.author) == ["jun"])
        #expect(zip(board.events, board.events.dropFirst()).allSatisfy { !($1.at < $0.at) })
        let login = board.cards.first { $0.title.hasPrefix("Login") }!.id
        let moves = board.events.filter { $0.card == login && $0.type == .moved }.map { "\($0.from!)>\($0.to!)" }
        #expect(moves == ["to-do>진행-중", "진행-중>review", "review>done"])
        #expect(board.events.contains { $0.type == .archived && $0.actor == "mina" })
        // copyCard and moveCardToBoard create cards too.
        #expect(board.events.filter { $0.type == .created }.count == 7)
        // The validator agrees with the history the reader built.
        #expect(BoardValidator.validate(board, sourceMap: result.sourceMap).filter { $0.severity == .error }.isEmpty)
    }

    @Test func unkeptActionsAndCutHistoryAreReportedOnce() throws {
        let d = try Self.readSample().diagnostics
        let notKept = d.filter { $0.code == .trelloActionsNotKept }
        #expect(notKept.count == 1)
        guard case .trelloActionsNotKept(let byType)? = notKept.first?.message as? ForeignMessage else { Issue.record("\(notKept)"); return }
        #expect(byType["createList"] == 1)
        #expect(d.filter { $0.code == .trelloHistoryCut }.count == 1)
        #expect(d.contains { $0.code == .trelloDeletedCardHistory })
        #expect(!d.contains { $0.severity == .error })
    }

    @Test func thousandActionsSayHistoryIsCut() throws {
        var actions: [String] = []
        for k in 0..<1000 {
            actions.append(#"{"id":"a\#(k)","type":"createCard","date":"2026-10-01T09:00:00.000Z","data":{"card":{"id":"c1"},"list":{"id":"l1"}}}"#)
        }
        let text = #"{"id":"b","name":"B","lists":[{"id":"l1","name":"To Do","closed":false,"pos":1}],"cards":[{"id":"c1","name":"x","idList":"l1"}],"actions":[\#(actions.joined(separator: ","))]}"#
        let d = TrelloReader().read(bytes: Array(text.utf8), file: "t.json").diagnostics
        #expect(d.contains { $0.message as? ForeignMessage == .trelloActionLimit(oldest: ISO8601.parseInstant("2026-10-01T09:00:00Z"), uncreated: 0) })
    }

    // MARK: Round trips

    @Test func trelloToBoardToTrelloToBoardGivesTheSameBoard() throws {
        let first = try Self.board(Self.readSample())
        let (bytes, warnings) = TrelloWriter().export(first)
        #expect(warnings.isEmpty)
        let second = try Self.board(TrelloReader().read(bytes: bytes, file: "again.json"))
        #expect(second == first)
    }

    @Test func sampleBoardSurvivesTrello() throws {
        let board = SampleBoard(cards: 60, weeks: 6, seed: 3).generate()
        let (bytes, _) = TrelloWriter().export(board)
        var back = try Self.board(TrelloReader().read(bytes: bytes, file: "s.json"))
        // The writer records label colours and field types it chose; nothing else changes.
        back.metadata = back.metadata.filter { !$0.key.hasPrefix(TrelloKeys.prefix) }
        #expect(back.states == board.states)
        #expect(back.events == board.events)
        #expect(back.cards == board.cards)
        #expect(back == board)
    }

    @Test func writtenExportPassesTheImporterShapeCheck() throws {
        let folder = try TemporaryFolder()
        let board = try Self.board(Self.readSample())
        let path = folder.path("trello.json")
        #expect(TrelloWriter().write(board, to: path, options: WriterOptions()).diagnostics.isEmpty)
        let out = try CommandRunner.python("foreign_trello_check.py", [path])
        #expect(out.status == 0, "\(out.stdoutText)\(out.stderr)")
        let summary = try #require(JSONSerialization.jsonObject(with: out.stdout) as? [String: Any])
        #expect(summary["lists"] as? [String] == board.states.map(\.name))
        let cards = try #require(summary["cards"] as? [String: [String: Any]])
        #expect(cards["Login screen crashes on iOS 18"]?["list"] as? String == "Done")
        #expect(cards["Login screen crashes on iOS 18"]?["checkItems"] as? [String] == ["Reproduce on iPhone 15", "Fix null session", "Regression test"])
        #expect(cards["푸시 알림 설정 화면"]?["labels"] as? [String] == ["iOS", "green"])
        #expect(cards["Old onboarding carousel"]?["closed"] as? Bool == true)
        // An action per event and per comment.
        #expect(summary["actions"] as? Int == board.events.count + 1)
    }

    @Test func handMadeFixtureHasTrellosShape() throws {
        // The oracle checks our fixture too, so the fixture is not shaped to our reader alone.
        let out = try CommandRunner.python("foreign_trello_check.py", [Self.samplePath])
        #expect(out.status == 0, "\(out.stdoutText)")
    }

    // MARK: Bad input

    private func read(_ text: String) -> ReadResult {
        TrelloReader().read(bytes: Array(text.utf8), file: "bad.json")
    }

    @Test func truncatedExportIsASyntaxErrorWithLineAndColumn() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.samplePath)))
        let result = TrelloReader().read(bytes: Array(bytes.prefix(bytes.count / 2)), file: "cut.json")
        #expect(result.board == nil)
        let d = try #require(result.diagnostics.first)
        #expect(d.code == .trelloJSONSyntax)
        #expect(d.location?.line != nil && d.location!.line! > 100)
    }

    @Test func cardInAMissingListIsAnErrorWithItsPath() throws {
        let r = read(#"{"id":"b","name":"B","lists":[{"id":"l1","name":"To Do"}],"cards":[{"id":"c1","name":"ok","idList":"l1"},{"id":"c2","name":"lost","idList":"nope"}],"actions":[]}"#)
        let d = try #require(r.diagnostics.first { $0.code == .trelloUnknownList })
        #expect(d.severity == .error)
        #expect(d.location?.path == "cards[1].idList")
        #expect(d.location?.line == 1)
        #expect(d.message as? ForeignMessage == .trelloUnknownList(card: "c2", list: "nope"))
    }

    @Test func actionForAMissingCardIsReportedWithItsPath() throws {
        let r = read(#"{"id":"b","name":"B","lists":[{"id":"l1","name":"To Do"}],"cards":[],"actions":[{"id":"a1","type":"updateCard","date":"2026-10-01T09:00:00.000Z","data":{"card":{"id":"ghost"},"old":{"name":"x"}}}]}"#)
        let board = try #require(r.board)
        #expect(board.events.isEmpty)
        let d = try #require(r.diagnostics.first { $0.code == .trelloActionUnknownCard })
        #expect(d.location?.path == "actions[0].data.card.id")
    }

    /// Checklists stream like the cards (6,002 here, several chunks): each card's in `pos` order
    /// whatever their place in the file, and those of cards the export lacks said once,
    /// located at the first of them.
    @Test func checklistsFindTheirCardsInPosOrderAndStraysAreLocated() throws {
        let cards = (0..<3_000).map { #"{"id":"c\#($0)","name":"card \#($0)","idList":"l1"}"# }
        var lists: [String] = []
        for k in 0..<3_000 {
            // Each card's second checklist comes first in the file, with the higher pos.
            lists.append(#"{"id":"x\#(k)","idCard":"c\#(k)","name":"second","pos":200,"checkItems":[{"name":"b","state":"complete","pos":2},{"name":"a","state":"incomplete","pos":1}]}"#)
            lists.append(#"{"id":"y\#(k)","idCard":"c\#(k)","name":"first","pos":100,"checkItems":[]}"#)
            if k == 1_500 { lists.append(#"{"id":"z1","idCard":"gone","name":"stray","checkItems":[]}"#) }
        }
        lists.append(#"{"id":"z2","idCard":"gone too","name":"stray","checkItems":[]}"#)
        let text = #"{"id":"b","name":"B","lists":[{"id":"l1","name":"To Do"}],"cards":["# + cards.joined(separator: ",")
            + #"],"checklists":[\#n"# + lists.joined(separator: ",\n") + #"],"actions":[]}"#
        let r = read(text)
        let board = try #require(r.board)
        #expect(board.cards.count == 3_000)
        for card in board.cards {
            #expect(card.checklists.map(\.name) == ["first", "second"])
            #expect(card.checklists[1].items.map(\.text) == ["a", "b"])
            #expect(card.checklists[1].items.map(\.done) == [false, true])
        }
        let strays = r.diagnostics.filter { $0.code == .trelloUnknownReference }
        #expect(strays.count == 1)
        #expect(strays.first?.message as? ForeignMessage == .trelloOrphanChecklists(2))
        #expect(strays.first?.location?.path == "checklists[3002]")
        #expect(strays.first?.location?.line == 3_004)
    }

    @Test func notABoardAndWrongTypesAreErrors() throws {
        #expect(read("[1,2]").diagnostics.first?.code == .trelloNotABoard)
        let r = read(#"{"lists":[{"id":"l1","name":7}],"cards":[{"id":"c1","name":"x","idList":"l1","due":"tomorrow"}]}"#)
        #expect(r.diagnostics.contains { $0.code == .trelloWrongType && $0.location?.path == "lists[0].name" })
        #expect(r.diagnostics.contains { $0.code == .trelloInvalidDate && $0.location?.path == "cards[0].due" })
    }

    @Test func sniffing() throws {
        let head = try Array(Data(contentsOf: URL(fileURLWithPath: Self.samplePath)).prefix(65536))
        #expect(TrelloReader().recognizes(head: head))
        #expect(TrelloReader().recognizes(head: TrelloWriter().export(Board()).0))
        #expect(!TrelloReader().recognizes(head: Array(#"{"format": "boardkit/1", "board": {}, "states": [], "cards": []}"#.utf8)))
        #expect(!TrelloReader().recognizes(head: Array(#"[{"uuid": "x", "status": "pending"}]"#.utf8)))
    }
}
