/// A reminder set on a card ("remind me the day before, at 9"): a time relative to its due,
/// or a moment of its own. Canonical JSON and the store keep its text (`description`).
public enum Reminder: Sendable, Hashable, CustomStringConvertible {
    /// Before (or after) the card's due: `-P1D`, `-PT2H`.
    case beforeDue(ReminderOffset)
    /// At a moment, with its offset: `2026-12-01T09:00:00+09:00`.
    case at(Instant)

    /// The clock time a date-only due is counted from: a due "on Friday" reminded "a day
    /// before" is reminded on Thursday at 09:00 in the board's zone.
    public static let dateDueHour = 9

    /// Parses a duration (`-P1D`) or an instant with its offset. Nil for anything else
    /// (a time without an offset is the board's zone's, which `BoardEditing` resolves).
    public init?(text: some StringProtocol) {
        if let offset = ReminderOffset(text) {
            self = .beforeDue(offset)
        } else if let instant = ISO8601.parseInstant(String(text)) {
            self = .at(instant)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .beforeDue(let offset): offset.description
        case .at(let instant): instant.description
        }
    }

    /// When the reminder goes for a card due `due`, in the board's `zone`; nil for a reminder
    /// relative to a due the card does not have.
    public func moment(due: DueDate?, zone: Zone) -> Instant? {
        switch self {
        case .at(let instant):
            return instant
        case .beforeDue(let offset):
            guard let due else { return nil }
            let base: Instant = switch due {
            case .instant(let i): i
            case .date(let d): zone.instant(LocalDateTime(date: d, hour: Self.dateDueHour))
            }
            return offset.applied(to: base, in: zone)
        }
    }
}
