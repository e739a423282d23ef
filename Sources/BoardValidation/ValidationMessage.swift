import BoardModel

/// The rules every board goes through (`BoardValidator`), one case each.
public enum ValidationMessage: DiagnosticMessage, Equatable {
    /// The board's zone is not an IANA name.
    case invalidTimeZone(String)
    case noStates
    case duplicateStateID(String)
    case blankCardID
    /// `card`'s id is already that of `cards[first]`.
    case duplicateCardID(String, first: Int)
    case blankTitle(card: String)
    /// `card` is in `state`, which is none of `defined` (the board's state ids).
    case unknownState(card: String, state: String, defined: [String])
    case dueBeforeCreated(card: String, due: DueDate, created: Instant)
    case completedBeforeCreated(card: String, completed: Instant, created: Instant)
    case doneWithoutCompletion(card: String, state: String)
    /// Two of `card`'s comments have the id `id`.
    case duplicateCommentID(card: String, id: String)
    /// `card` links (`type`) to `target`, which is not on the board.
    case linkUnknownCard(card: String, type: LinkType, target: String)
    case eventUnknownCard(String)
    case eventFromUnknownState(String)
    case eventToUnknownState(String)
    /// An event at `at` comes after one at `after`.
    case eventOutOfOrder(at: Instant, after: Instant)
    /// `count` events are out of time order; only the first `listed` have their own line.
    case eventsOutOfOrder(count: Int, listed: Int)
    /// `card` is in `state` but its last move (`events[event]`) took it to `movedTo`.
    case stateContradictsHistory(card: String, state: String, event: Int, movedTo: String)

    public var code: DiagnosticCode {
        switch self {
        case .invalidTimeZone: .invalidTimeZone
        case .noStates: .noStates
        case .duplicateStateID: .duplicateStateID
        case .blankCardID: .blankCardID
        case .duplicateCardID: .duplicateCardID
        case .blankTitle: .blankTitle
        case .unknownState: .unknownState
        case .dueBeforeCreated: .dueBeforeCreated
        case .completedBeforeCreated: .completedBeforeCreated
        case .doneWithoutCompletion: .doneWithoutCompletion
        case .duplicateCommentID: .duplicateCommentID
        case .linkUnknownCard: .linkUnknownCard
        case .eventUnknownCard: .eventUnknownCard
        case .eventFromUnknownState, .eventToUnknownState: .eventUnknownState
        case .eventOutOfOrder, .eventsOutOfOrder: .eventsOutOfOrder
        case .stateContradictsHistory: .stateContradictsHistory
        }
    }

    public var text: String {
        switch self {
        case .invalidTimeZone(let zone):
            "'\(zone)' is not an IANA time-zone name (such as 'Asia/Seoul' or 'UTC')"
        case .noStates:
            "the board defines no states"
        case .duplicateStateID(let id):
            "state id '\(id)' is defined twice"
        case .blankCardID:
            "card has an empty id"
        case .duplicateCardID(let id, let first):
            "card id '\(id)' is already used by cards[\(first)]"
        case .blankTitle(let card):
            "card '\(card)' has no title"
        case .unknownState(let card, let state, let defined):
            "card '\(card)' is in state '\(state)', which the board does not define (states: \(defined.joined(separator: ", ")))"
        case .dueBeforeCreated(let card, let due, let created):
            "card '\(card)' is due \(due) but was created \(created)"
        case .completedBeforeCreated(let card, let completed, let created):
            "card '\(card)' was completed \(completed) before it was created \(created)"
        case .doneWithoutCompletion(let card, let state):
            "card '\(card)' is in done state '\(state)' but has no completion time"
        case .duplicateCommentID(let card, let id):
            "card '\(card)' has two comments with the id '\(id)'"
        case .linkUnknownCard(let card, let type, let target):
            "card '\(card)' links (\(type.rawValue)) to card '\(target)', which the board does not have; the link is kept"
        case .eventUnknownCard(let card):
            "event names card '\(card)', which the board does not have"
        case .eventFromUnknownState(let state):
            "event moves a card from state '\(state)', which the board does not define"
        case .eventToUnknownState(let state):
            "event moves a card to state '\(state)', which the board does not define"
        case .eventOutOfOrder(let at, let after):
            "event at \(at) comes after one at \(after)"
        case .eventsOutOfOrder(let count, let listed):
            "\(Counted(count, "event")) in all \(Counted.verb(count, "is", "are")) out of time order (the first \(listed) are listed)"
        case .stateContradictsHistory(let card, let state, let event, let movedTo):
            "card '\(card)' is in '\(state)' but its last move (events[\(event)]) took it to '\(movedTo)'"
        }
    }
}
