/// Where a card's due date stands at a moment, as a board shows it: the red chip of an
/// overdue card, due today, due within a week. One definition for the terminal, the page
/// and the report: overdue means not archived, not in a done state, and past its due (a
/// date-only due is overdue from the start of the next day in the board's zone).
public enum DueStatus: Sendable, Equatable {
    /// Past due by this many calendar days (0: a time earlier today).
    case overdue(days: Int)
    case today
    /// Due in 1 to 7 days.
    case soon(days: Int)
    case later
    /// In a done state (or archived): the due no longer presses.
    case done

    /// The status of a due date for a card of `category` at `now` in `zone`.
    public static func of(_ due: DueDate, category: StateCategory?, archived: Bool, now: Instant, zone: Zone) -> DueStatus {
        if archived || category == .done { return .done }
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
