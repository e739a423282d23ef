import BoardModel

/// A VTIMEZONE read from a file (RFC 5545 §3.6.5), for TZIDs that are not IANA names
/// (Outlook's `W. Europe Standard Time`, custom zones). Understands what producers write:
/// observances with a DTSTART, RDATEs, and a yearly RRULE by month and weekday (`BYDAY=-1SU`)
/// or month day, with an optional UNTIL.
struct ICSTimeZoneRules: Sendable {
    struct Observance: Sendable {
        var start: LocalDateTime
        var offsetFrom: Int32
        var offsetTo: Int32
        var rule: YearlyRule?
        var extraOnsets: [LocalDateTime] = []
    }

    struct YearlyRule: Sendable {
        var month: Int
        /// (ordinal, ISO weekday): `-1SU` is (-1, 7); nil ordinal means "every" (unused here).
        var weekday: (ordinal: Int, day: Int)?
        var monthDay: Int?
        var until: LocalDateTime?

        /// The onset in `year` at the observance's wall-clock time, if the rule gives one.
        func onset(in year: Int, at time: LocalDateTime) -> LocalDateTime? {
            let date: CalendarDate?
            if let (ordinal, day) = weekday {
                date = Self.nthWeekday(ordinal, day, month: month, year: year)
            } else if let md = monthDay {
                let days = CalendarDate.daysIn(month: month, year: year)
                date = CalendarDate(year: year, month: month, day: md > 0 ? md : days + md + 1)
            } else {
                date = CalendarDate(year: year, month: month, day: time.date.day)
            }
            guard let date else { return nil }
            return LocalDateTime(date: date, hour: time.hour, minute: time.minute, second: time.second)
        }

        static func nthWeekday(_ n: Int, _ weekday: Int, month: Int, year: Int) -> CalendarDate? {
            guard let first = CalendarDate(year: year, month: month, day: 1) else { return nil }
            let days = CalendarDate.daysIn(month: month, year: year)
            if n > 0 {
                let shift = (weekday - first.isoWeekday + 7) % 7
                let day = 1 + shift + (n - 1) * 7
                return day <= days ? CalendarDate(year: year, month: month, day: day) : nil
            }
            let last = CalendarDate(year: year, month: month, day: days)!
            let shift = (last.isoWeekday - weekday + 7) % 7
            let day = days - shift + (n + 1) * 7
            return day >= 1 ? CalendarDate(year: year, month: month, day: day) : nil
        }
    }

    var observances: [Observance] = []

    /// The offset in force at a wall-clock reading: that of the observance whose latest onset
    /// is at or before it (onsets compared as wall-clock times, as producers write them).
    func offset(at t: LocalDateTime) -> Int32? {
        var best: (onset: LocalDateTime, offset: Int32)?
        var earliest: (onset: LocalDateTime, offset: Int32)?
        for o in observances {
            if earliest == nil || o.start < earliest!.onset { earliest = (o.start, o.offsetFrom) }
            var candidates = o.extraOnsets
            candidates.append(o.start)
            if let rule = o.rule {
                for year in [t.date.year, t.date.year - 1] {
                    if let on = rule.onset(in: year, at: o.start), !(on < o.start),
                       rule.until.map({ !($0 < on) }) ?? true {
                        candidates.append(on)
                    }
                }
            }
            for on in candidates where !(t < on) {
                if best == nil || best!.onset < on { best = (on, o.offsetTo) }
            }
        }
        return best?.offset ?? earliest?.offset
    }

    /// The instant a wall-clock reading denotes in this zone.
    func instant(_ t: LocalDateTime) -> Instant? {
        offset(at: t).map { t.instant(offsetSeconds: $0) }
    }

    /// Parses `FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=…`; nil for rules it cannot follow.
    static func parseRule(_ text: String) -> YearlyRule? {
        var month: Int?
        var weekday: (Int, Int)?
        var monthDay: Int?
        var until: LocalDateTime?
        var yearly = false
        for part in text.uppercased().split(separator: ";") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { continue }
            let value = String(kv[1])
            switch kv[0] {
            case "FREQ": yearly = value == "YEARLY"
            case "BYMONTH": month = Int(value)
            case "BYMONTHDAY": monthDay = Int(value)
            case "UNTIL":
                let bytes = Array(value.utf8)
                switch bytes.withUnsafeBufferPointer({ ICSDateValue.parse($0) }) {
                case .success(.utc(let l)), .success(.local(let l)): until = l
                case .success(.date(let d)): until = LocalDateTime(date: d, hour: 23, minute: 59, second: 59)
                case .failure: return nil
                }
            case "BYDAY":
                let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
                guard let first = value.split(separator: ",").first, first.count >= 2,
                      let day = names.firstIndex(of: String(first.suffix(2))) else { return nil }
                let ordinalText = first.dropLast(2)
                let ordinal = ordinalText.isEmpty ? 1 : Int(ordinalText.hasPrefix("+") ? ordinalText.dropFirst() : ordinalText)
                guard let ordinal, ordinal != 0, abs(ordinal) <= 5 else { return nil }
                weekday = (ordinal, day + 1)
            default: continue
            }
        }
        guard yearly, let month, (1...12).contains(month) else { return nil }
        return YearlyRule(month: month, weekday: weekday, monthDay: monthDay, until: until)
    }
}
