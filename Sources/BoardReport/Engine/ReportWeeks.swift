import BoardModel

/// The ISO weeks (Monday to Sunday, in the board's zone) a report's weekly figures cover,
/// with their boundaries precomputed as epoch milliseconds so that putting an event into its
/// week is a comparison of integers, not a calendar computation.
public struct ReportWeeks: Sendable {
    /// One week of the window.
    public struct Week: Sendable, Equatable {
        /// The Monday that starts it.
        public var monday: CalendarDate
        /// ISO week-numbering year and week number (`2026-W53`).
        public var isoYear: Int
        public var isoWeek: Int
        /// `2026-W47`.
        public var label: String {
            "\(isoYear)-W\(isoWeek < 10 ? "0" : "")\(isoWeek)"
        }
    }

    public let weeks: [Week]
    /// `bounds[k]` is the first millisecond of `weeks[k]`; `bounds[weeks.count]` the first of the
    /// week after the last.
    public let bounds: [Int64]

    /// The `count` weeks ending with the one that holds `asOf`, in `zone`.
    public init(endingAt asOf: Instant, count: Int, zone: Zone) {
        let lastMonday = zone.calendarDate(of: asOf).startOfISOWeek
        let n = max(1, count)
        var weeks: [Week] = []
        var bounds: [Int64] = []
        weeks.reserveCapacity(n)
        bounds.reserveCapacity(n + 1)
        for k in 0...n {
            let monday = lastMonday.addingDays(7 * (k - n + 1))
            // Midnight in the zone: a daylight-saving change makes that week 167 or 169 hours.
            bounds.append(zone.startOfDay(monday).epochMilliseconds)
            if k < n {
                let iso = monday.isoWeek
                weeks.append(Week(monday: monday, isoYear: iso.year, isoWeek: iso.week))
            }
        }
        self.weeks = weeks
        self.bounds = bounds
    }

    /// Where an instant falls: 0 before the window, `k + 1` in `weeks[k]`, `weeks.count + 1`
    /// after it. The weekly tallies keep slot 0 for what happened earlier (the cumulative flow
    /// starts from it).
    @inline(__always)
    public func slot(_ ms: Int64) -> Int {
        if ms < bounds[0] { return 0 }
        // Few boundaries; most events are recent, so search from the end.
        var k = bounds.count - 1
        while k > 0 && ms < bounds[k] { k -= 1 }
        return k + 1
    }

    /// Slots: one before the window, one per week, one after.
    public var slotCount: Int { weeks.count + 2 }
}
