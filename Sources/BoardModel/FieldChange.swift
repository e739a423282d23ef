/// A value a card's field held before or after an edit: text for single values (title, due
/// as ISO 8601, a custom field's text), a list for labels and assignees.
public enum FieldValue: Sendable, Equatable, Hashable, CustomStringConvertible {
    case text(String)
    case list([String])

    /// The text, or the list joined with ", " (for sentences, not for storage).
    public var description: String {
        switch self {
        case .text(let s): return s
        case .list(let items): return items.joined(separator: ", ")
        }
    }
}

/// One field of a card changed by an event: `due` from `2026-12-01` to `2026-12-03`.
/// `old` or `new` is nil when the field had no value on that side (a due date set or cleared).
///
/// Field names are the canonical JSON's card keys (`title`, `body`, `due`, `start`, `labels`,
/// `assignees`, `url`, `position`), or `fields.NAME` for a custom field.
public struct FieldChange: Sendable, Equatable, Hashable {
    public var field: String
    public var old: FieldValue?
    public var new: FieldValue?

    public init(field: String, old: FieldValue?, new: FieldValue?) {
        self.field = field
        self.old = old
        self.new = new
    }
}
