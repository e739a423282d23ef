import BoardModel

/// HTTP dates (RFC 9110 §5.6.7, IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`), written and
/// read by hand: Foundation's formatters are slow and locale-dependent.
enum HTTPDate {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] // ISO order, Monday first
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(epochSeconds t: Int64) -> String {
        let dayNumber = t >= 0 ? t / 86_400 : (t - 86_399) / 86_400
        let secs = Int(t - dayNumber * 86_400)
        let date = CalendarDate(daysSinceEpoch: Int(dayNumber))
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(weekdays[date.isoWeekday - 1]), \(two(date.day)) \(months[date.month - 1]) \(date.year) "
            + "\(two(secs / 3600)):\(two(secs / 60 % 60)):\(two(secs % 60)) GMT"
    }

    /// Epoch seconds of an IMF-fixdate, or nil for anything else.
    static func parse(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]),
              let month = months.firstIndex(of: String(parts[2])), let year = Int(parts[3]),
              let date = CalendarDate(year: year, month: month + 1, day: day) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, clock[0] < 24, clock[1] < 60, clock[2] < 61 else { return nil }
        return Int64(date.daysSinceEpoch) * 86_400 + Int64(clock[0] * 3600 + clock[1] * 60 + clock[2])
    }
}
