/// Where a card's due date stands at a moment, as a board shows it: the red chip of an
/// overdue card, due today, due within a week. One definition for the terminal, the page
/// and the report: overdue means not archived, not in a done state, its due not marked met,
/// and past its due (a date-only due is overdue from the start of the next day in the
/// board's zone).
public enum DueStatus: Sendable, Equatable {
    /// Past due by this many calendar days (0: a time earlier today).
    case overdue(days: Int)
    case today
    /// Due in 1 to 7 days.
    case soon(days: Int)
    case later
    /// In a done state, archived, or the due marked met: the due no longer presses.
    case done

    /// The status of a card's due at `now` in `zone`, the card in a state of `category`;
    /// nil when it has no due.
    public static func of(_ card: Card, category: StateCategory?, now: Instant, zone: Zone) -> DueStatus? {
        card.due.map { of($0, category: category, settled: card.archived || card.dueComplete, now: now, zone: zone) }
    }

    /// The status of a due date at `now` in `zone`, for a card of `category`; `settled` when
    /// the due no longer presses whatever the date (the card archived, or its due met).
    public static func of(_ due: DueDate, category: StateCategory?, settled: Bool, now: Instant, zone: Zone) -> DueStatus {
        if settled || category == .done { return .done }
        let today = zone.calendarDate(of: now)
        let day = due.calendarDate(in: zone)
        if !(now < due.overdueFrom(in: zone)) {
            return .overdue(days: today.daysSinceEpoch - day.daysSinceEpoch)
        }
        let ahead = day.daysSinceEpoch - today.daysSinceEpoch
        if ahead <= 0 { return .today }
        return ahead <= 7 ? .soon(days: ahead) : .later
    }
}
