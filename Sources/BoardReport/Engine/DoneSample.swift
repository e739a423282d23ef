import BoardModel

/// What a forecast draws from: how many cards were finished on each calendar day (in the
/// board's zone) of the last weeks up to and including as-of's day. A card is finished when it
/// enters a `done` state from a state that is not done, or is created in one; a card reopened
/// and finished again counts again. Days with nothing finished are zeros.
///
/// The days start no earlier than the day the board's history does (its first card's
/// creation): days before the board existed say nothing about the team's pace.
public struct DoneSample: Sendable, Equatable {
    /// The first and last day sampled (`to` is as-of's date).
    public var from: CalendarDate
    public var to: CalendarDate
    /// Cards finished on each day, `from` first.
    public var perDay: [Int]

    /// How many days the sample has.
    public var days: Int { perDay.count }
    /// How many cards were finished in it.
    public var done: Int { perDay.reduce(0, +) }

    /// The last `weeks` weeks of `replay` (made as of `asOf`), in `zone`.
    public init(_ replay: BoardReplay, weeks: Int, zone: Zone) {
        let asOf = Instant(epochMilliseconds: replay.asOfMs)
        to = zone.calendarDate(of: asOf)
        var first = to.addingDays(1 - 7 * max(1, weeks))
        let born = replay.createdMs.lazy.filter { $0 != BoardReplay.none }.min()
        if let born, born <= replay.asOfMs {
            first = max(first, zone.calendarDate(of: Instant(epochMilliseconds: born)))
        }
        from = first
        let dayCount = to.daysSinceEpoch - first.daysSinceEpoch + 1
        // Midnight of every day and of the day after the last, so a completion finds its day
        // by comparing integers; a daylight-saving day is 23 or 25 hours long here.
        let bounds = (0...dayCount).map { zone.startOfDay(first.addingDays($0)).epochMilliseconds }
        var perDay = [Int](repeating: 0, count: dayCount)
        for t in replay.completionsMs where t >= bounds[0] && t < bounds[dayCount] {
            perDay[Self.day(of: t, in: bounds)] += 1
        }
        self.perDay = perDay
    }

    /// The day `t` falls in: the last bound at or before it (`bounds` ascending, `t` within them).
    private static func day(of t: Int64, in bounds: [Int64]) -> Int {
        var low = 0, high = bounds.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if bounds[mid] <= t { low = mid } else { high = mid }
        }
        return low
    }
}
