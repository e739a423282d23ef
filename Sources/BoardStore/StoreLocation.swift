import Foundation

/// Where a board's store is, as a person names it: a SQLite file, or a board in a PostgreSQL
/// database (`postgres://host/db?board=team`). Told apart here, once, from the text given;
/// every caller asks this instead of looking at the text. What a database address says
/// (server, user, board) is read when the store is opened (`PostgresAddress`), which refuses
/// one that cannot be used.
public enum StoreLocation: Sendable, Hashable {
    /// A SQLite file's path.
    case file(path: String)
    /// A `postgres://` or `postgresql://` URL, as written.
    case database(url: String)

    public init(_ text: String) {
        self = PostgresAddress.isAddress(text) ? .database(url: text) : .file(path: text)
    }

    /// The location as written.
    public var text: String {
        switch self {
        case .file(let path): path
        case .database(let url): url
        }
    }

    /// True for a board in a database (no file to open, sniff, or place when whole).
    public var isDatabase: Bool {
        if case .database = self { return true }
        return false
    }

    /// True when a store may be read there: a file that starts as a SQLite database does
    /// (opening it says whether it is a boardkit store), or a database address.
    public var holdsStore: Bool {
        switch self {
        case .file(let path): SQLiteHeader.matches(path: path)
        case .database: true
        }
    }

    /// The store's own name for its board: a file's name without its extension, or the
    /// `board=` of a database address (what `serve --board NAME=…` usually calls it too, and
    /// what a new board there is called when `init` is given no name).
    public var boardName: String {
        switch self {
        case .file(let path): ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        case .database(let url): ((try? PostgresAddress(url, environment: [:])) ?? nil)?.board ?? "board"
        }
    }

    /// The location as a message may show it: a database address without a password it
    /// holds (opening one refuses it, `store-address-invalid`), a file's path as it is.
    public var shown: String {
        switch self {
        case .file(let path): path
        case .database(let url): PostgresAddress.shown(url)
        }
    }

    /// What a database address says, read now; nil for a file.
    func address() throws(StoreError) -> PostgresAddress? {
        guard case .database(let url) = self else { return nil }
        return try PostgresAddress(url)
    }
}
