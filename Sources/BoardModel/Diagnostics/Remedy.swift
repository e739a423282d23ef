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
    /// Give the collection's password from a file or the environment.
    case giveCollectionPassword
    /// Give the URL, the user and the password each apart.
    case giveCredentialsApart
    /// Give a user name for the collection (and its password).
    case giveCollectionUser
    /// Skip the check of the server's certificate, where the server is trusted.
    case skipCertificateCheck
    /// Delete the cards whose to-dos the server no longer lists, or put every card there again.
    case confirmEmptiedCollection
    /// Switch the store to another collection.
    case switchCollection
    /// Give the database's password from the environment or a password file.
    case giveDatabasePassword
    /// Read the store without changing it.
    case lookOnly

    /// The remedy in words that name no command.
    public var text: String {
        switch self {
        case .createStore: "create one first"
        case .listCards: "the board's list shows them"
        case .checkRecovered(let path): "then check \(path) before using it (docs/store.md)"
        case .changeAccess: "change their role, or give them new links, instead"
        case .nameCollection: "give its URL and a user once and the store remembers it"
        case .readHistory: "the board's history shows the server's"
        case .giveCollectionPassword: "give it from a file or the environment (never as an argument)"
        case .giveCredentialsApart: "give the URL without them, and the user and the password apart"
        case .giveCollectionUser: "give a user name (and its password)"
        case .skipCertificateCheck: "the check can be skipped for a server one trusts"
        case .confirmEmptiedCollection: "if they were deleted there on purpose, a sync may delete the cards too; a new or re-created collection can take every card again"
        case .switchCollection: "to switch, sync as with a new collection (the store forgets the old one; nothing is deleted on either side)"
        case .giveDatabasePassword: "give it in PGPASSWORD, a password file or ~/.pgpass"
        case .lookOnly: "what only reads it reads it as it is"
        }
    }
}
