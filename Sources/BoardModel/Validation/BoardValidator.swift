/// The one set of rules every reader's board goes through, so a date, a state or a missing
/// title is judged the same whatever the file was.
public enum BoardValidator {
    /// Checks a board; diagnostics point into the source through `sourceMap`.
    public static func validate(_ board: Board, sourceMap: any SourceMap) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ code: DiagnosticCode, _ message: String, _ path: ModelPath) {
            out.append(Diagnostic(code, message, at: sourceMap.location(of: path)))
        }

        let zone = board.zone
        if zone == nil {
            report(.invalidTimeZone, "'\(board.timeZone)' is not an IANA time-zone name (such as 'Asia/Seoul' or 'UTC')",
                   .board(field: "timezone"))
        }

        // States.
        if board.states.isEmpty { report(.noStates, "the board defines no states", .board(field: nil)) }
        var categories: [String: StateCategory] = [:]
        categories.reserveCapacity(board.states.count)
        for (i, s) in board.states.enumerated() {
            if categories[s.id] != nil {
                report(.duplicateStateID, "state id '\(s.id)' is defined twice", .state(index: i, field: "id"))
            } else {
                categories[s.id] = s.category
            }
        }

        // Cards.
        var cardIndex: [String: Int] = [:]
        cardIndex.reserveCapacity(board.cards.count)
        for (i, c) in board.cards.enumerated() {
            if c.id.isEmpty {
                report(.blankCardID, "card has an empty id", .card(index: i, field: "id"))
            } else if let first = cardIndex[c.id] {
                report(.duplicateCardID, "card id '\(c.id)' is already used by cards[\(first)]",
                       .card(index: i, field: "id"))
            } else {
                cardIndex[c.id] = i
            }
            if c.title.allSatisfy(\.isWhitespace) {
                report(.blankTitle, "card '\(c.id)' has no title", .card(index: i, field: "title"))
            }
            let category = categories[c.state]
            if category == nil {
                report(.unknownState, "card '\(c.id)' is in state '\(c.state)', which the board does not define (states: \(board.states.map(\.id).joined(separator: ", ")))",
                       .card(index: i, field: "state"))
            }
            if let created = c.created {
                if let due = c.due, let zone, due.overdueFrom(in: zone) <= created {
                    report(.dueBeforeCreated, "card '\(c.id)' is due \(due) but was created \(created)",
                           .card(index: i, field: "due"))
                }
                if let done = c.completed, done < created {
                    report(.completedBeforeCreated, "card '\(c.id)' was completed \(done) before it was created \(created)",
                           .card(index: i, field: "completed"))
                }
            }
            if category == .done && c.completed == nil {
                report(.doneWithoutCompletion, "card '\(c.id)' is in done state '\(c.state)' but has no completion time",
                       .card(index: i, field: "completed"))
            }
        }

        // Events: known cards and states, time order, and agreement with the cards' states.
        // `lastMove[card]` is the index of the latest create/move event for that card.
        var lastMove = [Int](repeating: -1, count: board.cards.count)
        var previous: Instant?
        var outOfOrder = 0
        for (i, e) in board.events.enumerated() {
            let card = cardIndex[e.card]
            if card == nil {
                report(.eventUnknownCard, "event names card '\(e.card)', which the board does not have",
                       .event(index: i, field: "card"))
            }
            if let from = e.from, categories[from] == nil {
                report(.eventUnknownState, "event moves a card from state '\(from)', which the board does not define",
                       .event(index: i, field: "from"))
            }
            if let to = e.to, categories[to] == nil {
                report(.eventUnknownState, "event moves a card to state '\(to)', which the board does not define",
                       .event(index: i, field: "to"))
            }
            if let previous, e.at < previous {
                outOfOrder += 1
                // One diagnostic per disorder would bury the rest on a shuffled file.
                if outOfOrder <= 10 {
                    report(.eventsOutOfOrder, "event at \(e.at) comes after one at \(previous)",
                           .event(index: i, field: "at"))
                }
            }
            if previous == nil || previous! < e.at { previous = e.at }
            if let card, e.to != nil, e.type == .created || e.type == .moved {
                let last = lastMove[card]
                if last < 0 || !(e.at < board.events[last].at) { lastMove[card] = i }
            }
        }
        if outOfOrder > 10 {
            out.append(Diagnostic(.eventsOutOfOrder, "\(outOfOrder) events in all are out of time order (the first 10 are listed)",
                                  at: sourceMap.location(of: .board(field: nil))))
        }
        for (card, last) in lastMove.enumerated() where last >= 0 {
            let c = board.cards[card]
            let to = board.events[last].to!
            if c.state != to {
                report(.stateContradictsHistory, "card '\(c.id)' is in '\(c.state)' but its last move (events[\(last)]) took it to '\(to)'",
                       .card(index: card, field: "state"))
            }
        }
        return out
    }
}
