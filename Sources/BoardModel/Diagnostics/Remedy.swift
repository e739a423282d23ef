/// What a person can do about a diagnostic, named for what it does rather than by a command.
/// A library's message says which (`DiagnosticMessage.remedy`) and never names a command: the
/// program showing the diagnostic words it in its own (`boardkit` names its `init`, `show`,
/// `validate`…; a program built on the libraries names its own, or takes `text`).
public enum Remedy: Sendable, Equatable {
    /// Make the store first.
    case createStore
    /// See the cards' ids and numbers.
    case listCards
    /// Check the copy recovered from a damaged store, at `path`.
    case checkRecovered(path: String)
    /// Change the role of someone who has access, or give them new links.
    case changeAccess
    /// Name the CalDAV collection once, with a user; the store remembers it.
    case nameCollection
    /// Read the board's history, where what the other side wrote is recorded.
    case readHistory

    /// The remedy in words that name no command.
    public var text: String {
        switch self {
        case .createStore: "create one first"
        case .listCards: "the board's list shows them"
        case .checkRecovered(let path): "then check \(path) before using it (docs/store.md)"
        case .changeAccess: "change their role, or give them new links, instead"
        case .nameCollection: "give its URL and a user once and the store remembers it"
        case .readHistory: "the board's history shows the server's"
        }
    }
}
