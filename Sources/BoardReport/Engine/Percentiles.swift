/// Count and the 50th, 70th, 85th and 95th percentiles of a set of durations, by the
/// nearest-rank method: the p-th percentile of n sorted values is the value at rank
/// ⌈p/100 × n⌉ (1-based). It is always one of the measured values, never an interpolation,
/// so "85% of cards finished within X days" holds exactly for X = p85.
public struct PercentileSummary: Sendable, Equatable {
    public var count: Int
    /// In days with one decimal; nil when there are no values (never NaN).
    public var p50: Double?
    public var p70: Double?
    public var p85: Double?
    public var p95: Double?
    /// The percentiles the summary holds, in order.
    public static let levels = [50, 70, 85, 95]

    public init(millisecondsSorted sorted: [Int64]) {
        count = sorted.count
        p50 = Self.nearestRank(50, sorted)
        p70 = Self.nearestRank(70, sorted)
        p85 = Self.nearestRank(85, sorted)
        p95 = Self.nearestRank(95, sorted)
    }

    /// The value at rank ⌈p × n / 100⌉, in days.
    static func nearestRank(_ p: Int, _ sorted: [Int64]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = (p * sorted.count + 99) / 100
        return ElapsedDays.days(sorted[max(rank, 1) - 1])
    }

    /// The percentiles as (level, days) pairs.
    public var values: [(level: Int, days: Double?)] {
        [(50, p50), (70, p70), (85, p85), (95, p95)]
    }
}
