import BoardIO
import BoardModel

/// The one set of rules every reader's board goes through, so a date, a state or a missing
/// title is judged the same whatever the file was.
public enum BoardValidator {
    /// Checks a board; diagnostics point into the source through `sourceMap`.
    public static func validate(_ board: Board, sourceMap: any SourceMap) -> [Diagnostic] {
        findings(board).map { $0.diagnostic(sourceMap) }
    }

    /// Every rule broken, with the place in the model it concerns, in report order.
    static func findings(_ board: Board) -> [Finding] {
        var out: [Finding] = []
        func report(_ message: ValidationMessage, _ path: ModelPath) {
            out.append(Finding(message: message, path: path))
        }

        let zone = board.zone
        if zone == nil {
            report(.invalidTimeZone(board.timeZone), .board(field: "timezone"))
        }

        // States. Ids are looked up in IDIndex tables (millions of look-ups for the events):
        // a position, or nil for an id the board does not define.
        if board.states.isEmpty { report(.noStates, .board(field: nil)) }
        let stateIndex = IDIndex(states: board.states)
        for (i, s) in board.states.enumerated() where stateIndex.find(s.id) != i {
            report(.duplicateStateID(s.id), .state(index: i, field: "id"))
        }

        // The card checks and the event checks read the board and the id tables only, so a
        // large board runs them at once (`concurrently`); findings get their locations
        // afterwards, in the same order as one pass would give.
        let cardIndex = IDIndex(cards: board.cards)
        let parallel = board.cards.count + board.events.count >= 20_000
        // Every event's card first, on all cores (the look-ups took most of the events' pass
        // on a million cards, which made it far longer than the cards' pass beside it).
        let cardOf = board.events.withUnsafeBufferPointer { cardIndex.positionsOnAllCores(ofCardsOf: $0) }
        let cards = { @Sendable in checkCards(board, zone, cardIndex, stateIndex) }
        let events = { @Sendable in checkEvents(board, cardOf, stateIndex) }
        let (cardFindings, eventFindings) = parallel ? concurrently(cards, events) : (cards(), events())
        return out + cardFindings + eventFindings
    }

    /// A problem found, before it is given a location.
    struct Finding: Sendable {
        var message: ValidationMessage
        var path: ModelPath

        var code: DiagnosticCode { message.code }

        func diagnostic(_ sourceMap: any SourceMap) -> Diagnostic {
            Diagnostic(message, at: sourceMap.location(of: path))
        }
    }

    /// Every card's rules. Cards are read field by field in place (`cards[i].id`): iterating
    /// `for c in board.cards` copies every card, retaining and releasing all its strings,
    /// which cost more than the checks themselves.
    private static func checkCards(_ board: Board, _ zone: Zone?, _ cardIndex: IDIndex,
                                   _ stateIndex: IDIndex) -> [Finding] {
        var found: [Finding] = []
        board.cards.withUnsafeBufferPointer { cards in
            for i in cards.indices {
                checkCard(cards, i, board, zone, cardIndex, stateIndex) { found.append(Finding(message: $0, path: $1)) }
            }
        }
        return found
    }

