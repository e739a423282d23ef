import BoardModel

/// What a column means for a card: one of the model's attributes, a custom field, or nothing.
public enum CardAttribute: Sendable, Hashable, CustomStringConvertible {
    case id, title, body, state
    /// A column that names the state's category directly (Jira's `Status Category`).
    case stateCategory
    case due, start, created, updated, completed
    /// Whether a card's due was met (`true` / `false`): a column only where a card's is.
    case dueComplete
    case labels, assignees, position, archived, url
    /// A card's reminders (`-P1D`, `2026-12-01T09:00:00+09:00`): a column only where a card has some.
    case reminders
    /// One comment per cell, as `date;author;text` (Jira's `Comment` columns).
    case comments
    /// One attachment per cell, as `date;author;name;url` or a bare URL (Jira's `Attachment`).
    case attachments
    /// Other cards this one links to as `LinkType` says, named by their id, their link key
    /// (Jira's `Parent id` names an `Issue id`) or their title (as Asana's `Parent task` and
    /// Jira's localized exports name a parent). A `parent` cell names one card; the others may
    /// name several (Jira's `Sub-tasks`, Asana's `Blocked By (Dependencies)`, Jira's
    /// `Outward issue link (Relates)`).
    case link(LinkType)
    /// A custom field kept under this name in `Card.fields`.
    case field(String)
    /// A column read and dropped on purpose (a mapping says so).
    case ignore

    /// The attributes with a column of their own in boardkit's canonical layout, in order.
    public static let canonicalOrder: [CardAttribute] = [
        .id, .title, .body, .state, .due, .start, .created, .updated, .completed,
        .labels, .assignees, .position, .archived, .url,
    ]

    /// The name used in mapping files and canonical headers (`due`, `field:Story points`).
    public var description: String {
        switch self {
        case .id: return "id"
        case .title: return "title"
        case .body: return "body"
        case .state: return "state"
        case .stateCategory: return "stateCategory"
        case .due: return "due"
        case .dueComplete: return "dueComplete"
        case .start: return "start"
        case .created: return "created"
        case .updated: return "updated"
        case .completed: return "completed"
        case .labels: return "labels"
        case .assignees: return "assignees"
        case .reminders: return "reminders"
        case .position: return "position"
        case .archived: return "archived"
        case .url: return "url"
        case .comments: return "comments"
        case .attachments: return "attachments"
        case .link(let type): return Self.linkName(type)
        case .field(let name): return "field:" + name
        case .ignore: return "ignore"
        }
    }

    /// Parses a mapping file's name for an attribute (`title`, `field:Sprint`, `ignore`).
    public init?(name: String) {
        if name.hasPrefix("field:") {
            let field = String(name.dropFirst(6))
            guard !field.isEmpty else { return nil }
            self = .field(field)
            return
        }
        switch name {
        case "id": self = .id
        case "title": self = .title
        case "body": self = .body
        case "state": self = .state
        case "stateCategory": self = .stateCategory
        case "due": self = .due
        case "dueComplete": self = .dueComplete
        case "start": self = .start
        case "created": self = .created
        case "updated": self = .updated
        case "completed": self = .completed
        case "labels": self = .labels
        case "assignees": self = .assignees
        case "reminders": self = .reminders
        case "position": self = .position
        case "archived": self = .archived
        case "url": self = .url
        case "comments": self = .comments
        case "attachments": self = .attachments
        case "ignore": self = .ignore
        default:
            guard let type = LinkType.allCases.first(where: { Self.linkName($0) == name }) else { return nil }
            self = .link(type)
        }
    }

    /// The model field a validator's `ModelPath` names for this attribute (`cards[3].due`).
    public var modelField: String? {
        switch self {
        case .field, .ignore: return nil
        case .stateCategory: return "state"
        default: return description
        }
    }

    /// The link a column of this attribute names the other cards by (nil: not a link column).
    public var linkType: LinkType? {
        if case .link(let type) = self { type } else { nil }
    }

    /// A link column's name in mapping files: the model's link type, spelled as a column
    /// names what it holds (`children` for `child`, camel case for `blocked-by`).
    private static func linkName(_ type: LinkType) -> String {
        switch type {
        case .parent: "parent"
        case .child: "children"
        case .blockedBy: "blockedBy"
        case .blocks: "blocks"
        case .relates: "relates"
        case .duplicates: "duplicates"
        }
    }

    /// Attributes that hold a list (several columns or one joined cell). A card has one
    /// parent, but Jira exports it twice (`Parent id` and `Parent`), so both columns count.
    public var isList: Bool {
        switch self {
        case .labels, .assignees, .reminders, .comments, .attachments, .link: true
        default: false
        }
    }
}
