/// A day on the proleptic Gregorian calendar, with no time and no zone.
public struct CalendarDate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil for impossible dates such as 2026-02-30.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
              day <= CalendarDate.daysIn(month: month, year: year),
              (-9999...9999).contains(year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative before).
    public init(daysSinceEpoch days: Int) {
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public func addingDays(_ n: Int) -> CalendarDate {
        CalendarDate(daysSinceEpoch: daysSinceEpoch + n)
    }

    /// ISO weekday: Monday 1 … Sunday 7.
    public var isoWeekday: Int {
        let d = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        return ((d % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// The Monday that starts this date's ISO week.
    public var startOfISOWeek: CalendarDate { addingDays(1 - isoWeekday) }

    /// ISO 8601 week-numbering year and week (the week with the year's first Thursday is week 1).
    public var isoWeek: (year: Int, week: Int) {
        let thursday = addingDays(4 - isoWeekday)
        let jan1 = CalendarDate(year: thursday.year, month: 1, day: 1)!
        return (thursday.year, (thursday.daysSinceEpoch - jan1.daysSinceEpoch) / 7 + 1)
    }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `2026-11-30`.
    public var description: String {
        var out = [UInt8]()
        out.reserveCapacity(10)
        ISO8601.appendDate(self, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
