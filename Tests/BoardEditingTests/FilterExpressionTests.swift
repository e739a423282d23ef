import BoardModel
import BoardEditing
import Testing

/// `--where` and the feeds' query: one grammar, one meaning, each rule once.
@Suite("filter expression")
struct FilterExpressionTests {
    // 2026-11-24T14:30Z: 23:30 on Tuesday the 24th in Seoul.
    let now = Instant(epochSeconds: 1_795_530_600)

    let board: Board = {
        var board = Board(id: "b", name: "Team", timeZone: "Asia/Seoul", states: [
            BoardState(id: "todo", name: "To do", category: .todo),
            BoardState(id: "doing", name: "In progress", category: .doing),
            BoardState(id: "done", name: "Done", category: .done),
        ])
        func card(_ id: String, _ state: String, due: String?, labels: [String] = [], people: [String] = []) -> Card {
            var c = Card(id: id, title: "Card \(id)", state: state)
            c.due = due.flatMap { DueDate(iso: $0) }
            c.labels = labels
            c.assignees = people
            return c
        }
        board.cards = [
            card("a", "todo", due: "2026-11-20", labels: ["bug"], people: ["mina"]),   // overdue
            card("b", "doing", due: "2026-11-24", labels: ["ui, web"], people: ["jisoo"]), // today
            card("c", "todo", due: "2026-11-28", people: ["mina"]),                     // this week
            card("d", "done", due: "2026-11-10", labels: ["bug"], people: ["mina"]),   // done: never overdue
            card("e", "todo", due: nil, labels: ["Login page"]),
        ]
        board.events = [Event(card: "a", at: Instant(epochSeconds: 1_795_000_000), type: .created, to: "todo"),
                        Event(card: "e", at: Instant(epochSeconds: 1_795_000_000), type: .created, to: "todo")]
        return board
    }()

    func ids(_ text: String) -> [String]? {
        guard case .success(let filter) = FilterExpression.parse(text).flatMap({ $0.filter(on: board, now: now) }) else { return nil }
        return board.keeping(filter, now: now).cards.map(\.id)
    }

    func problem(_ text: String) -> FilterProblem? {
        if case .failure(let p) = FilterExpression.parse(text).flatMap({ $0.filter(on: board, now: now) }) { return p }
        return nil
    }

    @Test func wordsAreFoundInTheConversationToo() {
        var board = self.board
        board.cards[2].comments = [CardComment(id: "c1", at: now, text: "Okta first, 다음은 Azure.")]
        board.cards[3].checklists = [Checklist(name: "Launch", items: [ChecklistItem(text: "Tell OKTA support")])]
        guard case .success(let filter) = FilterExpression.parse("text~okta").flatMap({ $0.filter(on: board, now: now) }) else {
            Issue.record("text~okta is a filter")
            return
        }
        #expect(board.keeping(filter, now: now).cards.map(\.id) == ["c", "d"])
    }

    @Test func eachConditionNamesItsCards() {
        #expect(ids("") == ["a", "b", "c", "d", "e"])
        #expect(ids("assignee=mina") == ["a", "c", "d"])
        #expect(ids("label=bug") == ["a", "d"])
        #expect(ids("label=\"ui, web\"") == ["b"])
        #expect(ids("text~LOGIN") == ["e"])
        #expect(ids("text=card b") == ["b"])
        #expect(ids("state=doing") == ["b"])
        #expect(ids("state=in PROGRESS") == ["b"])
        #expect(ids("due=overdue") == ["a"])
        #expect(ids("due=today") == ["b"])
        #expect(ids("due=week") == ["b", "c"])
        #expect(ids("due=none") == ["e"])
    }

    @Test func conditionsAllHoldAndDueDaysMakeRanges() {
        #expect(ids("assignee=mina, label=bug") == ["a", "d"])
        #expect(ids(" assignee = mina , due=overdue ") == ["a"])
        #expect(ids("due<2026-11-24") == ["a", "d"])
        #expect(ids("due<=today") == ["a", "b", "d"])
        #expect(ids("due>2026-11-20,due<=+4d") == ["b", "c"])
        #expect(ids("due>=2026-11-24") == ["b", "c"])
        #expect(ids("due=2026-11-28") == ["c"])
        #expect(ids("due=saturday") == ["c"])
    }

