import BoardKit
import BoardModel
import BoardStore
import Testing

/// `boardkit show`'s text: columns that line up with Korean titles, due marks, WIP limits.
@Suite("show text")
struct ShowTextTests {
    @Test func widthsCountHangulAsTwoColumns() {
        #expect(TerminalText.width("Fix login") == 9)
        #expect(TerminalText.width("로그인") == 6)
        #expect(TerminalText.width("e\u{301}") == 1, "a combining accent takes no column")
        #expect(TerminalText.fit("로그인 화면", 8) == "로그인 …")
        #expect(TerminalText.width(TerminalText.fit("로그인 화면 고치기", 10)) == 10)
        #expect(TerminalText.fit("ab", 4) == "ab  ")
    }

    @Test func cardsLineUpAndDueDatesAreMarked() {
        let seoul = Zone.named("Asia/Seoul")!
        let now = seoul.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 24)!, hour: 10))
        var board = Board(id: "t", name: "Team", timeZone: "Asia/Seoul", states: [
            BoardState(id: "todo", name: "To do", category: .todo),
            BoardState(id: "doing", name: "Doing", category: .doing, wipLimit: 1),
            BoardState(id: "done", name: "Done", category: .done),
        ])
        func card(_ n: Int64, _ title: String, _ state: String, due: String?) -> StoredCard {
            var c = Card(id: "c\(n)", title: title, state: state)
            c.due = due.flatMap { DueDate(iso: $0) }
            return StoredCard(number: n, card: c, present: true)
        }
        board.cards = []
        let cards = [
            card(1, "Fix login", "todo", due: "2026-11-22"),
            card(2, "로그인 화면", "doing", due: "2026-11-24"),
            card(3, "Docs", "doing", due: "2026-11-27"),
            card(12, "Ship", "done", due: "2026-11-01"),
        ]
        let text = BoardShowText(board: board, cards: cards, now: now, color: false).render()
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("Doing  2/1 over the limit"))
        let fix = lines.first { $0.contains("Fix login") }!, korean = lines.first { $0.contains("로그인") }!
        #expect(fix.contains("due 2026-11-22 (Sun) (overdue 2d)"))
        #expect(korean.contains("due 2026-11-24 (Tue) (today)"))
        #expect(lines.first { $0.contains("Docs") }!.contains("(in 3d)"))
        #expect(lines.first { $0.contains("Ship") }!.hasSuffix("due 2026-11-01 (Sun)"), "a done card's due is not marked")
        // The due column starts at the same terminal column whatever the title's script.
        func dueColumn(_ line: String) -> Int { TerminalText.width(String(line[..<line.range(of: "due ")!.lowerBound])) }
        #expect(dueColumn(fix) == dueColumn(korean))
        #expect(!text.contains("\u{1B}["))
        #expect(BoardShowText(board: board, cards: cards, now: now, color: true).render().contains("\u{1B}[31mdue 2026-11-22"))
    }
}
