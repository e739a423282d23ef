#if canImport(Glibc)
import Glibc
#endif

/// An exact moment, with the UTC offset it was written in, so `18:00+09:00` stays
/// `18:00+09:00` through a round trip. Equality compares both the moment and the offset;
/// use `<` or `epochMilliseconds` to compare moments only.
public struct Instant: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var epochMilliseconds: Int64
    /// Offset from UTC the instant was written in, in seconds (east positive).
    public var offsetSeconds: Int32

    public init(epochMilliseconds: Int64, offsetSeconds: Int32 = 0) {
        self.epochMilliseconds = epochMilliseconds
        self.offsetSeconds = offsetSeconds
    }

    public init(epochSeconds: Int64, offsetSeconds: Int32 = 0) {
        self.init(epochMilliseconds: epochSeconds * 1000, offsetSeconds: offsetSeconds)
    }

    /// Whole seconds since the epoch (floored).
    public var epochSeconds: Int64 {
        epochMilliseconds >= 0 ? epochMilliseconds / 1000 : (epochMilliseconds - 999) / 1000
    }

    /// The same moment written in another offset.
    public func withOffset(_ seconds: Int32) -> Instant {
        Instant(epochMilliseconds: epochMilliseconds, offsetSeconds: seconds)
    }

    /// The same moment in UTC.
    public var utc: Instant { withOffset(0) }

    public func adding(seconds: Int64) -> Instant {
        Instant(epochMilliseconds: epochMilliseconds + seconds * 1000, offsetSeconds: offsetSeconds)
    }

    /// Elapsed seconds from `self` to `other`.
    public func seconds(to other: Instant) -> Double {
        Double(other.epochMilliseconds - epochMilliseconds) / 1000
    }

    /// The wall-clock reading in this instant's own offset.
    public var local: LocalDateTime {
        LocalDateTime(epochMillisecondsAsIfUTC: epochMilliseconds + Int64(offsetSeconds) * 1000)
    }

    public static func < (a: Instant, b: Instant) -> Bool {
        a.epochMilliseconds < b.epochMilliseconds
    }

    /// ISO 8601 in its own offset: `2026-11-02T18:00:00+09:00`, `2026-11-02T09:00:00Z`,
    /// with `.sss` only when there are milliseconds.
    public var description: String {
        var out = [UInt8]()
        out.reserveCapacity(29)
        ISO8601.appendInstant(self, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// A wall-clock date and time with no zone ("floating" in iCalendar, Jira's exports).
/// Becomes an `Instant` only through a `Zone`.
public struct LocalDateTime: Sendable, Equatable, Hashable, Comparable {
    public var date: CalendarDate
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var millisecond: Int

    public init(date: CalendarDate, hour: Int = 0, minute: Int = 0, second: Int = 0,
                millisecond: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    init(epochMillisecondsAsIfUTC ms: Int64) {
        let dayMs: Int64 = 86_400_000
        let days = ms >= 0 ? ms / dayMs : (ms - dayMs + 1) / dayMs
        let rest = Int(ms - days * dayMs)
        date = CalendarDate(daysSinceEpoch: Int(days))
        hour = rest / 3_600_000
        minute = rest / 60_000 % 60
        second = rest / 1000 % 60
        millisecond = rest % 1000
    }

    /// Milliseconds since the epoch if this wall-clock reading were UTC.
    public var epochMillisecondsAsIfUTC: Int64 {
        Int64(date.daysSinceEpoch) * 86_400_000
            + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond)
    }

    /// The instant this reading denotes at a fixed offset.
    public func instant(offsetSeconds: Int32) -> Instant {
        Instant(epochMilliseconds: epochMillisecondsAsIfUTC - Int64(offsetSeconds) * 1000,
                offsetSeconds: offsetSeconds)
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        a.epochMillisecondsAsIfUTC < b.epochMillisecondsAsIfUTC
    }
}

extension Instant {
    /// This moment, to the millisecond, written in UTC (or in `offsetSeconds`).
    public static func now(offsetSeconds: Int32 = 0) -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(epochMilliseconds: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000,
                       offsetSeconds: offsetSeconds)
    }

    /// This moment, written in `zone`'s offset now: "now" as a board says it (its log's
    /// times, what is overdue today, a report's as-of).
    public static func now(in zone: Zone) -> Instant {
        zone.localize(now())
    }
}