    @Test func aTypoIsSaidWithWhatTheBoardHas() {
        #expect(problem("assignee=mian") == .unknownName(.assignee, "mian", has: ["jisoo", "mina"], column: 1))
        #expect(problem("label=bug,label=Bug") == .twice(.label, column: 11))
        #expect(problem("due=week,label=Bugs") == .unknownName(.label, "Bugs", has: ["Login page", "bug", "ui, web"], column: 10))
        #expect(problem("state=doign") == .unknownName(.state, "doign", has: ["To do", "In progress", "Done"], column: 1))
        #expect(problem("owner=mina") == .unknownKey("owner", column: 1))
        #expect(problem("mina") == .notACondition("mina", column: 1))
        #expect(problem("label<bug") == .relation(.label, .before, allowed: [.equals], column: 1))
        #expect(problem("due=someday") == .notADate("someday", column: 1))
        #expect(problem("due=week,due<2026-12-01") == .twice(.due, column: 10))
        #expect(problem("due>2026-12-01,due>2026-12-02") == .twice(.due, column: 16))
        #expect(FilterProblem.unknownName(.assignee, "mian", has: ["jisoo", "mina"], column: 1).diagnostic(in: "--where").description
            == "--where:1:1: error: the board has no assignee 'mian'; it has 'jisoo', 'mina' [filter-invalid]")
    }

    /// The Korean page says each problem in Korean, keys and values as typed.
    @Test func eachProblemIsSaidInKoreanToo() {
        #expect(problem("assignee=mian")?.koreanText == "보드에 담당자 'mian'이(가) 없습니다. 있는 것: 'jisoo', 'mina'")
        #expect(problem("due=someday")?.koreanText.hasPrefix("마감 'someday'은(는) overdue, today, week, none도 날짜도 아닙니다.") == true)
        #expect(problem("label<bug")?.koreanText == "label에는 label=만 쓸 수 있습니다 (label< 아님)")
        #expect(FilterProblem.unknownName(.label, "x", has: [], column: 1).koreanText == "보드에 라벨 'x'이(가) 없습니다. 보드의 카드에 라벨 값이 하나도 없습니다")
        let cases: [FilterProblem] = [.notACondition("mina", column: 1), .unknownKey("owner", column: 1), .twice(.due, column: 1)]
        for p in cases { #expect(!p.koreanText.isEmpty && p.koreanText != p.text && p.koreanText.unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }) }
    }

    @Test func aQueryIsTheSameConditions() {
        let query = FilterExpression.query([("assignee", "mina"), ("due", "week"), ("lang", "ko"), ("label", "")])
        #expect(query == .success(FilterExpression(conditions: [
            .init(key: .assignee, relation: .equals, value: "mina"), .init(key: .due, relation: .equals, value: "week")])))
        #expect((try? FilterExpression.query([("q", "login")]).get())?.conditions.first?.relation == .contains)
        #expect((try? FilterExpression.query([("where", "state=doing,due<2026-12-01")]).get())?.conditions.count == 2)
    }

    @Test func aFilterIsSaidBackAsWritten() throws {
        #expect(try FilterExpression.parse(" assignee = mina ,label=\"a, b\",due<=+3d").get().description
            == "assignee=mina, label=\"a, b\", due<=+3d")
    }

    @Test func aNarrowedBoardKeepsEveryStateAndOnlyItsCardsEvents() throws {
        let filter = try FilterExpression.parse("label=bug").get().filter(on: board, now: now).get()
        let narrowed = board.keeping(filter, now: now)
        #expect(narrowed.states == board.states)
        #expect(narrowed.events.map(\.card) == ["a"])
    }

    @Test func aStateIsNamedByItsIdOrItsNameInAnyCase() {
        var board = self.board
        board.states.append(BoardState(id: "review", name: "Doing", category: .doing))
        #expect(board.state(named: "IN progress")?.id == "doing")
        // An id wins over another state's name.
        #expect(board.state(named: "doing")?.id == "doing")
        #expect(board.state(named: "Review")?.id == "review")
        #expect(board.state(named: "nope") == nil)
    }
}
