import BoardModel
import BoardIO

/// A card as the store holds it: its values and the short number commands take.
public struct StoredCard: Sendable, Equatable {
    /// `#12` in `boardkit show`; never reused.
    public var number: Int64
    public var card: Card
    /// False once deleted (or when the step that added it was undone).
    public var present: Bool

    public init(number: Int64, card: Card, present: Bool) {
        self.number = number
        self.card = card
        self.present = present
    }

    /// The cards in the order a column shows them: by position, cards without one last,
    /// then by number. Small keys are sorted, not the cards: a card is a large value whose
    /// copies cost retains, and the board page sorts a whole board after every change.
    public static func inColumnOrder(_ cards: [StoredCard]) -> [StoredCard] {
        inColumnOrder(cards) { ($0.card.position, $0.number) }
    }

    /// Things that each stand for a card in their cards' column order; `place` gives the
    /// card's position and number.
    public static func inColumnOrder<Item>(_ items: [Item], by place: (Item) -> (position: Double?, number: Int64)) -> [Item] {
        let keys = items.map { item in
            let (position, number) = place(item)
            return (hasPosition: position != nil, position: position ?? 0, number: number)
        }
        let order = keys.indices.sorted { a, b in
            let x = keys[a], y = keys[b]
            if x.hasPosition != y.hasPosition { return x.hasPosition }
            if x.position != y.position { return x.position < y.position }
            return x.number < y.number
        }
        return order.map { items[$0] }
    }

    /// A tag that changes whenever any of the card's values does (`v-` and 16 hex digits of
    /// a hash over them): the board page and its API send it back with an edit, and the
    /// store refuses the edit when the card no longer has it (`BoardStore.apply(_:by:expecting:)`).
    public var version: String {
        var parts = [String(number), card.id]
        // Reminders and a met due came later: a card without them keeps the version it had before.
        for field in Card.fieldNames where card.value(of: field) != nil || !Self.later.contains(field) {
            switch card.value(of: field) {
            case nil: parts.append("\u{0}")
            case .text(let s)?: parts.append(s)
            case .list(let items)?: parts.append(items.joined(separator: "\u{1E}"))
            }
        }
        for (name, value) in card.fields.sorted(by: { $0.key < $1.key }) { parts += ["f", name, value] }
        for (name, value) in card.extras.sorted(by: { $0.key < $1.key }) { parts += ["x", name, value] }
        if card.hasConversation {
            for part in ConversationPart.allCases { parts += ["c", ConversationJSON.text(part, of: card) ?? ""] }
        }
        return StableID.make(prefix: "v-", from: parts)
    }

    /// Fields added after versions were first handed out, left out of one while they are empty.
    private static let later: Set<String> = ["reminders", "dueComplete"]
}

/// One event of the change log, as `history` shows it: the rows of one event put together.
public struct LogEvent: Sendable, Equatable {
    /// The first row's sequence number (the log's order).
    public var seq: Int64
    /// The undo step it belongs to.
    public var step: Int64
    public var at: Instant
    public var actor: String?
    public var card: String
    /// The card's number and title now (its title at the time is in `changes` when it changed).
    public var cardNumber: Int64?
    public var cardTitle: String?
    /// `created`, `moved`, … or `imported` (a card brought in by a file with no creation event).
    public var kind: String
    /// The state before and after, for a creation or a move.
    public var from: String?
    public var to: String?
    /// The other fields it changed.
    public var changes: [FieldChange]
    /// True when the step was undone: kept for the record, out of the board and its reports.
    public var undone: Bool
    /// For a sync conflict (kind `conflict`): the side whose value lost. Its one change is
    /// the field, the lost value as old and the kept one as new.
    public var conflictLoser: SyncConflict.Side? = nil
    /// For a sync conflict the remote lost because no card field may hold its value: why
    /// (`SyncConflict.refusal`).
    public var conflictRefusal: String? = nil

    public init(seq: Int64, step: Int64, at: Instant, actor: String?, card: String, cardNumber: Int64?,
                cardTitle: String?, kind: String, from: String?, to: String?, changes: [FieldChange], undone: Bool) {
        self.seq = seq
        self.step = step
        self.at = at
        self.actor = actor
        self.card = card
        self.cardNumber = cardNumber
        self.cardTitle = cardTitle
        self.kind = kind
        self.from = from
        self.to = to
        self.changes = changes
        self.undone = undone
    }
}

/// A step undone or redone: what it was, for the sentence the command prints.
public struct StepRecord: Sendable, Equatable {
    public var step: Int64
    public var command: String
    public var actor: String?
    public var at: Instant
    public var events: [LogEvent]
    /// Whether the step is undone now.
    public var undone: Bool
}
