import BoardEditing
import BoardModel
import Testing

/// Each rule of what a person may type into a card, once: the terminal and the page both
/// call these (their own tests check that they say the problem naming their flag or field).
@Suite("what a card field takes")
struct CardTextTests {
    @Test func aTitleIsOneTrimmedLineOfAtMost500Characters() {
        #expect(CardText.title("  Fix login \n") == .success("Fix login"))
        #expect(CardText.title("   ") == .failure(.empty))
        #expect(CardText.title(String(repeating: "가", count: 500)) == .success(String(repeating: "가", count: 500)))
        #expect(CardText.title(String(repeating: "a", count: 501)) == .failure(.tooLong(count: 501, limit: 500)))
        #expect(CardText.title("a\u{0}b") == .failure(.controlCharacter(scalar: 0)))
        #expect(CardText.title("two\nlines") == .failure(.controlCharacter(scalar: 0x0A)))
        #expect(CardText.title("\u{1B}[31mred") == .failure(.controlCharacter(scalar: 0x1B)))
        #expect(CardText.title("a\u{85}b") == .failure(.controlCharacter(scalar: 0x85)))
        // Right-to-left text is text (the page isolates it where it is shown).
        #expect(CardText.title("\u{202E}reversed") == .success("\u{202E}reversed"))
    }

    @Test func notesKeepLinesAndTabsOnly() {
        #expect(CardText.body("line 1\r\n\tline 2") == .success("line 1\r\n\tline 2"))
        #expect(CardText.body("bell\u{7}") == .failure(.controlCharacter(scalar: 7)))
    }

    @Test func labelsAndAssigneesAreShortLinesAndNotTooMany() {
        #expect(CardText.items([" bug ", "", "ui"]) == .success(["bug", "ui"]))
        #expect(CardText.items([String(repeating: "x", count: 101)]) == .failure(.tooLong(count: 101, limit: 100)))
        #expect(CardText.items(["a\tb"]) == .failure(.controlCharacter(scalar: 9)))
        #expect(CardText.items((1...51).map { "l\($0)" }) == .failure(.tooMany(count: 51, limit: 50)))
        #expect(CardText.items((1...50).map { "l\($0)" }).map(\.count) == .success(50))
    }

    @Test func aLinkIsKeptAsTypedAndANameIsRefusedNotCut() {
        #expect(CardText.url(" www.example.com/x ") == .success("www.example.com/x"))
        #expect(CardText.url("") == .success(""))
        #expect(CardText.name(String(repeating: "m", count: 101)) == .failure(.tooLong(count: 101, limit: 100)))
        #expect(CardText.name("mina") == .success("mina"))
    }

    @Test func problemsAreSaidAfterTheFieldsName() {
        #expect(CardText.Problem.tooLong(count: 600, limit: 500).sentence == "is 600 characters; at most 500")
        #expect(CardText.Problem.controlCharacter(scalar: 0).sentence == "holds a control character (U+0000), which no card field takes")
        #expect(CardText.Problem.tooMany(count: 3000, limit: 50).sentence == "has 3000 entries; at most 50 on one card")
    }

    @Test func aProblemIsKeptAsACodeAndSaidInKoreanToo() {
        let problems: [CardText.Problem] = [.empty, .tooLong(count: 600, limit: 500), .controlCharacter(scalar: 0x0A), .tooMany(count: 51, limit: 50)]
        for problem in problems { #expect(CardText.Problem(code: problem.code) == problem) }
        #expect(CardText.Problem.tooLong(count: 600, limit: 500).code == "too-long 600 500")
        for bad in ["", "too-long 600", "control x", "control -1", "nonsense 1 2"] { #expect(CardText.Problem(code: bad) == nil) }
        #expect(CardText.Problem.controlCharacter(scalar: 0x0A).koreanSentence == "제어 문자(U+000A)가 들어 있습니다")
        #expect(CardText.Problem.tooLong(count: 600, limit: 500).koreanSentence == "600자입니다. 최대 500자까지입니다")
    }
}

/// `+a,-b,c`: the terminal's way to change labels and assignees.
@Suite("list edits")
struct ListEditTests {
    @Test func plusAddsMinusRemovesAndABareNameAdds() {
        let parsed = ListEdit.parse(["+ui, -bug", "backend,,", " -old "])
        #expect(parsed.add == ["ui", "backend"])
        #expect(parsed.remove == ["bug", "old"])
        #expect(ListEdit.parse(["+", "-", ""]) == ([], []))
    }

    /// The page and sync send a whole new list; the log keeps adds and removes.
    @Test func aWholeNewListBecomesAddsAndRemoves() {
        let change = ListEdit.change(from: ["bug", "ui", "old"], to: ["ui", "new", "bug"])
        #expect(change.add == ["new"])
        #expect(change.remove == ["old"])
        #expect(ListEdit.change(from: [1, 2], to: [1, 2]) == ([], []))
        #expect(ListEdit.change(from: [], to: ["a"]) == (["a"], []))
    }
}

/// A new card from the terminal or the page: the state asked for, else the board's first.
@Suite("new cards")
struct NewCardTests {
    let board = Board(name: "b", states: [BoardState(id: "todo", name: "To do", category: .todo),
                                          BoardState(id: "done", name: "Done", category: .done)])

    @Test func aNewCardGoesWhereAskedElseToTheFirstState() {
        let first = NewCard.draft(title: "Write", body: "", in: nil, of: board)
        #expect(first?.state == "todo")
        #expect(first?.title == "Write")
        #expect(first?.due == nil && first?.labels == [] && first?.position == nil)
        #expect(NewCard.draft(title: "Ship", body: "now", in: board.states[1], of: board)?.state == "done")
        #expect(NewCard.draft(title: "Lost", body: "", in: nil, of: Board(name: "empty", states: [])) == nil)
    }
}
