import BoardModel
import BoardStore

/// What a person asks of the board from the page or the API.
enum BoardAction: Sendable, Equatable {
    /// Changes to one card, as the store takes them (an edit form that also changes the
    /// state is an update and a move, in one step).
    case edit([CardEdit])
    case undo
    case redo

    /// The name the history shows for the step (the command-line command that does the same).
    var commandName: String {
        switch self {
        case .undo: return "undo"
        case .redo: return "redo"
        case .edit(let edits):
            switch edits.first ?? .delete(card: "") {
            case .add: return "add"
            case .update: return "edit"
            case .move: return "move"
            case .archive: return "archive"
            case .restore: return "restore"
            case .delete: return "delete"
            case .recordConflict: return "sync"
            }
        }
    }
}

/// An action with the card version the person saw (from `If-Match` or the form's hidden
/// `version` field): the store refuses the action when the card has changed since.
struct ActionRequest: Sendable, Equatable {
    var action: BoardAction
    var version: String?
}

/// What an action did.
enum ActionOutcome: Sendable {
    /// A step was made; the card as it is after it (nil for a card deleted) and the events.
    case changed(StoredCard?, events: [LogEvent])
    /// Nothing needed changing.
    case unchanged(StoredCard)
    /// Undo or redo took a step back or forward.
    case stepTaken(StepRecord, undone: Bool)
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
    var kind: Kind
    /// The field's name as the request has it (`title`, `due`), or `body` for the whole body.
    var field: String
    var message: String

    static func invalid(_ field: String, _ message: String) -> FieldProblem {
        FieldProblem(kind: .invalid, field: field, message: message)
    }
}
