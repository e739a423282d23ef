import Testing
@testable import BoardModel
@testable import BoardIO
@testable import BoardValidation

@Suite("Validation")
struct ValidatorTests {
    let t0 = ISO8601.parseInstant("2026-11-02T09:00:00Z")!

    func codes(_ board: Board) -> [String] {
        BoardValidator.validate(board, sourceMap: PathSourceMap(file: "b.json")).map(\.code.id)
    }

    func card(_ id: String, state: String = "todo", title: String = "T") -> Card {
        Card(id: id, title: title, state: state, created: t0)
    }

    @Test func aGoodBoardHasNoDiagnostics() {
        var b = Board(timeZone: "Asia/Seoul", cards: [card("a"), card("b", state: "done")])
        b.cards[1].completed = t0.adding(seconds: 3600)
        b.events = [Event(card: "a", at: t0, type: .created, to: "todo"),
                    Event(card: "b", at: t0, type: .created, to: "todo"),
                    Event(card: "b", at: t0.adding(seconds: 3600), type: .moved, from: "todo", to: "done")]
        #expect(codes(b).isEmpty)
    }

    @Test func everyModelRuleHasItsCode() {
        var b = Board(timeZone: "Seoul", cards: [card("a"), card("a"), card("c", state: "qa"), card("d", title: "  "),
                                                 card("e", state: "done"), card("")])
        b.cards[0].due = .date(CalendarDate(year: 2026, month: 10, day: 1)!)
        b.cards[1].completed = t0.adding(seconds: -60)
        b.events = [Event(card: "zz", at: t0, type: .created, to: "todo"),
                    Event(card: "a", at: t0.adding(seconds: 60), type: .moved, from: "todo", to: "nowhere"),
                    Event(card: "a", at: t0, type: .moved, from: "todo", to: "doing")]
        b.states.append(BoardState(id: "todo", name: "Again", category: .todo))
        let found = Set(codes(b))
        for expected in ["invalid-time-zone", "duplicate-card-id", "unknown-state", "blank-title",
                         "done-without-completion", "blank-card-id", "event-unknown-card",
                         "event-unknown-state", "events-out-of-order", "state-contradicts-history",
                         "duplicate-state-id", "completed-before-created"] {
            #expect(found.contains(expected), "missing \(expected)")
        }
        // due-before-created needs a valid zone to place the date.
        b.timeZone = "UTC"
        #expect(codes(b).contains("due-before-created"))
    }

    @Test func diagnosticsPointIntoTheSource() {
        let b = Board(cards: [card("a"), card("a")])
        let d = BoardValidator.validate(b, sourceMap: PathSourceMap(file: "b.json"))
        #expect(d.first?.message as? ValidationMessage == .duplicateCardID("a", first: 0))
        #expect(d.first?.location == SourceLocation(file: "b.json", path: "cards[1].id"))
        #expect(d.first?.severity == .error)
    }

    @Test func strictRaisesWarnings() {
        let d = [Diagnostic(ValidationMessage.blankTitle(card: "x"))]
        #expect(!d.hasErrors)
        #expect(d.strict().hasErrors)
    }
}
