import BoardModel
import BoardIO

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
    /// The moment of every such entry up to as-of, in the order of the pass: what a forecast
    /// samples its days from.
    public private(set) var completionsMs: [Int64] = []

    // What the report should tell about the data.
    public private(set) var eventCount = 0
    public private(set) var eventsAfterAsOf = 0
    public private(set) var eventsForUnknownCards = 0
    public private(set) var eventsOutOfOrder = 0
    public private(set) var movesWithoutState = 0
    public private(set) var cardsWithoutHistory = 0
    public private(set) var cardsWithoutCreated = 0
    private var lastEventMs = Int64.min

    /// Everything the pass keeps about one card, together, so an event touches one cache
    /// line of card state rather than one per array.
    private struct Track {
        var created = BoardReplay.none
        var entered = BoardReplay.none
        var firstDoing = BoardReplay.none
        var lastDone = BoardReplay.none
        var state: Int32 = -1
        var archived = false
        var hasHistory = false
        var deleted = false
        /// An `archived` or `restored` event names the card (at any time).
        var archiveInHistory = false
    }
    private var tracks: [Track]
    /// Sum of the states read ahead of each batch (only so those reads are not optimised away).
    private var warmed: Int32 = 0

    /// Replays `board` up to `options.asOf`. Events out of time order are detected on the pass;
    /// when there are any the pass is run again over the events sorted by time (stable), so the
    /// answer never depends on file order.
    public static func make(_ board: Board, zone: Zone, options: ReportOptions) -> BoardReplay {
        pair(board, zone: zone, options: options, earlier: nil).now
    }

    /// The same, and the board as it stood at `earlier` too (with as many weeks ending there):
    /// the two passes share the look-up of every event's card (most of a pass's time at a
    /// million cards) and run on two cores at once.
    public static func make(_ board: Board, zone: Zone, options: ReportOptions, alsoAt earlier: Instant) -> (now: BoardReplay, earlier: BoardReplay) {
        let both = pair(board, zone: zone, options: options, earlier: earlier)
        return (both.now, both.earlier ?? both.now)
    }

    private static func pair(_ board: Board, zone: Zone, options: ReportOptions, earlier: Instant?) -> (now: BoardReplay, earlier: BoardReplay?) {
        let cardIndex = IDIndex(cards: board.cards)
        // Every event's card first, on all cores: the look-ups were most of the pass.
        let cardOf = board.events.withUnsafeBufferPointer { cardIndex.positionsOnAllCores(ofCardsOf: $0) }
        let weeks = options.weeks
        guard let earlier else { return (replay(board, zone: zone, asOf: options.asOf, weeks: weeks, cardOf: cardOf), nil) }
        return concurrently({ replay(board, zone: zone, asOf: options.asOf, weeks: weeks, cardOf: cardOf) },
                            { replay(board, zone: zone, asOf: earlier, weeks: weeks, cardOf: cardOf) })
    }

    /// One replay up to `asOf`, `cardOf` giving each event's card.
    private static func replay(_ board: Board, zone: Zone, asOf: Instant, weeks count: Int, cardOf: [Int32]) -> BoardReplay {
        let weeks = ReportWeeks(endingAt: asOf, count: count, zone: zone)
        var replay = BoardReplay(board, weeks: weeks, asOf: asOf)
        board.events.withUnsafeBufferPointer { events in
            replay.run(events, order: nil, cardOf: cardOf, board: board)
            if replay.eventsOutOfOrder > 0 {
                let found = replay.eventsOutOfOrder
                // Sort (time, position) pairs: a stable order, without moving the events.
                var order = events.indices.map { (events[$0].at.epochMilliseconds, $0) }
                order.sort { $0 < $1 }
                replay = BoardReplay(board, weeks: weeks, asOf: asOf)
                replay.run(events, order: order.map(\.1), cardOf: cardOf, board: board)
                replay.eventsOutOfOrder = found
            }
        }
        replay.placeCardsWithoutHistory(board)
        replay.publish()
        return replay
    }

    private init(_ board: Board, weeks: ReportWeeks, asOf: Instant) {
        self.weeks = weeks
        asOfMs = asOf.epochMilliseconds
        states = StateTable(board.states)
        let n = board.cards.count
        tracks = Array(repeating: Track(), count: n)
        state = []
        createdMs = []
        enteredMs = []
        firstDoingMs = []
        lastDoneMs = []
        archived = []
        hasHistory = []
        entries = Array(repeating: Array(repeating: 0, count: weeks.slotCount), count: states.count)
        flowDelta = entries
        createdPerSlot = Array(repeating: 0, count: weeks.slotCount)
        completedPerSlot = createdPerSlot
    }

    // MARK: The pass

    /// The pass over the events (in `order` when given; `cardOf` is each event's card, -1 for
    /// none), in batches: first a read of each card's track in a batch, which do not depend
    /// on each other so the processor overlaps their memory accesses (a million cards do not
    /// fit in its caches), then the batch's updates.
    private mutating func run(_ events: UnsafeBufferPointer<Event>, order: [Int]?, cardOf: [Int32], board: Board) {
        let batch = 64
        var cards = [Int](repeating: -1, count: batch)
        var base = 0
        while base < events.count {
            let end = min(base + batch, events.count)
            var touch: Int32 = 0
            for k in base..<end {
                let e = order?[k] ?? k
                let c = Int(cardOf[e])
                cards[k - base] = c
                if c >= 0 { touch &+= tracks[c].state }
            }
            warmed &+= touch  // a use the optimiser cannot drop, so the warming reads stay
            for k in base..<end { apply(events, order?[k] ?? k, card: cards[k - base], board: board) }
            base = end
        }
    }

    /// Applies `events[k]` to card `c` (-1: not on the board). Reads the event in place (no
    /// copy of its strings and extras).
    @inline(__always)
    private mutating func apply(_ events: UnsafeBufferPointer<Event>, _ k: Int, card c: Int, board: Board) {
        eventCount += 1
        let t = events[k].at.epochMilliseconds
        if t < lastEventMs { eventsOutOfOrder += 1 } else { lastEventMs = t }
        guard c >= 0 else { eventsForUnknownCards += 1; return }
        let type = events[k].type
        tracks[c].hasHistory = true
        if type == .archived || type == .restored { tracks[c].archiveInHistory = true }
        guard t <= asOfMs else { eventsAfterAsOf += 1; return }
        let e = (to: events[k].to, from: events[k].from, type: type)
        switch e.type {
        case .created:
            let s = e.to.map { stateNumber($0) } ?? stateNumber(board.cards[c].state)
            tracks[c].deleted = false
            if tracks[c].state < 0 {
                appear(c, in: s, at: t)
            } else {
                move(c, to: s, at: t)
            }
            if tracks[c].created == Self.none || t < tracks[c].created { tracks[c].created = t }
        case .moved:
            guard !tracks[c].deleted else { return }
            if tracks[c].state < 0 {
                // History starts with a move: the card sat in `from` since it was created.
                let from = e.from.map { stateNumber($0) } ?? states.initialState ?? 0
                let since = board.cards[c].created.map { min($0.epochMilliseconds, t) } ?? t
                appear(c, in: from, at: since)
            }
            guard let to = e.to else { movesWithoutState += 1; return }
            move(c, to: stateNumber(to), at: t)
        case .updated, .archived, .restored:
            guard !tracks[c].deleted else { return }
            if tracks[c].state < 0 {
                let since = board.cards[c].created.map { min($0.epochMilliseconds, t) } ?? t
                appear(c, in: stateNumber(board.cards[c].state), at: since)
            }
            if e.type == .archived { tracks[c].archived = true }
            if e.type == .restored { tracks[c].archived = false }
        case .deleted:
            guard tracks[c].state >= 0 else { tracks[c].deleted = true; return }
            flowDelta[Int(tracks[c].state)][weeks.slot(t)] -= 1
            tracks[c].state = -1
            tracks[c].deleted = true
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
        tracks[c].state = s
        tracks[c].entered = t
        if tracks[c].created == Self.none || t < tracks[c].created { tracks[c].created = t }
        createdPerSlot[slot] += 1
        entries[Int(s)][slot] += 1
        flowDelta[Int(s)][slot] += 1
        enter(c, s, at: t, slot: slot, fromDone: false)
    }

    private mutating func move(_ c: Int, to s: Int32, at t: Int64) {
        let old = tracks[c].state
        guard old != s else { return }
        let slot = weeks.slot(t)
        flowDelta[Int(old)][slot] -= 1
        flowDelta[Int(s)][slot] += 1
        entries[Int(s)][slot] += 1
        tracks[c].state = s
        tracks[c].entered = t
        enter(c, s, at: t, slot: slot, fromDone: states.categories[Int(old)] == .done)
    }

    @inline(__always)
    private mutating func enter(_ c: Int, _ s: Int32, at t: Int64, slot: Int, fromDone: Bool) {
        switch states.categories[Int(s)] {
        case .doing?:
            if tracks[c].firstDoing == Self.none { tracks[c].firstDoing = t }
        case .done?:
            tracks[c].lastDone = t
            if !fromDone {
                completedPerSlot[slot] += 1
                completionsMs.append(t)
            }
        default:
            break
        }
    }

    /// Lays the per-card facts out as the arrays the metrics read, and frees the tracks.
    private mutating func publish() {
        state = tracks.map(\.state)
        createdMs = tracks.map(\.created)
        enteredMs = tracks.map(\.entered)
        firstDoingMs = tracks.map(\.firstDoing)
        lastDoneMs = tracks.map(\.lastDone)
        archived = tracks.map(\.archived)
        hasHistory = tracks.map(\.hasHistory)
        tracks = []
    }

    // MARK: Cards with no history

    /// Places the cards no event names: created at `created` in the board's first todo state
    /// (or straight into their state when it is not done), moved into their done state at
    /// `completed`. Without `created` they count as always there.
    private mutating func placeCardsWithoutHistory(_ board: Board) {
        for c in board.cards.indices where !tracks[c].hasHistory {
            let card = board.cards[c]
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
            if created == nil { tracks[c].created = Self.none }
            tracks[c].archived = card.archived
        }
        // Cards archived in the source with no archive event in their history.
        for c in board.cards.indices
        where tracks[c].hasHistory && !tracks[c].archiveInHistory && tracks[c].state >= 0 && board.cards[c].archived {
            tracks[c].archived = true
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
