/// A card's fields by the names a `FieldChange` uses, so a change log can read a value
/// before an edit and put it back on undo without a switch in every caller.
extension Card {
    /// Names of the card's own fields, in canonical JSON order. Custom fields are
    /// `fields.NAME`.
    public static let fieldNames = ["title", "body", "state", "due", "dueComplete", "start", "created", "updated",
                                    "completed", "labels", "assignees", "reminders", "position", "archived", "url"]

    /// Fields whose value is a list.
    public static func isListField(_ name: String) -> Bool { name == "labels" || name == "assignees" || name == "reminders" }

    /// Fields whose value is a `DueDate` (a calendar date or an instant).
    public static func isDueDateField(_ name: String) -> Bool { name == "due" || name == "start" }

    /// A position as the log keeps it: its shortest decimal.
    public static func value(ofPosition position: Double?) -> FieldValue? {
        position.map { .text(String($0)) }
    }

    /// The field's value, nil when it has none. Dates and instants as ISO 8601, a position as
    /// its shortest decimal, archived as `true` / `false`.
    public func value(of field: String) -> FieldValue? {
        switch field {
        case "title": return .text(title)
        case "body": return body.isEmpty ? nil : .text(body)
        case "state": return .text(state)
        case "due": return due.map { .text($0.description) }
        case "dueComplete": return dueComplete ? .text("true") : nil
        case "start": return start.map { .text($0.description) }
        case "created": return created.map { .text($0.description) }
        case "updated": return updated.map { .text($0.description) }
        case "completed": return completed.map { .text($0.description) }
        case "labels": return labels.isEmpty ? nil : .list(labels)
        case "assignees": return assignees.isEmpty ? nil : .list(assignees)
        case "reminders": return reminders.isEmpty ? nil : .list(reminders.map(\.description))
        case "position": return Self.value(ofPosition: position)
        case "archived": return .text(archived ? "true" : "false")
        case "url": return url.map { .text($0) }
        default:
            guard field.hasPrefix("fields.") else { return nil }
            return fields[String(field.dropFirst(7))].map { .text($0) }
        }
    }

    /// Sets the field to `value` (nil clears it). False when the name is not a field or the
    /// value does not fit it (a due that is not ISO 8601); the card is then unchanged.
    @discardableResult
    public mutating func set(_ field: String, to value: FieldValue?) -> Bool {
        func text() -> String? {
            if case .text(let s)? = value { return s }
            return nil
        }
        func list() -> [String] {
            switch value {
            case .list(let items)?: return items
            case .text(let s)?: return [s]
            case nil: return []
            }
        }
        func instant() -> Instant?? {
            guard let s = text() else { return .some(nil) }
            return ISO8601.parseInstant(s).map { .some($0) }
        }
        func dueDate() -> DueDate?? {
            guard let s = text() else { return .some(nil) }
            return DueDate(iso: s).map { .some($0) }
        }
        switch field {
        case "title": title = text() ?? ""
        case "body": body = text() ?? ""
        case "state":
            guard let s = text() else { return false }
            state = s
        case "due":
            guard let d = dueDate() else { return false }
            due = d
        case "dueComplete":
            guard let s = text() else { dueComplete = false; return true }
            guard s == "true" || s == "false" else { return false }
            dueComplete = s == "true"
        case "start":
            guard let d = dueDate() else { return false }
            start = d
        case "created":
            guard let i = instant() else { return false }
            created = i
        case "updated":
            guard let i = instant() else { return false }
            updated = i
        case "completed":
            guard let i = instant() else { return false }
            completed = i
        case "labels": labels = list()
        case "assignees": assignees = list()
        case "reminders":
            let read = list().compactMap { Reminder(text: $0) }
            guard read.count == list().count else { return false }
            reminders = read
        case "position":
            guard let s = text() else { position = nil; return true }
            guard let p = Double(s) else { return false }
            position = p
        case "archived": archived = text() == "true"
        case "url": url = text()
        default:
            guard field.hasPrefix("fields.") else { return false }
            fields[String(field.dropFirst(7))] = text()
        }
        return true
    }
}
