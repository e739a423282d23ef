import BoardModel

/// What a person asked for that cannot be: a card or a state the board does not have, a
/// value that does not fit its field. A type of its own, apart from what happened to the store
/// (`StoreError`, which carries it as `refused` when the store is where it was found), so a
/// caller answers it as the person's to mend (the terminal's exit 1 saying what to type, the
/// page's 404 or 422) and never as a failing disk or a busy board. `text` is the one place
/// its words are.
public enum InputRefusal: Error, DiagnosticMessage, Equatable {
    /// No card is called that; `close` are the nearest ids, titles or numbers.
    case unknownCard(String, close: [String])
    /// No state is called that; `known` are the board's state names.
    case unknownState(String, known: [String])
    /// A value that does not fit (`field` named as the command's flag).
    case invalidValue(field: String, value: String, accepted: Accepted)

    /// What a field accepts, said after a value it does not.
    public enum Accepted: Sendable, Equatable {
        /// A card id no other card has.
        case uniqueCardID
        /// An event's card: one of the board's.
        case boardsCard
        case timeZone
        /// A date as people type it; `forms` says which forms are taken, in the words of the
        /// caller that read it (BoardEditing's `DateInput.accepted`): the store reads no dates
        /// people type.
        case date(forms: String)
        /// Text a card field takes (BoardEditing's `CardText`); `problem` says what is wrong
        /// ("is 600 characters; at most 500").
        case text(problem: String)
        /// One of these (a comment's id, a link's type).
        case oneOf([String])
        /// Someone not yet given access (a person added twice).
        case newPerson
    }

    /// The diagnostic: a value's at the field it was given for; a card or a state the board
    /// lacks has no place of its own (the caller gives the store's).
    public var diagnostic: Diagnostic {
        switch self {
        case .invalidValue(let field, _, _): Diagnostic(self, at: SourceLocation(file: field))
        case .unknownCard, .unknownState: Diagnostic(self)
        }
    }

    public var code: DiagnosticCode {
        switch self {
        case .unknownCard: .unknownCard
        case .unknownState: .unknownStateName
        case .invalidValue: .invalidValue
        }
    }

    /// What to do next, where there is a step to name (the program words it: `Remedy`).
    public var remedy: Remedy? {
        switch self {
        case .unknownCard(_, let close) where close.isEmpty: .listCards
        case .invalidValue(_, _, .newPerson): .changeAccess
        default: nil
        }
    }

    public var text: String {
        switch self {
        case .unknownCard(let ref, let close):
            let hint = close.isEmpty ? "name a card by its id or its number (#12)"
                                     : "did you mean \(close.joined(separator: ", "))?"
            return "no card '\(ref)'; \(hint)"
        case .unknownState(let ref, let known):
            return "no state '\(ref)'; the board's states are \(known.joined(separator: ", "))"
        case .invalidValue(let field, _, .text(let problem)):
            return "\(field) \(problem)"
        case .invalidValue(let field, let value, .newPerson):
            return "\(field) '\(value)' already has access"
        case .invalidValue(let field, let value, let accepted):
            let what = switch accepted {
            case .uniqueCardID: "another card has it"
            case .boardsCard: "an event must name one of the board's cards"
            case .timeZone: "use an IANA zone name such as Asia/Seoul or UTC"
            case .date(let forms): forms
            case .text(let problem): problem
            case .newPerson: "already has access"
            case .oneOf(let values) where values.isEmpty: "there is none"
            case .oneOf(let values): "one of \(values.joined(separator: ", "))"
            }
            return "'\(value)' is not a valid \(field); \(what)"
        }
    }
}

extension DiagnosticCode {
    public static let unknownCard = DiagnosticCode(
        "unknown-card", .error, "A command names a card the board does not have.")
    public static let unknownStateName = DiagnosticCode(
        "unknown-state-name", .error, "A command names a state the board does not have.")
    public static let invalidValue = DiagnosticCode(
        "invalid-value", .error, "A value given to a command does not fit its field (a bad date).")
}
