/// A due (or start) date: either a whole calendar day or an exact instant. The two are never
/// conflated: a calendar date is all-day in the board's zone, an instant keeps its offset.
public enum DueDate: Sendable, Equatable, Hashable, CustomStringConvertible {
    case date(CalendarDate)
    case instant(Instant)

    /// ISO 8601: `2026-11-30` or `2026-11-30T18:00:00+09:00`.
    public var description: String {
        switch self {
        case .date(let d): return d.description
        case .instant(let i): return i.description
        }
    }

    /// Appends the ISO 8601 text (`description`) as UTF-8.
    public func append(to out: inout [UInt8]) {
        switch self {
        case .date(let d): ISO8601.appendDate(d, to: &out)
        case .instant(let i): ISO8601.appendInstant(i, to: &out)
        }
    }

    /// Parses `YYYY-MM-DD` as a date and a timestamp with an offset as an instant.
    public init?(iso text: some StringProtocol) {
        switch ISO8601.parse(Array(text.utf8)) {
        case .date(let d)?: self = .date(d)
        case .instant(let i)?: self = .instant(i)
        default: return nil
        }
    }

    /// The first instant at which a card due then is overdue, in `zone`: the start of the next
    /// day for a calendar date (a card due today is not overdue until today ends), the instant
    /// itself otherwise.
    public func overdueFrom(in zone: Zone) -> Instant {
        switch self {
        case .date(let d): return zone.startOfDay(d.addingDays(1))
        case .instant(let i): return i
        }
    }

    /// The calendar day this falls on in `zone`.
    public func calendarDate(in zone: Zone) -> CalendarDate {
        switch self {
        case .date(let d): return d
        case .instant(let i): return zone.calendarDate(of: i)
        }
    }
}
