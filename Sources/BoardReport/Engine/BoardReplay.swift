import BoardModel

/// The board as it stood at the as-of moment, rebuilt from its history in one pass over the
/// events, with the weekly tallies (entries per state, flow, created, completed) gathered on
/// the way. Everything is kept in arrays indexed by card number and state number, so the pass
/// does one dictionary look-up per event (the card id) and no date or string work.
///
/// Cards the history never mentions (a Jira CSV has no history) are placed from their
/// `created` and `completed` times instead; `cardsWithoutHistory` counts them.
public struct BoardReplay: Sendable {
    /// "No time known" in the per-card time arrays.
    public static let none = Int64.min

    public let weeks: ReportWeeks
    public let asOfMs: Int64
    public private(set) var states: StateTable

    // Per card, in board order.
    /// The state at as-of; -1 when the card does not exist then (not yet created, or deleted).
    public private(set) var state: [Int32]
    /// Creation time (the `created` event, else the card's `created`), or `none`.
    public private(set) var createdMs: [Int64]
    /// When the card entered its as-of state, or `none`.
    public private(set) var enteredMs: [Int64]
    /// First entry into a `doing` state, or `none`.
    public private(set) var firstDoingMs: [Int64]
    /// Last entry into a `done` state, or `none`.
    public private(set) var lastDoneMs: [Int64]
    public private(set) var archived: [Bool]
    /// True when at least one event names the card.
    public private(set) var hasHistory: [Bool]

    // Tallies per state and slot (see `ReportWeeks.slot`).
    /// Entries into each state: `entries[state][slot]`.
    public private(set) var entries: [[Int]]
    /// Net change of the number of cards in each state: `flowDelta[state][slot]`.
    public private(set) var flowDelta: [[Int]]
    public private(set) var createdPerSlot: [Int]
    /// Entries into a done state from a state that is not done (or creation straight into done).
    public private(set) var completedPerSlot: [Int]

    // What the report should tell about the data.
    public private(set) var eventCount = 0
    public private(set) var eventsAfterAsOf = 0
    public private(set) var eventsForUnknownCards = 0
    public private(set) var eventsOutOfOrder = 0
    public private(set) var movesWithoutState = 0
    public private(set) var cardsWithoutHistory = 0
    public private(set) var cardsWithoutCreated = 0
    private var lastEventMs = Int64.min
    private var deleted: [Bool]
    /// True when an `archived` or `restored` event names the card (at any time).
    private var archiveInHistory: [Bool]

    /// Replays `board` up to `options.asOf`. Events out of time order are detected on the pass;
    /// when there are any the pass is run again over the events sorted by time (stable), so the
    /// answer never depends on file order.
    public static func make(_ board: Board, zone: Zone, options: ReportOptions) -> BoardReplay {
        let weeks = ReportWeeks(endingAt: options.asOf, count: options.weeks, zone: zone)
        let cardIndex = cardNumbers(board.cards)
        var replay = BoardReplay(board, weeks: weeks, asOf: options.asOf)
        for e in board.events { replay.apply(e, cardIndex: cardIndex, board: board) }
        if replay.eventsOutOfOrder > 0 {
            let found = replay.eventsOutOfOrder
            var order = Array(board.events.indices)
            order.sort { a, b in
                let ta = board.events[a].at.epochMilliseconds, tb = board.events[b].at.epochMilliseconds
                return ta != tb ? ta < tb : a < b
            }
            replay = BoardReplay(board, weeks: weeks, asOf: options.asOf)
            for k in order { replay.apply(board.events[k], cardIndex: cardIndex, board: board) }
            replay.eventsOutOfOrder = found
        }
        replay.placeCardsWithoutHistory(board)
        return replay
    }

    /// Card id → position in `board.cards`; the first card wins when ids repeat.
    static func cardNumbers(_ cards: [Card]) -> [String: Int32] {
        var index: [String: Int32] = [:]
        index.reserveCapacity(cards.count)
        for (k, c) in cards.enumerated() where index[c.id] == nil { index[c.id] = Int32(k) }
        return index
    }

    private init(_ board: Board, weeks: ReportWeeks, asOf: Instant) {
        self.weeks = weeks
        asOfMs = asOf.epochMilliseconds
        states = StateTable(board.states)
        let n = board.cards.count
        state = Array(repeating: -1, count: n)
        createdMs = Array(repeating: Self.none, count: n)
        enteredMs = Array(repeating: Self.none, count: n)
        firstDoingMs = Array(repeating: Self.none, count: n)
        lastDoneMs = Array(repeating: Self.none, count: n)
        archived = Array(repeating: false, count: n)
        hasHistory = Array(repeating: false, count: n)
        deleted = Array(repeating: false, count: n)
        archiveInHistory = deleted
        entries = Array(repeating: Array(repeating: 0, count: weeks.slotCount), count: states.count)
        flowDelta = entries
        createdPerSlot = Array(repeating: 0, count: weeks.slotCount)
        completedPerSlot = createdPerSlot
    }

    // MARK: The pass

