import Testing
@testable import BoardModel
@testable import BoardIO
@testable import BoardValidation

/// A large board's card and event checks run on several cores; the diagnostics must still come
/// as one pass lists them: cards in order, then events in order, then the history checks.
@Suite("Validation on several cores")
struct ParallelValidationTests {
    @Test("a large board's diagnostics come in board order")
    func order() {
        let t0 = ISO8601.parseInstant("2026-11-02T09:00:00Z")!
        var cards: [Card] = []
        var events: [Event] = []
        for i in 0..<8_000 {
            let id = "c\(i)"
            cards.append(Card(id: id, title: "Card \(i)", state: "todo", created: t0))
            events.append(Event(card: id, at: t0.adding(seconds: Int64(i)), type: .created, to: "todo"))
            events.append(Event(card: id, at: t0.adding(seconds: Int64(i) + 1), type: .updated))
        }
        cards[7_500].state = "nowhere"
        cards[10].title = " "
        cards[3_000].id = "c2"
        events[12_345].card = "ghost"
        events[20].to = "limbo"
        events[15_000].at = t0
        var board = Board(cards: cards, events: events)
        board.cards[6_000].state = "doing"

        // One worker runs the checks one after the other; several run them at once and must
        // give the same diagnostics in the same order.
        let found = Parallelism.withWorkers(4) { BoardValidator.validate(board, sourceMap: PathSourceMap(file: "b.json")) }
        let alone = Parallelism.withWorkers(1) { BoardValidator.validate(board, sourceMap: PathSourceMap(file: "b.json")) }
        #expect(found.map(\.description) == alone.map(\.description))
        let paths = found.map { $0.location?.path ?? "" }
        // c3000 renamed c2: its two events name a card the board lacks. Card 10's creation
        // now goes to "limbo", and card 7500 is not where it was created: both contradict.
        #expect(paths == [
            "cards[10].title", "cards[3000].id", "cards[7500].state",
            "events[20].to", "events[6000].card", "events[6001].card", "events[12345].card", "events[15000].at",
            "cards[10].state", "cards[6000].state", "cards[7500].state",
        ], "\(found.map(\.description))")
        #expect(found.map(\.code) == [.blankTitle, .duplicateCardID, .unknownState,
                                      .eventUnknownState, .eventUnknownCard, .eventUnknownCard, .eventUnknownCard,
                                      .eventsOutOfOrder,
                                      .stateContradictsHistory, .stateContradictsHistory, .stateContradictsHistory])
    }
}
