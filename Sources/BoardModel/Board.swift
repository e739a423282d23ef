// BoardModel: what a board is, and what is said of one (README's Layout lists its folders).
// Reading and writing (the formats' contract and options, the fast building blocks) live one
// layer up, in BoardIO, the rules every board read goes through (the validator) in BoardKit,
// and reading what people type (dates, filters) in BoardEditing; a new building block goes
// there, not here.

/// A kanban board: its states (columns), cards and the history of how the cards moved.
///
/// Every reader produces a `Board` and every writer consumes one; no format knows another.
public struct Board: Sendable, Equatable {
    /// Stable identifier (a slug such as `team-web`).
    public var id: String
    /// Display name.
    public var name: String
    /// IANA time-zone name (`Asia/Seoul`). It decides what "today" and "overdue" mean and
    /// where a calendar date starts. Kept as the name the source gave so that an invalid
    /// name can be reported with its location instead of failing the read.
    public var timeZone: String
    /// Ordered states (columns), left to right.
    public var states: [BoardState]
    /// Cards in board order.
    public var cards: [Card]
    /// History, oldest first.
    public var events: [Event]
    /// Free-form board metadata (`exported-by`, a source URL …), kept by name.
    public var metadata: [String: String]
    /// Keys of the source this version does not know, as raw JSON text, written back as read.
    public var extras: [String: String]

    public init(id: String = "board", name: String = "Board", timeZone: String = "UTC",
                states: [BoardState] = BoardState.defaults, cards: [Card] = [],
                events: [Event] = [], metadata: [String: String] = [:],
                extras: [String: String] = [:]) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
        self.states = states
        self.cards = cards
        self.events = events
        self.metadata = metadata
        self.extras = extras
    }

    /// The state with this id, if the board has one.
    public func state(withID id: String) -> BoardState? {
        states.first { $0.id == id }
    }

    /// The state a person names: its id or its name, in any case (an id wins over another
    /// state's name). The one rule for the terminal, the page, `--where` and the feeds.
    public func state(named reference: String) -> BoardState? {
        let wanted = reference.lowercased()
        return states.first { $0.id.lowercased() == wanted } ?? states.first { $0.name.lowercased() == wanted }
    }

    /// The category of the state with this id (nil for an unknown state).
    public func category(ofState id: String) -> StateCategory? {
        state(withID: id)?.category
    }

    /// The board's zone, or nil when `timeZone` is not a known IANA name.
    public var zone: Zone? { Zone.named(timeZone) }

    /// How many field changes the events carry in all, for the writers that cannot hold them
    /// to count what they left.
    public var fieldChangeCount: Int { events.reduce(0) { $0 + $1.changes.count } }

    /// The board counted whole, `40 cards, 4 states, 99 events` (and the cards'
    /// conversation, `12 comments, 3 checklists`, where there is one): what a format that
    /// holds everything says it wrote.
    public var countedWhole: [Counted] {
        [Counted(cards.count, "card"), Counted(states.count, "state"), Counted(events.count, "event")]
            + ConversationTally(self).counted
    }
}
