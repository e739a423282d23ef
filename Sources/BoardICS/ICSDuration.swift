import BoardModel

/// An RFC 5545 duration (§3.3.6) such as `-P1D`, `-PT2H30M` or `P1W`: what `--alarm` takes.
/// Years and months are refused: their length depends on the date, and RFC 5545 has none.
struct ICSDuration: Sendable, Equatable, CustomStringConvertible {
    var negative: Bool
    var weeks = 0
    var days = 0
    var hours = 0
    var minutes = 0
    var seconds = 0

    /// Nil when `text` is not a duration RFC 5545 can hold.
    init?(_ text: String) {
        var bytes = Array(text.utf8.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 })
        negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes.removeFirst()
        }
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return nil }
        var inTime = false
        var number: Int?
        var sawUnit = false
        var sawTimeUnit = false
        for c in bytes.dropFirst() {
            if c >= 48 && c <= 57 {
                let (v, overflow) = (number ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, v < 1_000_000_000 else { return nil }
                number = v + Int(c - 48)
                continue
            }
            if c == UInt8(ascii: "T") {
                guard !inTime, number == nil else { return nil }
                inTime = true
                continue
            }
            guard let n = number else { return nil }
            switch (c, inTime) {
            case (UInt8(ascii: "W"), false): weeks = n
            case (UInt8(ascii: "D"), false): days = n
            case (UInt8(ascii: "H"), true): hours = n
            case (UInt8(ascii: "M"), true): minutes = n
            case (UInt8(ascii: "S"), true): seconds = n
            default: return nil
            }
            sawUnit = true
            if inTime { sawTimeUnit = true }
            number = nil
        }
        guard number == nil, sawUnit, !inTime || sawTimeUnit else { return nil }
        // RFC 5545 writes weeks alone (dur-week) or days and time (dur-date / dur-time).
        if weeks > 0, days + hours + minutes + seconds > 0 {
            days += weeks * 7
            weeks = 0
        }
    }

    /// The RFC 5545 spelling: `-P1D`, `-PT2H30M`, `P1W`.
    var description: String {
        var s = negative ? "-P" : "P"
        if weeks > 0 { return s + "\(weeks)W" }
        if days > 0 || hours + minutes + seconds == 0 { s += "\(days)D" }
        if hours + minutes + seconds > 0 {
            s += "T"
            if hours > 0 { s += "\(hours)H" }
            // dur-hour is `nH [nM [nS]]`: no seconds straight after hours.
            if minutes > 0 || (hours > 0 && seconds > 0) { s += "\(minutes)M" }
            if seconds > 0 { s += "\(seconds)S" }
        }
        return s
    }
}

extension ICSDuration {
    /// A card's reminder offset as a TRIGGER's duration.
    init(_ offset: ReminderOffset) {
        negative = offset.isBefore
        days = offset.days
        hours = offset.seconds / 3600
        minutes = offset.seconds % 3600 / 60
        seconds = offset.seconds % 60
        if days > 0, days % 7 == 0, offset.seconds == 0 {
            weeks = days / 7
            days = 0
        }
    }

    /// The duration as a reminder's offset (weeks as days).
    var offset: ReminderOffset {
        let allDays: Int = weeks * 7 + days
        let allSeconds: Int = hours * 3600 + minutes * 60 + seconds
        return ReminderOffset(days: allDays, seconds: allSeconds, isBefore: negative)
    }
}
