import BoardModel

/// Dates as people type them on a command line or in a form, read in the board's zone:
/// ISO 8601 dates and date-times, `today`, `tomorrow`, `yesterday`, weekday names, and
/// offsets from today such as `+3d`, `+2w`, `+1m`; in Korean `오늘`, `내일`, `모레`, `어제`, a
/// weekday (`금요일`: the next one, as `friday`), and a weekday of this or next week
/// (`이번 주 금요일`, `다음 주 월요일`: weeks start on Monday).
///
/// A day stays a calendar date; a time of day becomes an instant in the board's zone (with
/// that zone's offset on that day), and an instant written with an offset keeps it.
public enum DateInput {
    /// What the parser accepts, for error messages.
    public static let accepted = "use YYYY-MM-DD, YYYY-MM-DDTHH:MM (in the board's zone, or with an offset), today, tomorrow, yesterday, a weekday name (the next one), or +3d, +2w, +1m"
    /// The forms to try, in Korean, as the Korean page ends a date it could not read.
    public static let acceptedInKorean = "2026-12-01, 2026-12-01T18:00, 오늘, 내일, 모레, 금요일, 이번 주 금요일, 다음 주 월요일, +3d, +2w 처럼 쓰세요"

    /// The date `text` means at `now` in `zone`, or nil when it is none of the accepted forms.
    public static func parse(_ text: String, zone: Zone, now: Instant) -> DueDate? {
        let word = text.trimmingSpaces.lowercased()
        let today = zone.calendarDate(of: now)
        switch word {
        case "today", "오늘": return .date(today)
        case "tomorrow", "내일": return .date(today.addingDays(1))
        case "yesterday", "어제": return .date(today.addingDays(-1))
        case "모레": return .date(today.addingDays(2))
        default: break
        }
        if let day = koreanWeekday(word, today: today) { return .date(day) }
        if let weekday = weekdays.firstIndex(where: { word == $0 || (word.count >= 3 && $0.hasPrefix(word)) }) {
            // ISO weekday 1 = Monday. The next one: a week ahead when it is today.
            var ahead = (weekday + 1 - today.isoWeekday + 7) % 7
            if ahead == 0 { ahead = 7 }
            return .date(today.addingDays(ahead))
        }
        if let offset = relative(word, from: today) { return .date(offset) }
        switch ISO8601.parse(Array(word.uppercased().utf8)) {
        case .date(let d)?: return .date(d)
        case .instant(let i)?: return .instant(i)
        case .local(let t)?: return .instant(zone.instant(t))
        case nil: return nil
        }
    }

    private static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    private static let koreanWeekdays = ["월요일", "화요일", "수요일", "목요일", "금요일", "토요일", "일요일"]

    /// `금요일` (the next Friday, a week ahead when it is today, as `friday`), `이번 주 금요일`
    /// (this week's, Monday to Sunday) or `다음 주 월요일` (next week's); the space after 주
    /// may be left out.
    private static func koreanWeekday(_ word: String, today: CalendarDate) -> CalendarDate? {
        let compact = word.filter { !$0.isWhitespace }
        for (prefix, weeks) in [("이번주", 0), ("다음주", 1), ("다다음주", 2)] where compact.hasPrefix(prefix) {
            guard let weekday = koreanWeekdays.firstIndex(of: String(compact.dropFirst(prefix.count))) else { return nil }
            let monday = today.addingDays(1 - today.isoWeekday)
            return monday.addingDays(7 * weeks + weekday)
        }
        guard let weekday = koreanWeekdays.firstIndex(of: compact) else { return nil }
        var ahead = (weekday + 1 - today.isoWeekday + 7) % 7
        if ahead == 0 { ahead = 7 }
        return today.addingDays(ahead)
    }

    /// `+3d`, `-1w`, `+2m` (a month later keeps the day, or the month's last day).
    private static func relative(_ word: String, from today: CalendarDate) -> CalendarDate? {
        guard let sign = word.first, sign == "+" || sign == "-", let unit = word.last,
              let n = Int(word.dropFirst().dropLast()), n >= 0, n <= 100_000 else { return nil }
        let count = sign == "-" ? -n : n
        switch unit {
        case "d": return today.addingDays(count)
        case "w": return today.addingDays(7 * count)
        case "m":
            let months = today.year * 12 + (today.month - 1) + count
            let year = months / 12, month = months % 12 + 1
            guard year > 0 else { return nil }
            return CalendarDate(year: year, month: month,
                                day: min(today.day, CalendarDate.daysIn(month: month, year: year)))
        default: return nil
        }
    }
}

extension String {
    var trimmingSpaces: Substring {
        var s = self[...]
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return s
    }
}
