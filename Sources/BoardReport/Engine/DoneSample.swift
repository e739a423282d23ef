import BoardModel

/// What a forecast draws from: how many cards were finished on each calendar day (in the
/// board's zone) of the last weeks up to and including as-of's day. A card is finished when it
/// enters a `done` state from a state that is not done, or is created in one; a card reopened
/// and finished again counts again. Days with nothing finished are zeros.
///
/// The days start no earlier than the day the board's history does (its first card's
/// creation): days before the board existed say nothing about the team's pace. They end on
/// as-of's day, or on the last day the board recorded anything when that is `quietDays` or
/// more before it (an export taken earlier and read later): the days after say nothing either,
/// and counted as zeros they would slow every trial.
public struct DoneSample: Sendable, Equatable {
    /// The first and last day sampled (`to` is as-of's date, or `historyEnd`).
    public var from: CalendarDate
    public var to: CalendarDate
    /// The last day the board recorded anything, when the sample ends there rather than on
    /// as-of's day; nil when it ends on as-of's day.
    public var historyEnd: CalendarDate?

    /// How many days without a single record before as-of mean the history ended: a quiet
    /// weekend or holiday is shorter, an export read a month later longer.
    public static let quietDays = 7
    /// Cards finished on each day, `from` first.
    public var perDay: [Int]

    /// How many days the sample has.
    public var days: Int { perDay.count }
    /// How many cards were finished in it.
    public var done: Int { perDay.reduce(0, +) }

    /// The last `weeks` weeks of `replay` (made as of `asOf`), in `zone`, up to the history's
    /// end: `lastRecordedMs`, the last moment the board recorded anything up to as-of
    /// (`lastRecorded(_:asOfMs:)`; nil: as-of).
    public init(_ replay: BoardReplay, weeks: Int, zone: Zone, lastRecordedMs: Int64? = nil) {
        let asOfDay = zone.calendarDate(of: Instant(epochMilliseconds: replay.asOfMs))
        historyEnd = lastRecordedMs.map { zone.calendarDate(of: Instant(epochMilliseconds: $0)) }
            .flatMap { asOfDay.daysSinceEpoch - $0.daysSinceEpoch >= Self.quietDays ? $0 : nil }
        to = historyEnd ?? asOfDay
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

    /// The last moment `board` recorded anything at or before `asOfMs`: an event, a card's
    /// creation, last update or completion. Nil when nothing was recorded by then.
    public static func lastRecorded(_ board: Board, asOfMs: Int64) -> Int64? {
        var last: Int64?
        func see(_ instant: Instant?) {
            guard let ms = instant?.epochMilliseconds, ms <= asOfMs, ms > last ?? .min else { return }
            last = ms
        }
        for event in board.events { see(event.at) }
        for card in board.cards {
            see(card.created)
            see(card.updated)
            see(card.completed)
        }
        return last
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
