import BoardEditing
import BoardModel

/// Dates and times as the page says them to a person, in the board's zone and the page's
/// language: `Fri 27 Nov 18:00` or `11월 27일 (금) 18:00`, the year only when it is not this
/// one. The machine-readable ISO text stays in `<time datetime>`; a form's field holds
/// `PageDate.typed`, which the date input reads back.
struct PageDate {
    let language: PageLanguage
    let zone: Zone
    /// Now, for "this year".
    let now: Instant

    private static let weekdaysEN = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let weekdaysKO = ["월", "화", "수", "목", "금", "토", "일"]
    private static let monthsEN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// A due or start date: the day, and the time of day for one with a time.
    func due(_ due: DueDate) -> String {
        switch due {
        case .date(let d): return day(d)
        case .instant(let i): return moment(i)
        }
    }

    /// A moment (a due time, when a step was made): the day and the time of day.
    func moment(_ i: Instant) -> String {
        let local = zone.local(i)
        return "\(day(local.date)) \(Self.clock(local.hour, local.minute))"
    }

    /// `Fri 27 Nov` (`Fri 27 Nov 2027` in another year); `11월 27일 (금)` (`2027년 11월 27일 (금)`).
    func day(_ d: CalendarDate) -> String {
        let thisYear = zone.calendarDate(of: now).year == d.year
        let weekday = d.isoWeekday - 1
        switch language {
        case .en: return "\(Self.weekdaysEN[weekday]) \(d.day) \(Self.monthsEN[d.month - 1])" + (thisYear ? "" : " \(d.year)")
        case .ko: return (thisYear ? "" : "\(d.year)년 ") + "\(d.month)월 \(d.day)일 (\(Self.weekdaysKO[weekday]))"
        }
    }

    /// What a form's date field holds: the day (`2026-11-27`), or the board's wall clock
    /// (`2026-11-27 18:00`) when that reads back as the same moment; else the stored text.
    static func typed(_ due: DueDate?, zone: Zone) -> String {
        guard let due else { return "" }
        guard case .instant(let i) = due else { return due.description }
        let local = zone.local(i)
        let text = "\(local.date) \(clock(local.hour, local.minute))"
        return DateInput.parse(text, zone: zone, now: i) == due ? text : due.description
    }

    private static func clock(_ hour: Int, _ minute: Int) -> String {
        "\(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }
}
