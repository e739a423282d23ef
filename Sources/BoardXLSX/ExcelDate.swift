import BoardModel

/// Excel's date serials: days since an epoch, the time of day as the fraction.
///
/// - The 1900 system (the default) counts 1900-01-01 as 1 and keeps Lotus 1-2-3's bug of a
///   29 February 1900 (serial 60), so serials from 61 on are days since 1899-12-30 and those
///   below 60 days since 1899-12-31. Serial 0 is "1900-01-00", used for times of day alone.
/// - The 1904 system (old Mac workbooks, `<workbookPr date1904="1"/>`) counts days since
///   1904-01-01.
///
/// Excel shows serials up to 9999-12-31; earlier than its epoch it has no dates at all.
enum ExcelDateSystem: Sendable, Equatable {
    case from1900
    case from1904

    private static let msPerDay: Int64 = 86_400_000
    /// 1899-12-30 and 1904-01-01 as days since 1970-01-01.
    private static let epoch1900 = -25_569
    private static let epoch1904 = -24_107
    /// 9999-12-31 as days since 1970-01-01.
    private static let lastDay = 2_932_896

    /// The serial of a calendar date, nil outside what Excel can show.
    func serial(of date: CalendarDate) -> Double? {
        serialDays(date.daysSinceEpoch).map(Double.init)
    }

    /// The serial of a wall-clock reading (milliseconds kept), nil outside Excel's range.
    func serial(of t: LocalDateTime) -> Double? {
        guard let days = serialDays(t.date.daysSinceEpoch) else { return nil }
        let ms = t.epochMillisecondsAsIfUTC - Int64(t.date.daysSinceEpoch) * Self.msPerDay
        return Double(days) + Double(ms) / Double(Self.msPerDay)
    }

    /// The serial of a wall-clock reading given as milliseconds since 1970-01-01 read as UTC
    /// (`LocalDateTime.epochMillisecondsAsIfUTC`), the same as `serial(of:)` without building
    /// the reading: date-time cells take this path once per cell.
    func serial(ofLocalMilliseconds ms: Int64) -> Double? {
        let day = ms >= 0 ? ms / Self.msPerDay : -((-ms + Self.msPerDay - 1) / Self.msPerDay)
        guard let days = serialDays(Int(day)) else { return nil }
        return Double(days) + Double(ms - day * Self.msPerDay) / Double(Self.msPerDay)
    }

    private func serialDays(_ days: Int) -> Int? {
        guard days <= Self.lastDay else { return nil }
        switch self {
        case .from1900:
            if days >= Self.epoch1900 + 61 { return days - Self.epoch1900 }
            let s = days - (Self.epoch1900 + 1)        // 1900-01-01 is serial 1
            return s >= 1 ? s : nil
        case .from1904:
            let s = days - Self.epoch1904
            return s >= 0 ? s : nil
        }
    }

    /// What a serial denotes, to the millisecond. Nil for serials Excel shows as `####`
    /// (negative, past 9999-12-31, not finite) and for the 1900 system's phantom 1900-02-29.
    func reading(_ serial: Double) -> LocalDateTime? {
        guard serial.isFinite, serial >= 0, serial < 3_000_000 else { return nil }
        var totalMs = Int64((serial * Double(Self.msPerDay)).rounded())
        var day = totalMs / Self.msPerDay
        totalMs -= day * Self.msPerDay
        switch self {
        case .from1900:
            if day == 60 { return nil }
            day += Int64(day < 60 && day >= 1 ? Self.epoch1900 + 1 : Self.epoch1900)
        case .from1904:
            day += Int64(Self.epoch1904)
        }
        guard day <= Int64(Self.lastDay) else { return nil }
        let date = CalendarDate(daysSinceEpoch: Int(day))
        let ms = Int(totalMs)
        return LocalDateTime(date: date, hour: ms / 3_600_000, minute: ms / 60_000 % 60,
                             second: ms / 1000 % 60, millisecond: ms % 1000)
    }
}
