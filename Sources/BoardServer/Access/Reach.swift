import BoardStore

/// How far a request may go on a board; each reach includes the ones before it. Every route
/// names the reach it needs (`BoardRoutes`), and every way in gives one (`Visitor`).
enum Reach: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
    /// The calendar feeds and the live report: what a feed link opens, and nothing more.
    case feeds
    /// Also the board page, a card's page, the history and the API's reads.
    case read
    /// Also every change: add, edit, move, delete, the conversation, undo and redo.
    case write
    /// Also who has access.
    case admin

    static func < (a: Reach, b: Reach) -> Bool { a.rawValue < b.rawValue }

    var description: String {
        switch self {
        case .feeds: "feeds"
        case .read: "read"
        case .write: "write"
        case .admin: "admin"
        }
    }
}

extension AccessRole {
    /// What a person of this role reaches through their own link.
    var reach: Reach {
        switch self {
        case .viewer: .read
        case .editor: .write
        case .admin: .admin
        }
    }
}
