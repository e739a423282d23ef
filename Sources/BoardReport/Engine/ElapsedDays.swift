/// Elapsed time in days, as reports show it: one decimal, rounded half away from zero.
public enum ElapsedDays {
    public static let millisecondsPerDay: Int64 = 86_400_000

    /// `ms` milliseconds in days with one decimal (36 hours → 1.5).
    public static func days(_ ms: Int64) -> Double {
        (Double(ms) / Double(millisecondsPerDay) * 10).rounded() / 10
    }
}
