import Foundation
import Synchronization

/// An IANA time zone, used to turn instants into calendar days and back.
///
/// Offsets come from Foundation's `TimeZone` (the system tz database); the last answer is
/// cached because reports ask about neighbouring instants millions of times.
public final class Zone: Sendable {
    public let identifier: String
    private let tz: TimeZone
    // Offset changes between 1900 and 2200, found once: `offsets[k]` holds from
    // `transitions[k]` until the next one, `initialOffset` before the first. Looking an
    // offset up is then a binary search instead of a call into Foundation.
    private let transitions: [Int64]
    private let offsets: [Int32]
    private let initialOffset: Int32
    private static let tableStart: Int64 = -2_208_988_800 // 1900-01-01
    private static let tableEnd: Int64 = 7_258_118_400 // 2200-01-01

    /// The zone named `identifier`, nil when it is not a time zone this system knows. Each
    /// zone is made once per process and shared (its table costs a walk over three centuries
    /// of transitions: the board page asked for its board's zone on every request).
    public static func named(_ identifier: String) -> Zone? {
        if let known = made.withLock({ $0[identifier] }) { return known }
        let zone = Zone(building: identifier)
        made.withLock { $0[identifier] = zone }
        return zone
    }

    /// The zones made so far, by name (nil for a name that is no zone).
    private static let made = Mutex<[String: Zone?]>([:])

    private init?(building identifier: String) {
        // TimeZone(identifier:) also accepts abbreviations such as "KST"; boards name zones
        // the IANA way, so anything else is reported rather than guessed. Foundation's list
        // on Linux leaves out some current IANA names it does know (`Asia/Kolkata`, listed
        // only as the old `Asia/Calcutta`; `Etc/UTC`), so an `Area/Location` name the tz
        // database resolves under that same name is a zone too.
        guard let tz = TimeZone(identifier: identifier),
              identifier == "UTC" || TimeZone.knownTimeZoneIdentifiers.contains(identifier)
                || (identifier.contains("/") && tz.identifier == identifier) else { return nil }
        self.identifier = identifier
        self.tz = tz
        var transitions: [Int64] = []
        var offsets: [Int32] = []
        var cursor = Date(timeIntervalSince1970: TimeInterval(Zone.tableStart))
        initialOffset = Int32(tz.secondsFromGMT(for: cursor))
        while let next = tz.nextDaylightSavingTimeTransition(after: cursor),
              next.timeIntervalSince1970 < TimeInterval(Zone.tableEnd), next > cursor {
            transitions.append(Int64(next.timeIntervalSince1970.rounded(.down)))
            offsets.append(Int32(tz.secondsFromGMT(for: next)))
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    public static let utc = Zone.named("UTC")!

    /// UTC offset in seconds at an instant.
    public func offset(atEpochSeconds t: Int64) -> Int32 {
        guard t >= Zone.tableStart, t < Zone.tableEnd else {
            return Int32(tz.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(t))))
        }
        // Last transition at or before t.
        var lo = 0
        var hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initialOffset : offsets[lo - 1]
    }

    /// One change of this zone's UTC offset.
    public struct Transition: Sendable, Equatable {
        /// The moment of the change, seconds since the epoch.
        public var epochSeconds: Int64
        /// The offset in force just before it.
        public var offsetBefore: Int32
        /// The offset from then on.
        public var offsetAfter: Int32
    }

    /// The offset changes in `[from, to)` (epoch seconds), oldest first, from the table built
    /// at initialisation (1900–2200). For writers that describe the zone themselves, such
    /// as an iCalendar VTIMEZONE.
    public func transitions(fromEpochSeconds from: Int64, to: Int64) -> [Transition] {
        var out: [Transition] = []
        for k in transitions.indices where transitions[k] >= from && transitions[k] < to {
            let before = k == 0 ? initialOffset : offsets[k - 1]
            if before != offsets[k] {
                out.append(Transition(epochSeconds: transitions[k], offsetBefore: before, offsetAfter: offsets[k]))
            }
        }
        return out
    }

    /// The instant written in this zone's offset at that moment.
    public func localize(_ i: Instant) -> Instant {
        i.withOffset(offset(atEpochSeconds: i.epochSeconds))
    }

    /// The wall-clock reading of an instant in this zone.
    public func local(_ i: Instant) -> LocalDateTime { localize(i).local }

    /// The calendar day an instant falls on in this zone.
    public func calendarDate(of i: Instant) -> CalendarDate { local(i).date }

    /// The instant a wall-clock reading denotes here. In a daylight-saving gap the reading is
    /// moved forward by the gap (as calendars do); in an overlap the earlier instant wins.
    public func instant(_ t: LocalDateTime) -> Instant {
        let asUTC = t.epochMillisecondsAsIfUTC / 1000
        let guess = offset(atEpochSeconds: asUTC)
        let first = t.instant(offsetSeconds: guess)
        let actual = offset(atEpochSeconds: first.epochSeconds)
        if actual == guess { return earlierInOverlap(t, first) }
        let second = t.instant(offsetSeconds: actual)
        if offset(atEpochSeconds: second.epochSeconds) == actual { return earlierInOverlap(t, second) }
        // In a gap: neither offset maps back; keep the elapsed moment, shown in the new offset.
        return first.withOffset(offset(atEpochSeconds: first.epochSeconds))
    }

    private func earlierInOverlap(_ t: LocalDateTime, _ candidate: Instant) -> Instant {
        // Another offset an hour either side may map the same reading earlier.
        for probe: Int64 in [-3 * 3600, -3600] {
            let off = offset(atEpochSeconds: candidate.epochSeconds + probe)
            if off != candidate.offsetSeconds {
                let other = t.instant(offsetSeconds: off)
                if other < candidate && offset(atEpochSeconds: other.epochSeconds) == off {
                    return other
                }
            }
        }
        return candidate
    }

    /// Midnight at the start of a calendar day here.
    public func startOfDay(_ d: CalendarDate) -> Instant {
        instant(LocalDateTime(date: d))
    }
}
