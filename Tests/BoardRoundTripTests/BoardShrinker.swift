import BoardModel

/// Smaller boards to try when a property fails, biggest cuts first: fewer events, cards and
/// states, then each remaining part made plainer. Every candidate is strictly simpler (fewer
/// items, a shorter text, a value gone or replaced by a fixed plain one), so shrinking ends;
/// every candidate stays a valid board (events keep naming cards and states the board has).
enum BoardShrinker {
    static func candidates(_ g: GeneratedBoard) -> [GeneratedBoard] {
        let b = g.board
        var out: [Board] = []

        // Whole sections.
        if !b.events.isEmpty {
            out.append(with(b) { $0.events = [] })
            if b.events.count > 1 {
                let half = b.events.count / 2
                out.append(with(b) { $0.events = Array(b.events[..<half]) })
                out.append(with(b) { $0.events = Array(b.events[half...]) })
            }
        }
        if b.cards.count > 1 {
            let half = b.cards.count / 2
            out.append(keepingCards(b, Array(b.cards[..<half])))
            out.append(keepingCards(b, Array(b.cards[half...])))
        }
        if !b.cards.isEmpty {
            for k in b.cards.indices.prefix(40) {
                var cards = b.cards
                cards.remove(at: k)
                out.append(keepingCards(b, cards))
            }
        }
        if b.events.count > 1 {
            for k in b.events.indices.prefix(60) { out.append(with(b) { $0.events.remove(at: k) }) }
        }
        // States nothing names.
        let used = Set(b.cards.map(\.state) + b.events.flatMap { [$0.from, $0.to].compactMap { $0 } })
        for (k, s) in b.states.enumerated() where !used.contains(s.id) && b.states.count > 1 {
            out.append(with(b) { $0.states.remove(at: k) })
        }

        // The board's own values.
        if !b.metadata.isEmpty { out.append(with(b) { $0.metadata = [:] }) }
        if !b.extras.isEmpty { out.append(with(b) { $0.extras = [:] }) }
        if b.name != "Board" { out.append(with(b) { $0.name = "Board" }) }
        if b.id != "board" { out.append(with(b) { $0.id = "board" }) }
        if b.timeZone != "UTC" { out.append(with(b) { $0.timeZone = "UTC" }) }

        // Each state, plainer.
        for k in b.states.indices {
            let s = b.states[k]
            if !s.extras.isEmpty { out.append(with(b) { $0.states[k].extras = [:] }) }
            if s.wipLimit != nil { out.append(with(b) { $0.states[k].wipLimit = nil }) }
            if s.category != .todo { out.append(with(b) { $0.states[k].category = .todo }) }
            for shorter in shorterTexts(s.name) where !shorter.isEmpty { out.append(with(b) { $0.states[k].name = shorter }) }
            let plainID = "s\(k)"
            if s.id != plainID && !b.states.contains(where: { $0.id == plainID }) {
                out.append(renamingState(b, from: s.id, to: plainID))
            }
        }

        // Each card, plainer (small boards only: the cuts above come first).
        if b.cards.count <= 12 {
            for k in b.cards.indices {
                let c = b.cards[k]
                func card(_ change: (inout Card) -> Void) { out.append(with(b) { change(&$0.cards[k]) }) }
                if !c.extras.isEmpty { card { $0.extras = [:] } }
                if !c.fields.isEmpty {
                    card { $0.fields = [:] }
                    for key in c.fields.keys where c.fields.count > 1 { card { $0.fields[key] = nil } }
                    for (key, value) in c.fields {
                        for shorter in shorterTexts(value) { card { $0.fields[key] = shorter } }
                    }
                }
                if c.due != nil { card { $0.due = nil } }
                if c.start != nil { card { $0.start = nil } }
                if c.created != nil { card { $0.created = nil } }
                if c.updated != nil { card { $0.updated = nil } }
                if c.completed != nil { card { $0.completed = nil } }
                if !c.labels.isEmpty { card { $0.labels = [] } }
                if c.labels.count > 1 { card { $0.labels.removeLast() } }
                for (i, l) in c.labels.enumerated() { for shorter in shorterTexts(l) where !shorter.isEmpty && !c.labels.contains(shorter) { card { $0.labels[i] = shorter } } }
                if !c.assignees.isEmpty { card { $0.assignees = [] } }
                for (i, a) in c.assignees.enumerated() { for shorter in shorterTexts(a) where !shorter.isEmpty && !c.assignees.contains(shorter) { card { $0.assignees[i] = shorter } } }
                if c.position != nil { card { $0.position = nil } }
                if c.archived && !b.events.contains(where: { $0.card == c.id && $0.type == .deleted }) { card { $0.archived = false } }
                if c.url != nil { card { $0.url = nil } }
                for shorter in shorterTexts(c.body) { card { $0.body = shorter } }
                for shorter in shorterTexts(c.title) { card { $0.title = shorter } }
                let plainID = "c\(k + 1)"
                if c.id != plainID && !b.cards.contains(where: { $0.id == plainID }) {
                    out.append(renamingCard(b, from: c.id, to: plainID))
                }
            }
        }

        // Each event, plainer.
        if b.events.count <= 20 {
            for k in b.events.indices {
                let e = b.events[k]
                if !e.extras.isEmpty { out.append(with(b) { $0.events[k].extras = [:] }) }
                if e.actor != nil { out.append(with(b) { $0.events[k].actor = nil }) }
                if !e.changes.isEmpty {
                    out.append(with(b) { $0.events[k].changes = [] })
                    for i in e.changes.indices where e.changes.count > 1 { out.append(with(b) { $0.events[k].changes.remove(at: i) }) }
                }
                if e.at.offsetSeconds != 0 { out.append(with(b) { $0.events[k].at = e.at.utc }) }
                let whole = e.at.epochMilliseconds - e.at.epochMilliseconds % 1000
                if e.at.epochMilliseconds % 1000 != 0 && (k == 0 || b.events[k - 1].at.epochMilliseconds <= whole) {
                    out.append(with(b) { $0.events[k].at.epochMilliseconds -= e.at.epochMilliseconds % 1000 })
                }
            }
        }
        return out.map { GeneratedBoard(board: $0) }
    }

