import BoardModel

/// What a person given access to a board may do there; each role can do what the ones
/// before it can (Wekan's and Nextcloud Deck's board roles, without the commenter).
public enum AccessRole: String, Sendable, CaseIterable, Comparable {
    /// Sees the board, its cards and their history, and subscribes to its feeds.
    case viewer
    /// Also changes cards: adds, edits, moves, deletes, comments, undoes their own steps.
    case editor
    /// Also sees who has access (the people are given and taken by `boardkit access`).
    case admin

    public static func < (a: AccessRole, b: AccessRole) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A person given access to a board.
public struct BoardPerson: Sendable, Equatable {
    /// The name every change they make is recorded under.
    public var name: String
    public var role: AccessRole
    /// When they were given access, and by whom (the login that ran `boardkit access add`).
    public var added: Instant
    public var addedBy: String?

    public init(name: String, role: AccessRole, added: Instant, addedBy: String?) {
        self.name = name
        self.role = role
        self.added = added
        self.addedBy = addedBy
    }
}
