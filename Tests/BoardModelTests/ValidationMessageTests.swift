import Testing
import BoardValidation
import BoardModel
import BoardIO

/// The one place the validator's wording is pinned: each rule as users read it.
@Suite("ValidationMessage")
struct ValidationMessageTests {
    @Test("every case's wording")
    func wording() {
        let t0 = ISO8601.parseInstant("2026-11-02T09:00:00Z")!, t1 = ISO8601.parseInstant("2026-11-02T10:00:00+09:00")!
        let due = DueDate.date(CalendarDate(year: 2026, month: 10, day: 1)!)
        let cases: [(ValidationMessage, String)] = [
            (.invalidTimeZone("Seoul"), "'Seoul' is not an IANA time-zone name (such as 'Asia/Seoul' or 'UTC')"),
            (.noStates, "the board defines no states"),
            (.duplicateStateID("todo"), "state id 'todo' is defined twice"),
            (.blankCardID, "card has an empty id"),
            (.duplicateCardID("a", first: 0), "card id 'a' is already used by cards[0]"),
            (.blankTitle(card: "d"), "card 'd' has no title"),
            (.unknownState(card: "c", state: "qa", defined: ["todo", "doing", "done"]),
             "card 'c' is in state 'qa', which the board does not define (states: todo, doing, done)"),
            (.dueBeforeCreated(card: "a", due: due, created: t0), "card 'a' is due 2026-10-01 but was created 2026-11-02T09:00:00Z"),
            (.completedBeforeCreated(card: "b", completed: t1, created: t0),
             "card 'b' was completed 2026-11-02T10:00:00+09:00 before it was created 2026-11-02T09:00:00Z"),
            (.doneWithoutCompletion(card: "e", state: "done"), "card 'e' is in done state 'done' but has no completion time"),
            (.eventUnknownCard("zz"), "event names card 'zz', which the board does not have"),
            (.eventFromUnknownState("x"), "event moves a card from state 'x', which the board does not define"),
            (.eventToUnknownState("nowhere"), "event moves a card to state 'nowhere', which the board does not define"),
            (.eventOutOfOrder(at: t1, after: t0), "event at 2026-11-02T10:00:00+09:00 comes after one at 2026-11-02T09:00:00Z"),
            (.eventsOutOfOrder(count: 12, listed: 10), "12 events in all are out of time order (the first 10 are listed)"),
            (.stateContradictsHistory(card: "a", state: "todo", event: 2, movedTo: "doing"),
             "card 'a' is in 'todo' but its last move (events[2]) took it to 'doing'"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }

    @Test("both ends of a move name one code")
    func eventStateCode() {
        #expect(ValidationMessage.eventFromUnknownState("x").code == .eventUnknownState)
        #expect(ValidationMessage.eventToUnknownState("x").code == .eventUnknownState)
    }
}
