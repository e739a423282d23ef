import BoardModel

/// Trello's one reminder on a card, `dueReminder`: minutes before the due (-1 or null: none).
/// More reminders, or one at a moment, travel exactly in boardkit's own key beside it.
enum TrelloReminder {
    /// The minutes Trello takes for a card's reminders: the first before its due, when it is
    /// a whole number of minutes before; nil for none.
    static func minutes(_ reminders: [Reminder]) -> Int? {
        guard case .beforeDue(let offset)? = reminders.first, offset.isBefore || offset.days + offset.seconds == 0,
              offset.seconds % 60 == 0 else { return nil }
        return offset.days * 1440 + offset.seconds / 60
    }

    /// The card's reminders: boardkit's exact list when it wrote one, else Trello's.
    static func read(dueReminder: Double?, exact: [String]?) -> [Reminder] {
        if let exact {
            let read = exact.compactMap { Reminder(text: $0) }
            if read.count == exact.count { return read }
        }
        guard let minutes = dueReminder, minutes >= 0, minutes < 1e7, minutes == minutes.rounded() else { return [] }
        let n = Int(minutes)
        return [.beforeDue(n % 1440 == 0 ? ReminderOffset(days: n / 1440) : ReminderOffset(seconds: n * 60))]
    }
}
