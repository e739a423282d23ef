import BoardEditing
import BoardModel
import BoardStore

/// What a person asks of the board from the page or the API.
enum BoardAction: Sendable {
    /// A change to the board, made as one step.
    case change(BoardChange)
    /// Undo the person's last step; one that removes many cards only when it is the step
    /// they confirmed (`confirm`).
    case undo(confirmedStep: Int64?)
    case redo
}

/// A change a request asks for. Its edits are decided from the board as the step's own write
/// transaction sees it (`StepDraft`): the card and states a request is checked against are the
/// ones it changes, and a request reads nothing outside its write.
struct BoardChange: Sendable {
    /// The name the history shows for the step (the command-line command that does the same).
    var command: String
    /// The card the change is about (nil for a new card).
    var card: String?
    /// The card version the person saw (from `If-Match` or the form's hidden `version`
    /// field): the store refuses the change when the card has changed since.
    var version: String?
    /// The edits, from the board as the write sees it; a request that does not fit throws.
    var edits: @Sendable (StepDraft) throws(ActionFailure) -> [CardEdit]
}

/// What an action did.
enum ActionOutcome: Sendable {
    /// A step was made; the card as it is after it (nil for a card deleted) and the events.
    case changed(StoredCard?, events: [LogEvent])
    /// Nothing needed changing.
    case unchanged(StoredCard)
    /// Undo or redo took a step back or forward.
    case stepTaken(StepRecord, undone: Bool)

    /// The step the action made or took, if any.
    var step: Int64? {
        switch self {
        case .changed(_, let events): events.first?.step
        case .unchanged: nil
        case .stepTaken(let record, _): record.step
        }
    }
}

/// Why an action was not done.
enum ActionFailure: Error, Sendable {
    /// The board is served from a file that is not a store.
    case readOnly
    /// A field of the request does not fit (HTTP 422), or the body is not readable (400).
    case field(FieldProblem)
    case store(StoreError)
}

/// A request field that was wrong: which, and why, for the JSON error and the form's message.
struct FieldProblem: Error, Sendable, Equatable {
    enum Kind: Sendable { case unreadable, invalid }
    /// Why, as the page says it in the reader's language (the API's `message` is English).
    enum Reason: Sendable, Equatable {
        /// The field must be given (a card's title).
        case needed
        case notADate(String)
        case text(CardText.Problem)
        /// A link names a card the board does not have.
        case noSuchCard(String)
        /// A state the board does not have; `known` are its states' names.
        case noSuchState(String, known: [String])
        /// A link names the card itself.
        case sameCard
        /// An attachment's address is not http or https.
        case notAWebAddress
        /// Only the English `message` says it (what a form cannot send: a wrong JSON type).
        case said
    }
    var kind: Kind
    /// The field's name as the request has it (`title`, `due`), or `body` for the whole body.
    var field: String
    var message: String
    var reason: Reason = .said

    static func invalid(_ field: String, _ message: String, _ reason: Reason = .said) -> FieldProblem {
        FieldProblem(kind: .invalid, field: field, message: message, reason: reason)
    }
}
