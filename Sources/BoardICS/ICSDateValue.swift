import BoardModel

/// A DATE or DATE-TIME value as written (RFC 5545 §3.3.4, §3.3.5), before a zone is applied.
enum ICSDateValue: Equatable {
    /// `20261130`
    case date(CalendarDate)
    /// `20261130T180000`: floating, or in the zone its TZID names.
    case local(LocalDateTime)
    /// `20261130T090000Z`
    case utc(LocalDateTime)

    enum Failure: Error { case malformed, impossible }

    /// Parses the basic format; the extended ISO 8601 form (`2026-11-30T18:00:00`) some
    /// producers write is accepted too.
    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Result<ICSDateValue, Failure> {
        var i = 0
        let n = b.count
        func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var v = 0
            for k in 0..<count {
                let c = b[i + k] &- 48
                guard c < 10 else { return nil }
                v = v * 10 + Int(c)
            }
            i += count
            return v
        }
        guard let year = digits(4) else { return .failure(.malformed) }
        if i < n, b[i] == UInt8(ascii: "-") { return parseExtended(b) }
        guard let month = digits(2), let day = digits(2) else { return .failure(.malformed) }
        guard let date = CalendarDate(year: year, month: month, day: day) else { return .failure(.impossible) }
        if i == n { return .success(.date(date)) }
        guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") else { return .failure(.malformed) }
        i += 1
        guard let hour = digits(2), let minute = digits(2), let second = digits(2) else { return .failure(.malformed) }
        guard hour < 24, minute < 60, second <= 60 else { return .failure(.impossible) }
        let local = LocalDateTime(date: date, hour: hour, minute: minute, second: min(second, 59))
        if i == n { return .success(.local(local)) }
        if i + 1 == n, b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") { return .success(.utc(local)) }
        return .failure(.malformed)
    }

    private static func parseExtended(_ b: UnsafeBufferPointer<UInt8>) -> Result<ICSDateValue, Failure> {
        do {
            switch try ISO8601.parseOrFail(b) {
            case .date(let d): return .success(.date(d))
            case .local(let l): return .success(.local(l))
            case .instant(let i): return .success(.utc(i.utc.local))
            }
        } catch .impossible {
            return .failure(.impossible)
        } catch {
            return .failure(.malformed)
        }
    }

    /// Parses a UTC offset such as `+0900`, `-0530`, `+053730`: seconds east of UTC.
    static func parseOffset(_ text: String) -> Int32? {
        let b = Array(text.utf8)
        guard b.count == 5 || b.count == 7, b[0] == UInt8(ascii: "+") || b[0] == UInt8(ascii: "-") else { return nil }
        var parts: [Int] = []
        var k = 1
        while k + 1 < b.count + 0, k < b.count {
            let hi = b[k] &- 48, lo = b[k + 1] &- 48
            guard hi < 10, lo < 10 else { return nil }
            parts.append(Int(hi) * 10 + Int(lo))
            k += 2
        }
        guard parts.count >= 2, parts[0] < 24, parts[1] < 60, (parts.count < 3 || parts[2] < 60) else { return nil }
        let seconds = parts[0] * 3600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0)
        return Int32(b[0] == UInt8(ascii: "-") ? -seconds : seconds)
    }
}

/// A date property kept raw until the whole file is read (a VTIMEZONE may come after the
/// items that use it).
struct ICSRawDate {
    var value: ICSDateValue
    var tzid: String?
    /// `X-BOARDKIT-OFFSET`: the offset a UTC instant was originally written in.
    var keptOffset: Int32?
    var line: Int
}
