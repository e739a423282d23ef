import BoardEditing
import BoardModel

/// A sync's warnings: it goes on, and says what the user may not want.
public enum SyncCaution: DiagnosticMessage, Equatable {
    case passwordInTheClear(host: String)
    /// A to-do's field changed on the server to what no card may hold: this store's value is
    /// kept and put back there (the history keeps the server's, word for word).
    case refusedValue(card: String, field: String, problem: CardText.Problem)
    /// A to-do new on the server whose field no card may hold: not taken as a card (it stays
    /// on the server as it is).
    case refusedTodo(field: String, problem: CardText.Problem)
    /// The server refused the PUT of a card's to-do (`status` as said, `answer` the first
    /// line of its reply): skipped, the push went on with the other cards.
    case pushRefused(card: String, status: String, answer: String)

    public var code: DiagnosticCode {
        switch self {
        case .passwordInTheClear: .syncPlainHTTP
        case .refusedValue, .refusedTodo: .syncRefused
        case .pushRefused: .syncPushRefused
        }
    }

    /// What to do next, where there is a step to name (the program words it: `Remedy`).
    public var remedy: Remedy? {
        if case .refusedValue = self { return .readHistory }
        return nil
    }

    public var text: String {
        switch self {
        case .passwordInTheClear(let host):
            "the password goes to \(host) over plain http, readable on the way; use https:// if the server offers it"
        case .refusedValue(let card, let field, let problem):
            "the server's \(field) for \(card) \(problem.sentence): not taken; this store's is kept and put back there"
        case .refusedTodo(let field, let problem):
            "this to-do's \(field) \(problem.sentence): not taken as a card; change it in the other app and sync again"
        case .pushRefused(let card, let status, let answer):
            "the server refused the to-do of \(card) (\(status)\(answer.isEmpty ? "" : ": " + PrintableText.line(answer, limit: 200))): "
                + "not written; the card is kept as it is here, the other cards were synced, and the next sync tries again"
        }
    }
}

extension DiagnosticCode {
    public static let syncPlainHTTP = DiagnosticCode(
        "sync-plain-http", .warning, "`sync` sends a password over plain http to another machine.")
    public static let syncRefused = DiagnosticCode(
        "sync-refused", .warning, "A to-do on the server holds what no card field may (a title of two lines or over 500 characters, a control character): it is not taken.")
    public static let syncPushRefused = DiagnosticCode(
        "sync-push-refused", .warning, "The server refused the PUT of a card's to-do (400, 403…): that card is skipped, the others are synced.")
}
