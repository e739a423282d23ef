import BoardLocale
import BoardModel

/// A reminder set on a card in words, as one message to one person: its subject and its
/// plain-text body in the locale's words (the card's number or id, title, state, due, and
/// the reminder as it was set).
public struct CardReminderText: Sendable {
    public let reminders: CardRemindersDue
    public let locale: ReportLocale

    public init(_ reminders: CardRemindersDue, locale: ReportLocale) {
        self.reminders = reminders
        self.locale = locale
    }

    /// `Reminder: #12 Write the report — due 2026-12-04 (Fri) 09:00`.
    public func subject(_ item: CardRemindersDue.Item) -> String {
        let due = item.due.map { " — \(locale.label("due")) \(locale.due($0, zone: reminders.zone))" } ?? ""
        return "\(locale.label("cardReminder")): \(item.reference) \(item.title.onOneLine)\(due)"
    }

    /// The body for `name` (empty: the card has no assignee, and the message goes to whoever
    /// takes those).
    public func body(_ item: CardRemindersDue.Item, for name: String) -> String {
        let whom = name.isEmpty ? locale.label("unassigned") : name
        var lines = ["\(whom): \(locale.label("cardReminderFor")) \(reminders.boardName.onOneLine)", "",
                     "\(item.reference) \(item.title.onOneLine)",
                     "\(locale.label("state")): \(item.stateName.onOneLine)"]
        if let due = item.due {
            lines.append("\(locale.label("due")): \(locale.due(due, zone: reminders.zone))")
        }
        lines.append("\(locale.label("cardReminder")): \(locale.reminder(item.reminder, due: item.due, zone: reminders.zone))")
        lines += ["", "-- ", locale.label("reminderFooter")]
        return lines.joined(separator: "\n") + "\n"
    }
}
