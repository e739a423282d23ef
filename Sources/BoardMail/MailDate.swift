import BoardModel

/// A moment as a mail's `Date` header writes it (RFC 5322 §3.3): `Fri, 20 Nov 2026 18:00:00 +0900`,
/// in the offset the instant carries.
public enum MailDate {
    private static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func format(_ instant: Instant) -> String {
        let t = instant.local
        let offset = Int(instant.offsetSeconds) / 60
        let sign = offset < 0 ? "-" : "+"
        return "\(days[t.date.isoWeekday - 1]), \(t.date.day) \(months[t.date.month - 1]) \(t.date.year) "
            + "\(two(t.hour)):\(two(t.minute)):\(two(t.second)) \(sign)\(two(abs(offset) / 60))\(two(abs(offset) % 60))"
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