    /// Events: known cards and states, time order, and agreement with the cards' states.
    /// `cardOf` is each event's card (-1 for none).
    private static func checkEvents(_ board: Board, _ cardOf: [Int32], _ stateIndex: IDIndex) -> [Finding] {
        var found: [Finding] = []
        func report(_ message: ValidationMessage, _ path: ModelPath) {
            found.append(Finding(message: message, path: path))
        }
        // `lastMove[card]`: the latest create/move event for that card and its time, side by
        // side so that checking it is one memory access.
        var lastMove = [(at: Int64, event: Int32)](repeating: (.min, -1), count: board.cards.count)
        var latest = Int64.min  // the latest event time so far, in epoch milliseconds
        var latestAt: Instant?  // the same, with its offset, for the message
        var outOfOrder = 0
        board.events.withUnsafeBufferPointer { events in
            for i in events.indices {
                let card = cardOf[i] >= 0 ? Int(cardOf[i]) : nil
                if card == nil {
                    report(.eventUnknownCard(events[i].card), .event(index: i, field: "card"))
                }
                if let from = events[i].from, stateIndex.find(from) == nil {
                    report(.eventFromUnknownState(from), .event(index: i, field: "from"))
                }
                if let to = events[i].to, stateIndex.find(to) == nil {
                    report(.eventToUnknownState(to), .event(index: i, field: "to"))
                }
                let at = events[i].at.epochMilliseconds
                if at < latest {
                    outOfOrder += 1
                    // One diagnostic per disorder would bury the rest on a shuffled file.
                    if outOfOrder <= 10 {
                        report(.eventOutOfOrder(at: events[i].at, after: latestAt!), .event(index: i, field: "at"))
                    }
                } else {
                    latest = at
                    latestAt = events[i].at
                }
                let type = events[i].type
                if let card, events[i].to != nil, type == .created || type == .moved {
                    let last = lastMove[card]
                    if last.event < 0 || !(at < last.at) { lastMove[card] = (at, Int32(truncatingIfNeeded: i)) }
                }
            }
        }
        if outOfOrder > 10 {
            report(.eventsOutOfOrder(count: outOfOrder, listed: 10), .board(field: nil))
        }
        for (card, move) in lastMove.enumerated() where move.event >= 0 {
            let last = Int(move.event)
            let state = board.cards[card].state
            let to = board.events[last].to!
            if state != to {
                report(.stateContradictsHistory(card: board.cards[card].id, state: state, event: last, movedTo: to),
                       .card(index: card, field: "state"))
            }
        }
        return found
    }

    /// The rules for one card: its id, title, state and dates.
    @inline(__always)
    private static func checkCard(_ cards: UnsafeBufferPointer<Card>, _ i: Int, _ board: Board, _ zone: Zone?,
                                  _ cardIndex: IDIndex, _ stateIndex: IDIndex,
                                  _ report: (ValidationMessage, ModelPath) -> Void) {
        let id = cards[i].id
        if id.isEmpty {
            report(.blankCardID, .card(index: i, field: "id"))
        } else if let first = cardIndex.find(id), first != i {
            report(.duplicateCardID(id, first: first), .card(index: i, field: "id"))
        }
        if isBlank(cards[i].title) {
            report(.blankTitle(card: id), .card(index: i, field: "title"))
        }
        let state = cards[i].state
        let category = stateIndex.find(state).map { board.states[$0].category }
        if category == nil {
            report(.unknownState(card: id, state: state, defined: board.states.map(\.id)), .card(index: i, field: "state"))
        }
        let completed = cards[i].completed
        if let created = cards[i].created {
            if let due = cards[i].due, let zone, due.overdueFrom(in: zone) <= created {
                report(.dueBeforeCreated(card: id, due: due, created: created), .card(index: i, field: "due"))
            }
            if let completed, completed < created {
                report(.completedBeforeCreated(card: id, completed: completed, created: created),
                       .card(index: i, field: "completed"))
            }
        }
        if category == .done && completed == nil {
            report(.doneWithoutCompletion(card: id, state: state), .card(index: i, field: "completed"))
        }
        if cards[i].hasConversation { checkConversation(cards[i], i, cardIndex, report) }
    }

    /// Comment ids unique on their card, links to cards the board has. (Times, sizes and
    /// link types are checked where the values are read, in `ConversationJSON`.)
    private static func checkConversation(_ card: Card, _ i: Int, _ cardIndex: IDIndex,
                                          _ report: (ValidationMessage, ModelPath) -> Void) {
        var ids = Set<String>()
        for (k, comment) in card.comments.enumerated() where !ids.insert(comment.id).inserted {
            report(.duplicateCommentID(card: card.id, id: comment.id), .card(index: i, field: "comments[\(k)].id"))
        }
        for (k, link) in card.links.enumerated() where cardIndex.find(link.card) == nil {
            report(.linkUnknownCard(card: card.id, type: link.type, target: link.card), .card(index: i, field: "links[\(k)].card"))
        }
    }

    /// Empty or only white space. Most titles start with a visible ASCII character, which
    /// answers without walking the title's Characters.
    @inline(__always)
    static func isBlank(_ title: String) -> Bool {
        if let first = title.utf8.first, first > 0x20, first < 0x7F { return false }
        return title.allSatisfy(\.isWhitespace)
    }
}