    private static func with(_ b: Board, _ change: (inout Board) -> Void) -> Board {
        var copy = b
        change(&copy)
        return copy
    }

    /// The board with only these cards, and only the events of cards it still has.
    private static func keepingCards(_ b: Board, _ cards: [Card]) -> Board {
        var copy = b
        let ids = Set(cards.map(\.id))
        copy.cards = cards
        copy.events = b.events.filter { ids.contains($0.card) }
        return copy
    }

    private static func renamingCard(_ b: Board, from: String, to: String) -> Board {
        var copy = b
        for k in copy.cards.indices where copy.cards[k].id == from { copy.cards[k].id = to }
        for k in copy.events.indices where copy.events[k].card == from { copy.events[k].card = to }
        return copy
    }

    private static func renamingState(_ b: Board, from: String, to: String) -> Board {
        var copy = b
        for k in copy.states.indices where copy.states[k].id == from { copy.states[k].id = to }
        for k in copy.cards.indices where copy.cards[k].state == from { copy.cards[k].state = to }
        for k in copy.events.indices {
            if copy.events[k].from == from { copy.events[k].from = to }
            if copy.events[k].to == from { copy.events[k].to = to }
        }
        return copy
    }

    /// Shorter versions of a text: empty, each half, without its first or last character.
    static func shorterTexts(_ s: String) -> [String] {
        guard !s.isEmpty else { return [] }
        var out = [""]
        let chars = Array(s)
        if chars.count > 1 {
            out.append(String(chars[..<(chars.count / 2)]))
            out.append(String(chars[(chars.count / 2)...]))
        }
        if chars.count > 2 {
            out.append(String(chars.dropFirst()))
            out.append(String(chars.dropLast()))
        }
        return out
    }
}
