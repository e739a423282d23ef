import BoardLocale
import BoardModel

/// One assignee's reminder in words: its subject and its plain-text body, in the locale's
/// words (the lists: overdue, due today, due this week; each card's title, number or id,
/// state and due).
public struct ReminderText: Sendable {
    public let reminders: DueReminders
    public let locale: ReportLocale

    public init(_ reminders: DueReminders, locale: ReportLocale) {
        self.reminders = reminders
        self.locale = locale
    }

    /// `Cards due: Web team — mina — 2026-11-20 (Fri)`.
    public func subject(_ person: DueReminders.Person) -> String {
        "\(locale.label("reminder")): \(reminders.boardName.onOneLine) — \(name(person)) — \(locale.date(reminders.asOfDate))"
    }

    public func body(_ person: DueReminders.Person) -> String {
        let heading = locale.label(person.name.isEmpty ? "reminderUnassignedFor" : "reminderFor")
        var lines = ["\(name(person)): \(heading) \(reminders.boardName.onOneLine) (\(locale.date(reminders.asOfDate)))", ""]
        for (key, items) in [("overdue", person.overdue), ("dueToday", person.today), ("dueThisWeek", person.week)] where !items.isEmpty {
            lines.append("\(locale.label(key)) (\(items.count))")
            for item in items {
                lines.append("- \(item.reference) \(item.title.onOneLine) · \(item.stateName.onOneLine) · \(locale.label("due")) \(locale.due(item.due, zone: reminders.zone))")
            }
            lines.append("")
        }
        lines.append("-- ")
        lines.append(locale.label("reminderFooter"))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The assignee, or `(unassigned)` for the cards due with none (`DueReminders.unassigned`).
    public func name(_ person: DueReminders.Person) -> String {
        person.name.isEmpty ? locale.label("unassigned") : person.name
    }
}
