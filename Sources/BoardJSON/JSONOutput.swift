import BoardModel
import BoardIO

/// Canonical JSON appended to an `OutputBuffer`, handed to a file descriptor in large chunks
/// so that a board of a million cards streams out without ever being one giant string.
/// Strings are escaped by the one rule (`JSONEscaping`); keys, dates and numbers are written
/// straight into the buffer.
struct JSONOutput {
    private var out: OutputBuffer

    /// Output to `fd`, or kept in memory when -1 (`encode`).
    init(fd: Int32 = -1) {
        out = OutputBuffer(fd: fd)
    }

    /// The first write error (`errno`), after which output is dropped.
    var failure: Int32? { out.failure }

    /// Hands the buffer to the file once it holds a chunk (call between lines).
    @inline(__always) mutating func flushIfFull() { out.flushIfFull() }

    /// Writes out whatever is buffered.
    mutating func flush() { out.flush() }

    /// Takes the in-memory result.
    consuming func finish() -> [UInt8] { out.bytes }

    // MARK: Appending

    @inline(__always) mutating func byte(_ c: UInt8) { out.append(c) }

    @inline(__always) mutating func bytes(_ p: UnsafePointer<UInt8>, _ n: Int) { out.append(p, count: n) }

    @inline(__always) mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) { out.append(b) }

    @inline(__always) mutating func literal(_ s: StaticString) { out.append(s) }

    /// `, "name": ` for every key but an object's first, which the caller writes with `{`.
    @inline(__always) mutating func key(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        out.append(maxCount: n + 6) { p in
            p[0] = UInt8(ascii: ","); p[1] = 0x20; p[2] = UInt8(ascii: "\"")
            (p + 3).update(from: s.utf8Start, count: n)
            p[n + 3] = UInt8(ascii: "\""); p[n + 4] = UInt8(ascii: ":"); p[n + 5] = 0x20
            return n + 6
        }
    }

    /// A quoted string, escaped by `JSONEscaping` (Python's `json.dumps(ensure_ascii=False)`
    /// form).
    @inline(__always) mutating func string(_ s: String) {
        var s = s
        byte(UInt8(ascii: "\""))
        s.withUTF8 { u in JSONEscaping.escape(u) { out.append($0) } }
        byte(UInt8(ascii: "\""))
    }

    mutating func strings(_ list: [String]) {
        byte(UInt8(ascii: "["))
        for (k, s) in list.enumerated() {
            if k > 0 { literal(", ") }
            string(s)
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func integer(_ v: Int) {
        withScratch { JSONNumber.appendInteger(Int64(v), to: &$0) }
    }

    mutating func double(_ v: Double) {
        if v.rounded() == v, v.magnitude < 9_007_199_254_740_992 {
            integer(Int(v))
        } else {
            withScratch { JSONNumber.append(v, to: &$0) }
        }
    }

    /// Runs a formatter that appends to an array, then copies its bytes (rare values only).
    private mutating func withScratch(_ body: (inout [UInt8]) -> Void) {
        var scratch: [UInt8] = []
        body(&scratch)
        scratch.withUnsafeBufferPointer { bytes($0) }
    }

    // MARK: Dates

    /// `"2026-11-02T18:00:00+09:00"`: an instant in its own offset, milliseconds only when
    /// not zero (the form `ISO8601.appendInstant` gives, written straight into the buffer).
    mutating func instant(_ i: Instant) {
        // ±HH:MM cannot say an offset with seconds (local mean time before 1900, such as
        // +08:27:52): such a moment is written in UTC rather than moved.
        let i = i.offsetSeconds % 60 == 0 ? i : i.utc
        out.append(maxCount: 32) { start in
            let t = i.local
            var p = start
            p[0] = UInt8(ascii: "\"")
            p += 1
            p = Self.put(t.date, at: p)
            p[0] = UInt8(ascii: "T")
            Self.put2(t.hour, at: p + 1)
            p[3] = UInt8(ascii: ":")
            Self.put2(t.minute, at: p + 4)
            p[6] = UInt8(ascii: ":")
            Self.put2(t.second, at: p + 7)
            p += 9
            if t.millisecond != 0 {
                p[0] = UInt8(ascii: ".")
                p[1] = UInt8(ascii: "0") + UInt8(t.millisecond / 100)
                Self.put2(t.millisecond % 100, at: p + 2)
                p += 4
            }
            let offset = i.offsetSeconds
            if offset == 0 {
                p[0] = UInt8(ascii: "Z")
                p += 1
            } else {
                let m = Int(offset.magnitude)
                p[0] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                Self.put2(m / 3600, at: p + 1)
                p[3] = UInt8(ascii: ":")
                Self.put2(m / 60 % 60, at: p + 4)
                p += 6
            }
            p[0] = UInt8(ascii: "\"")
            return p + 1 - start
        }
    }

    mutating func due(_ d: DueDate) {
        switch d {
        case .instant(let i): instant(i)
        case .date(let date):
            out.append(maxCount: 16) { start in
                start[0] = UInt8(ascii: "\"")
                let p = Self.put(date, at: start + 1)
                p[0] = UInt8(ascii: "\"")
                return p + 1 - start
            }
        }
    }

    /// Writes `YYYY-MM-DD` (years outside 0…9999 through the model's formatter); returns the
    /// position after it.
    @inline(__always)
    private static func put(_ d: CalendarDate, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard (0...9999).contains(d.year) else {
            var text: [UInt8] = []
            ISO8601.appendDate(d, to: &text)
            p.update(from: text, count: text.count)
            return p + text.count
        }
        put2(d.year / 100, at: p)
        put2(d.year % 100, at: p + 2)
        p[4] = UInt8(ascii: "-")
        put2(d.month, at: p + 5)
        p[7] = UInt8(ascii: "-")
        put2(d.day, at: p + 8)
        return p + 10
    }

    @inline(__always) private static func put2(_ v: Int, at p: UnsafeMutablePointer<UInt8>) {
        p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10)
        p[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
    }

    // MARK: Kept JSON

    /// JSON text kept from a source (an unknown key's value), re-spaced the canonical way so
    /// the line layout holds whoever produced it. Text that is not JSON is written as a
    /// string, so the file stays valid and the text is not lost.
    mutating func rawJSON(_ text: String) {
        var text = text
        var normalised: [UInt8] = []
        let ok = text.withUTF8 { u -> Bool in
            var s = JSONScanner(u)
            do {
                try s.skipValue(copy: true, into: &normalised)
                s.skipWhitespace()
                return s.isAtEnd
            } catch {
                return false
            }
        }
        if ok {
            normalised.withUnsafeBufferPointer { bytes($0) }
        } else {
            string(text)
        }
    }
}