    @inline(__always)
    private mutating func apply(_ e: Event, cardIndex: [String: Int32], board: Board) {
        eventCount += 1
        let t = e.at.epochMilliseconds
        if t < lastEventMs { eventsOutOfOrder += 1 } else { lastEventMs = t }
        guard let found = cardIndex[e.card] else { eventsForUnknownCards += 1; return }
        let c = Int(found)
        hasHistory[c] = true
        if e.type == .archived || e.type == .restored { archiveInHistory[c] = true }
        guard t <= asOfMs else { eventsAfterAsOf += 1; return }
        switch e.type {
        case .created:
            let s = e.to.map { stateNumber($0) } ?? stateNumber(board.cards[c].state)
            deleted[c] = false
            if state[c] < 0 {
                appear(c, in: s, at: t)
            } else {
                move(c, to: s, at: t)
            }
            if createdMs[c] == Self.none || t < createdMs[c] { createdMs[c] = t }
        case .moved:
            guard !deleted[c] else { return }
            if state[c] < 0 {
                // History starts with a move: the card sat in `from` since it was created.
                let from = e.from.map { stateNumber($0) } ?? states.initialState ?? 0
                let since = board.cards[c].created.map { min($0.epochMilliseconds, t) } ?? t
                appear(c, in: from, at: since)
            }
            guard let to = e.to else { movesWithoutState += 1; return }
            move(c, to: stateNumber(to), at: t)
        case .updated, .archived, .restored:
            guard !deleted[c] else { return }
            if state[c] < 0 {
                let since = board.cards[c].created.map { min($0.epochMilliseconds, t) } ?? t
                appear(c, in: stateNumber(board.cards[c].state), at: since)
            }
            if e.type == .archived { archived[c] = true }
            if e.type == .restored { archived[c] = false }
        case .deleted:
            guard state[c] >= 0 else { deleted[c] = true; return }
            flowDelta[Int(state[c])][weeks.slot(t)] -= 1
            state[c] = -1
            deleted[c] = true
        }
    }

    @inline(__always)
    private mutating func stateNumber(_ id: String) -> Int32 {
        let before = states.count
        let k = states.index(of: id)
        if states.count > before {
            // An unknown state: give it its rows of tallies.
            entries.append(Array(repeating: 0, count: weeks.slotCount))
            flowDelta.append(Array(repeating: 0, count: weeks.slotCount))
        }
        return k
    }

    /// The card comes into existence in state `s` at `t`.
    private mutating func appear(_ c: Int, in s: Int32, at t: Int64) {
        let slot = weeks.slot(t)
        state[c] = s
        enteredMs[c] = t
        if createdMs[c] == Self.none || t < createdMs[c] { createdMs[c] = t }
        createdPerSlot[slot] += 1
        entries[Int(s)][slot] += 1
        flowDelta[Int(s)][slot] += 1
        enter(c, s, at: t, slot: slot, fromDone: false)
    }

    private mutating func move(_ c: Int, to s: Int32, at t: Int64) {
        let old = state[c]
        guard old != s else { return }
        let slot = weeks.slot(t)
        flowDelta[Int(old)][slot] -= 1
        flowDelta[Int(s)][slot] += 1
        entries[Int(s)][slot] += 1
        state[c] = s
        enteredMs[c] = t
        enter(c, s, at: t, slot: slot, fromDone: states.categories[Int(old)] == .done)
    }

    @inline(__always)
    private mutating func enter(_ c: Int, _ s: Int32, at t: Int64, slot: Int, fromDone: Bool) {
        switch states.categories[Int(s)] {
        case .doing?:
            if firstDoingMs[c] == Self.none { firstDoingMs[c] = t }
        case .done?:
            lastDoneMs[c] = t
            if !fromDone { completedPerSlot[slot] += 1 }
        default:
            break
        }
    }

    // MARK: Cards with no history

    /// Places the cards no event names: created at `created` in the board's first todo state
    /// (or straight into their state when it is not done), moved into their done state at
    /// `completed`. Without `created` they count as always there.
    private mutating func placeCardsWithoutHistory(_ board: Board) {
        for (c, card) in board.cards.enumerated() where !hasHistory[c] {
            cardsWithoutHistory += 1
            let created = card.created?.epochMilliseconds
            if created == nil { cardsWithoutCreated += 1 }
            if let created, created > asOfMs { continue }
            let s = stateNumber(card.state)
            let since = created ?? Self.none
            if states.categories[Int(s)] == .done, let done = card.completed?.epochMilliseconds {
                // Before its completion the card was waiting in the first todo state.
                appear(c, in: states.initialState ?? s, at: since)
                if done <= asOfMs { move(c, to: s, at: max(done, since)) }
            } else {
                appear(c, in: s, at: since)
            }
            if created == nil { createdMs[c] = Self.none }
            archived[c] = card.archived
        }
        // Cards archived in the source with no archive event in their history.
        for (c, card) in board.cards.enumerated()
        where card.archived && hasHistory[c] && !archiveInHistory[c] && state[c] >= 0 {
            archived[c] = true
        }
    }

    // MARK: Questions the metrics ask

    /// True when the card exists at as-of.
    @inline(__always) public func exists(_ c: Int) -> Bool { state[c] >= 0 }

    /// The category of the card's as-of state (nil for an unknown state or a card that does not exist).
    @inline(__always) public func category(_ c: Int) -> StateCategory? {
        let s = state[c]
        return s < 0 ? nil : states.categories[Int(s)]
    }

    /// True when the card is on the board at as-of: it exists and is not archived.
    @inline(__always) public func isActive(_ c: Int) -> Bool { state[c] >= 0 && !archived[c] }

    /// Number of cards in each state at the end of each slot (slot 0: before the window).
    public func cardsPerStateAtSlotEnd() -> [[Int]] {
        flowDelta.map { deltas in
            var running = 0
            return deltas.map { running += $0; return running }
        }
    }
}
