import BoardModel

/// A reminder as a person types it, on the command line or the card's page: a duration
/// before the due (`-P1D`, `-PT2H`, or the words `1d`, `2h`, `30m` before it), or a moment
/// as `DateInput` reads one (`2026-12-01T09:00` in the board's zone, `friday 9:00`); a day
/// alone is that day at 09:00.
public enum ReminderInput {
    /// What `parse` takes, for messages.
    public static let accepted = "a duration before the due (-P1D, -PT2H, or 1d, 2h, 30m), or a moment (2026-12-01T09:00, tomorrow 9:00)"

    public static func parse(_ text: String, zone: Zone, now: Instant) -> Reminder? {
        let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        if let offset = ReminderOffset(trimmed) { return .beforeDue(offset) }
        if let offset = shortOffset(trimmed) { return .beforeDue(offset) }
        if let at = dayAndTime(trimmed, zone: zone, now: now) { return .at(at) }
        switch DateInput.parse(trimmed, zone: zone, now: now) {
        case .instant(let i)?: return .at(i)
        case .date(let d)?: return .at(zone.instant(LocalDateTime(date: d, hour: Reminder.dateDueHour)))
        case nil: return nil
        }
    }

    /// `friday 9:00`, `tomorrow 18:30`, `2026-12-01 9:00`: a day as `DateInput` reads one,
    /// then a clock time in the board's zone.
    private static func dayAndTime(_ text: String, zone: Zone, now: Instant) -> Instant? {
        guard let space = text.lastIndex(of: " ") else { return nil }
        let clock = text[text.index(after: space)...].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2, clock[1].count == 2, let h = Int(clock[0]), let m = Int(clock[1]),
              (0...23).contains(h), (0...59).contains(m),
              case .date(let day)? = DateInput.parse(String(text[..<space]), zone: zone, now: now) else { return nil }
        return zone.instant(LocalDateTime(date: day, hour: h, minute: m))
    }

    /// `1d`, `2h`, `30m`, `1w` (before the due).
    private static func shortOffset(_ text: String) -> ReminderOffset? {
        guard let unit = text.last, let n = Int(text.dropLast()), n >= 0, n < 100_000 else { return nil }
        switch unit {
        case "w": return ReminderOffset(days: 7 * n)
        case "d": return ReminderOffset(days: n)
        case "h": return ReminderOffset(seconds: 3600 * n)
        case "m": return ReminderOffset(seconds: 60 * n)
        default: return nil
        }
    }
}
