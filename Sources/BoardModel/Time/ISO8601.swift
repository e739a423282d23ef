/// Byte-level ISO 8601 / RFC 3339 parsing and formatting.
///
/// Foundation's `ISO8601DateFormatter` costs about 60 µs a call on Linux; boards carry
/// millions of timestamps, so dates are read and written here straight from and to UTF-8.
public enum ISO8601 {
    /// What a piece of text denotes.
    public enum Value: Sendable, Equatable {
        /// `2026-11-30`
        case date(CalendarDate)
        /// A timestamp with `Z` or an offset.
        case instant(Instant)
        /// A timestamp with no offset: a wall-clock time that needs a zone.
        case local(LocalDateTime)
    }

    /// Why text is not a date.
    public enum Failure: Error, Sendable, Equatable {
        /// Not shaped like ISO 8601 at all.
        case malformed
        /// Shaped right but impossible (2026-02-30, 25:00, +25:00).
        case impossible
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM|±HHMM|±HH]`; a space may stand
    /// for `T`. Fractions beyond milliseconds are truncated. Nil when malformed or impossible.
    public static func parse(_ bytes: some Collection<UInt8>) -> Value? {
        try? parseOrFail(bytes)
    }

    /// Like `parse`, but tells a malformed text from an impossible date.
    /// Inlinable so that a caller in another module gets it specialized for its collection
    /// (unspecialized, `withContiguousStorageIfAvailable` cost four times the parse itself).
    @inlinable
    public static func parseOrFail(_ bytes: some Collection<UInt8>) throws(Failure) -> Value {
        let result: Result<Value, Failure>? = bytes.withContiguousStorageIfAvailable { buf in
            Result { () throws(Failure) -> Value in try parseBuffer(buf) }
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { buf throws(Failure) -> Value in try parseBuffer(buf) }
    }

    /// `parseOrFail` for bytes already in a buffer: no generic dispatch across modules, for
    /// readers that parse a date per cell.
    public static func parseOrFail(buffer: UnsafeBufferPointer<UInt8>) throws(Failure) -> Value {
        try parseBuffer(buffer)
    }

    /// Parses text that must be an instant (an offset is required).
    public static func parseInstant(_ text: some StringProtocol) -> Instant? {
        if case .instant(let i)? = parse(Array(text.utf8)) { return i }
        return nil
    }

    @usableFromInline
    static func parseBuffer(_ b: UnsafeBufferPointer<UInt8>) throws(Failure) -> Value {
        var i = 0
        let n = b.count
        @inline(__always) func digits(_ count: Int) throws(Failure) -> Int {
            guard i + count <= n else { throw .malformed }
            var v = 0
            for k in 0..<count {
                let c = b[i + k] &- 48
                guard c < 10 else { throw .malformed }
                v = v * 10 + Int(c)
            }
            i += count
            return v
        }
        @inline(__always) func expect(_ c: UInt8) throws(Failure) {
            guard i < n, b[i] == c else { throw .malformed }
            i += 1
        }
        let year = try digits(4)
        try expect(UInt8(ascii: "-"))
        let month = try digits(2)
        try expect(UInt8(ascii: "-"))
        let day = try digits(2)
        guard let date = CalendarDate(year: year, month: month, day: day) else { throw .impossible }
        if i == n { return .date(date) }
        guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: "t") || b[i] == UInt8(ascii: " ")
        else { throw .malformed }
        i += 1
        let hour = try digits(2)
        try expect(UInt8(ascii: ":"))
        let minute = try digits(2)
        var second = 0
        var millis = 0
        if i < n, b[i] == UInt8(ascii: ":") {
            i += 1
            second = try digits(2)
            if i < n, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 100
                let start = i
                while i < n, b[i] &- 48 < 10 {
                    millis += Int(b[i] &- 48) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { throw .malformed }
            }
        }
        // 24:00 is not accepted: boards never write it and it would need a day carry.
        guard hour < 24, minute < 60, second < 61 else { throw .impossible }
        let local = LocalDateTime(date: date, hour: hour, minute: minute,
                                  second: min(second, 59), millisecond: millis)
        if i == n { return .local(local) }
        let sign = b[i]
        if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
            i += 1
            guard i == n else { throw .malformed }
            return .instant(local.instant(offsetSeconds: 0))
        }
        guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { throw .malformed }
        i += 1
        let oh = try digits(2)
        var om = 0
        if i < n {
            if b[i] == UInt8(ascii: ":") { i += 1 }
            om = try digits(2)
        }
        guard i == n else { throw .malformed }
        guard oh < 24, om < 60 else { throw .impossible }
        let offset = Int32((oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1))
        return .instant(local.instant(offsetSeconds: offset))
    }

    // MARK: Formatting

    @inline(__always)
    static func append2(_ v: Int, to out: inout [UInt8]) {
        out.append(48 &+ UInt8(truncatingIfNeeded: v / 10))
        out.append(48 &+ UInt8(truncatingIfNeeded: v % 10))
    }

    /// Appends `YYYY-MM-DD`.
    public static func appendDate(_ d: CalendarDate, to out: inout [UInt8]) {
        var y = d.year
        if y < 0 { out.append(UInt8(ascii: "-")); y = -y }
        append2(y / 100, to: &out)
        append2(y % 100, to: &out)
        out.append(UInt8(ascii: "-"))
        append2(d.month, to: &out)
        out.append(UInt8(ascii: "-"))
        append2(d.day, to: &out)
    }

    /// Appends `YYYY-MM-DDTHH:MM:SS[.sss]` (no offset).
    public static func appendLocal(_ t: LocalDateTime, to out: inout [UInt8]) {
        appendDate(t.date, to: &out)
        out.append(UInt8(ascii: "T"))
        append2(t.hour, to: &out)
        out.append(UInt8(ascii: ":"))
        append2(t.minute, to: &out)
        out.append(UInt8(ascii: ":"))
        append2(t.second, to: &out)
        if t.millisecond != 0 {
            out.append(UInt8(ascii: "."))
            out.append(48 &+ UInt8(t.millisecond / 100))
            append2(t.millisecond % 100, to: &out)
        }
    }

    /// Appends an instant in its own offset: `…Z` for UTC, `…+09:00` otherwise.
    public static func appendInstant(_ i: Instant, to out: inout [UInt8]) {
        appendLocal(i.local, to: &out)
        appendOffset(i.offsetSeconds, to: &out)
    }

    /// Appends `Z` or `±HH:MM`.
    public static func appendOffset(_ seconds: Int32, to out: inout [UInt8]) {
        if seconds == 0 { out.append(UInt8(ascii: "Z")); return }
        out.append(seconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let s = Int(seconds.magnitude)
        append2(s / 3600, to: &out)
        out.append(UInt8(ascii: ":"))
        append2(s / 60 % 60, to: &out)
    }
}
