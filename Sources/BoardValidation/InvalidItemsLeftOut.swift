import BoardIO
import BoardModel

/// `--skip-invalid` for the rules every board goes through: a card or an event the validator
/// finds an error in (a duplicate or empty id, an undefined state, an event naming no card)
/// is left out, with that error as a warning, instead of refusing the whole board. Errors of
/// the board itself (its zone, its states) still refuse it: no item can be left out for them.
extension BoardValidator {
    /// The board without its invalid cards and events, and every diagnostic: the errors of
    /// what was left out as warnings, then the `items-left-out` count. Locations stay those
    /// of the source. With nothing invalid it is `validate`'s result and the same board.
    public static func leavingOutInvalidItems(_ board: Board, sourceMap: any SourceMap,
                                              file: String) -> (board: Board, diagnostics: [Diagnostic]) {
        var board = board
        var map = RenumberedSourceMap(base: sourceMap, cards: nil, events: nil)
        var kept: [Diagnostic] = []
        var left = LeftOutItems(.leaveOut)
        // Leaving a card out can make its events name no card; a second pass leaves those
        // out too. Each pass removes at least one item, so this ends.
        while true {
            let found = findings(board)
            var badCards = Set<Int>(), badEvents = Set<Int>()
            for f in found where f.code.severity == .error {
                switch f.path {
                case .card(let i, _): badCards.insert(i)
                case .event(let i, _): badEvents.insert(i)
                case .board, .state: break
                }
            }
            if badCards.isEmpty && badEvents.isEmpty {
                return (board, kept + found.map { $0.diagnostic(map) } + [left.summary(
                    item: "card or event", items: "cards and events", at: SourceLocation(file: file))].compactMap { $0 })
            }
            for f in found where f.code.severity == .error {
                switch f.path {
                case .card, .event:
                    var d = f.diagnostic(map)
                    d.severity = .warning
                    kept.append(d)
                case .board, .state: break
                }
            }
            left.leaveOut(badCards.count + badEvents.count)
            map = map.dropping(cards: badCards, of: board.cards.count, events: badEvents, of: board.events.count)
            board.cards = board.cards.enumerated().filter { !badCards.contains($0.offset) }.map(\.element)
            board.events = board.events.enumerated().filter { !badEvents.contains($0.offset) }.map(\.element)
        }
    }
}

/// A source map for a board some of whose cards and events were left out: positions in the
/// smaller board are turned back into the positions the source map knows.
private struct RenumberedSourceMap: SourceMap {
    let base: any SourceMap
    /// The original position of each card and event kept (nil: none left out yet).
    let cards: [Int]?
    let events: [Int]?

    func location(of path: ModelPath) -> SourceLocation {
        switch path {
        case .card(let i, let f): return base.location(of: .card(index: cards.map { $0[i] } ?? i, field: f))
        case .event(let i, let f): return base.location(of: .event(index: events.map { $0[i] } ?? i, field: f))
        case .board, .state: return base.location(of: path)
        }
    }

    /// The map after leaving out the cards and events at these (current) positions.
    func dropping(cards badCards: Set<Int>, of cardCount: Int, events badEvents: Set<Int>,
                  of eventCount: Int) -> RenumberedSourceMap {
        func kept(_ current: [Int]?, _ bad: Set<Int>, _ count: Int) -> [Int] {
            let all = current ?? Array(0..<count)
            return all.enumerated().filter { !bad.contains($0.offset) }.map(\.element)
        }
        return RenumberedSourceMap(base: base, cards: kept(cards, badCards, cardCount),
                                   events: kept(events, badEvents, eventCount))
    }
}
