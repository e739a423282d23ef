import BoardIO

/// Monte Carlo forecasts from a board's own throughput (`DoneSample`): each trial is one
/// possible future, its days drawn from the sample's days with replacement, in order from the
/// day after as-of. The answers are shares of the trials, so they read as odds: "85 % of the
/// futures like the past finished by this date". They assume the future resembles the sample.
public enum ThroughputForecast {
    /// The shares of trials each answer is given for, in percent.
    public static let levels = [50, 85, 95]
    /// How far a trial runs before it counts as not finishing: ten years of days. A slow sample
    /// and many cards give "later than that" rather than a date in year 9999, and the work a
    /// forecast can take stays bounded.
    public static let horizonDays = 3653

    /// How many trials and which seed: a seed gives the same answers on every machine.
    public struct Trials: Sendable, Equatable {
        public var count: Int
        public var seed: UInt64
        public init(count: Int = 10_000, seed: UInt64 = 1) {
            self.count = max(1, count)
            self.seed = seed
        }
    }

    /// When `remaining` cards are likely done.
    public struct When: Sendable, Equatable {
        public var remaining: Int
        public var trials: Int
        /// For each of `levels`, the fewest days after as-of by which at least that share of
        /// the trials finished; nil when that share did not finish within `horizonDays`.
        public var days: [Int?]
        /// `finishedBy[d]`: how many trials finished within `d` days after as-of (day 0 is
        /// as-of itself: only when nothing remains). It ends at the last day a trial finished.
        public var finishedBy: [Int]
    }

    /// How many cards are likely done by a day.
    public struct HowMany: Sendable, Equatable {
        /// Days after as-of the trials ran (the day asked for is as-of plus this).
        public var days: Int
        /// For each of `levels`, the largest count at least that share of the trials reached.
        public var counts: [Int]
    }

    /// Each trial draws days until `remaining` cards are done. `perDay` must hold a day with
    /// something done (else no trial ever finishes and every answer is nil).
    public static func when(_ perDay: [Int], remaining: Int, trials: Trials = Trials()) -> When {
        let remaining = max(0, remaining)
        var histogram = [Int](repeating: 0, count: horizonDays + 1)
        var rng = SplitMix64(seed: trials.seed)
        // Without a day that finishes something a trial would only run to the horizon.
        let horizon = perDay.contains { $0 > 0 } ? horizonDays : 0
        let n = perDay.count
        perDay.withUnsafeBufferPointer { sample in
            for _ in 0..<trials.count {
                var done = 0, day = 0
                while done < remaining && day < horizon {
                    done += sample[rng.below(n)]
                    day += 1
                }
                if done >= remaining { histogram[day] += 1 }
            }
        }
        let last = histogram.lastIndex { $0 > 0 } ?? 0
        var running = 0
        let finishedBy = histogram[0...last].map { running += $0; return running }
        let days = levels.map { level -> Int? in
            let needed = share(level, of: trials.count)
            return finishedBy.firstIndex { $0 >= needed }
        }
        return When(remaining: remaining, trials: trials.count, days: days, finishedBy: finishedBy)
    }

    /// Each trial sums the cards done on `days` days drawn from `perDay` (which must hold a day).
    public static func howMany(_ perDay: [Int], days: Int, trials: Trials = Trials()) -> HowMany {
        var rng = SplitMix64(seed: trials.seed)
        let n = perDay.count
        var totals = perDay.withUnsafeBufferPointer { sample in
            (0..<trials.count).map { _ in
                var done = 0
                for _ in 0..<max(0, days) { done += sample[rng.below(n)] }
                return done
            }
        }
        totals.sort()
        // The share of trials reaching totals[k] or more is at least (count - k) / count.
        let counts = levels.map { totals[trials.count - share($0, of: trials.count)] }
        return HowMany(days: max(0, days), counts: counts)
    }

    /// How many of `count` trials make `level` percent of them: ⌈level × count / 100⌉, at least 1.
    static func share(_ level: Int, of count: Int) -> Int {
        max(1, (level * count + 99) / 100)
    }
}
