import BoardEditing
import BoardModel
import BoardReport

/// `--as-of` as `report`, `forecast` and `remind` take it: whatever `--due` takes
/// (`DateInput`: `2026-11-20`, `today`, `yesterday`, `-1w`, `friday`, a timestamp), counted
/// from now in the board's zone.
public enum AsOfOption {
    /// Which moment of a day a date stands for.
    public enum Day: Sendable {
        /// Its first moment (`remind`: the morning reminder goes out then).
        case start
        /// Its last moment (`report`, `forecast`: the day as it closed, so a card due that
        /// day is due today, not overdue).
        case end
    }

    /// The moment `text` means in `zone` at `now`, written in the zone's offset for a date;
    /// nil when `DateInput` does not read it.
    public static func moment(_ text: String, in zone: Zone, now: Instant, day: Day) -> Instant? {
        switch DateInput.parse(text, zone: zone, now: now) {
        case .date(let d)?:
            let start = zone.startOfDay(day == .start ? d : d.addingDays(1))
            return zone.localize(Instant(epochMilliseconds: start.epochMilliseconds - (day == .start ? 0 : 1)))
        case .instant(let i)?:
            return i
        case nil:
            return nil
        }
    }

    /// Whether `text` is an as-of at all (for usage checks, before a board gives its zone).
    public static func isValid(_ text: String) -> Bool {
        DateInput.parse(text, zone: .utc, now: Instant(epochMilliseconds: 0)) != nil
    }

    /// What `--as-of` takes, for usage errors.
    public static let accepted = DateInput.accepted
}
