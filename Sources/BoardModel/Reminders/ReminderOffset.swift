/// How long before (or after) a card's due a reminder goes: an ISO 8601 / RFC 5545 duration
/// such as `-P1D`, `-PT2H`, `-PT15M`, `P1W`, kept as calendar days and seconds so "a day
/// before" stays at the same clock time across a daylight-saving change.
public struct ReminderOffset: Sendable, Hashable, CustomStringConvertible {
    /// Whole days (a week is seven), counted in the board's calendar.
    public var days: Int
    /// The rest, in seconds.
    public var seconds: Int
    /// True for a time before the due (`-P1D`).
    public var isBefore: Bool

    public init(days: Int = 0, seconds: Int = 0, isBefore: Bool = true) {
        self.days = days
        self.seconds = seconds
        self.isBefore = isBefore && (days > 0 || seconds > 0)
    }

    /// Parses `[+-]P[nW][nD][T[nH][nM][nS]]` (RFC 5545 §3.3.6; weeks may not mix with the rest
    /// there, but are taken with them here). Nil for anything else.
    public init?(_ text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        var before = false
        if bytes.first == UInt8(ascii: "-") { before = true; bytes = bytes.dropFirst() }
        else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return nil }
        bytes = bytes.dropFirst()
        var days = 0, seconds = 0, number: Int?, inTime = false, any = false
        for b in bytes {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (n, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, n < 100_000_000 else { return nil }
                number = n + Int(b - 48)
            case UInt8(ascii: "T"):
                guard !inTime, number == nil else { return nil }
                inTime = true
            default:
                guard let n = number else { return nil }
                switch (b, inTime) {
                case (UInt8(ascii: "W"), false): days += 7 * n
                case (UInt8(ascii: "D"), false): days += n
                case (UInt8(ascii: "H"), true): seconds += 3600 * n
                case (UInt8(ascii: "M"), true): seconds += 60 * n
                case (UInt8(ascii: "S"), true): seconds += n
                default: return nil
                }
                number = nil
                any = true
            }
        }
        guard any, number == nil else { return nil }
        self.init(days: days, seconds: seconds, isBefore: before)
    }

    /// The shortest duration text RFC 5545 also takes: `-P1D`, `-PT2H`, `-P1DT30M`, `P1W`, `PT0S`.
    public var description: String {
        var s = isBefore ? "-P" : "P"
        if days > 0 { s += days % 7 == 0 && seconds == 0 ? "\(days / 7)W" : "\(days)D" }
        if seconds > 0 || days == 0 {
            s += "T"
            let h = seconds / 3600, m = seconds % 3600 / 60, sec = seconds % 60
            if h > 0 { s += "\(h)H" }
            // RFC 5545's dur-hour is `nH [nM [nS]]`: no seconds straight after hours.
            if m > 0 || (h > 0 && sec > 0) { s += "\(m)M" }
            if sec > 0 || (h == 0 && m == 0) { s += "\(sec)S" }
        }
        return s
    }

    /// `base` moved by the offset, days counted in `zone`'s calendar.
    public func applied(to base: Instant, in zone: Zone) -> Instant {
        let sign = isBefore ? -1 : 1
        var local = zone.local(base)
        local.date = local.date.addingDays(sign * days)
        return zone.instant(local).adding(seconds: Int64(sign * seconds))
    }
}
