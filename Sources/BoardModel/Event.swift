/// What happened to a card.
public enum EventType: String, Sendable, CaseIterable, Codable {
    case created, moved, updated, archived, restored, deleted
}

/// One entry of a board's history: the create / move / delete log that reports compute flow from.
public struct Event: Sendable, Equatable {
    /// The card's id.
    public var card: String
    public var at: Instant
    public var type: EventType
    /// State before a move.
    public var from: String?
    /// State after a move (or the first state, for `created`).
    public var to: String?
    /// Who did it.
    public var actor: String?
    /// The fields an `updated` event changed, with old and new values (empty when the source
    /// kept no detail). Additive to boardkit/1.
    public var changes: [FieldChange]
    /// Keys of the source this version does not know, as raw JSON text.
    public var extras: [String: String]

    public init(card: String, at: Instant, type: EventType, from: String? = nil,
                to: String? = nil, actor: String? = nil, changes: [FieldChange] = [],
                extras: [String: String] = [:]) {
        self.card = card
        self.at = at
        self.type = type
        self.from = from
        self.to = to
        self.actor = actor
        self.changes = changes
        self.extras = extras
    }
}
