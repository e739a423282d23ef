#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel

/// A byte buffer JSON is appended to, handed to a file descriptor in large chunks so that a
/// board of a million cards streams out without ever being one giant string.
///
/// It writes through a raw pointer (growing it when a value would not fit) rather than
/// `[UInt8].append`, whose uniqueness and capacity checks cost more than the bytes do.
struct JSONOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Where full chunks go; -1 keeps everything in memory (`encode`).
    private let fd: Int32
    /// The first write error (`errno`), after which output is dropped.
    private(set) var failure: Int32?

    static let chunkSize = 1 << 20

    init(fd: Int32 = -1) {
        self.fd = fd
        capacity = fd >= 0 ? Self.chunkSize + 64 * 1024 : 64 * 1024
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `n` more bytes.
    @inline(__always) private mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(n) }
    }

    private mutating func grow(_ n: Int) {
        let newCapacity = max(capacity * 2, count + n)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    /// Hands the buffer to the file once it holds a chunk (call between lines).
    @inline(__always) mutating func flushIfFull() {
        if fd >= 0, count >= Self.chunkSize { flush() }
    }

    /// Writes out whatever is buffered.
    mutating func flush() {
        guard fd >= 0 else { return }
        defer { count = 0 }
        guard failure == nil else { return }
        var done = 0
        while done < count {
            let n = write(fd, base + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            done += n
        }
    }

    /// Takes the in-memory result.
    consuming func finish() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    // MARK: Appending

    @inline(__always) mutating func byte(_ c: UInt8) {
        reserve(1)
        base[count] = c
        count += 1
    }

    @inline(__always) mutating func bytes(_ p: UnsafePointer<UInt8>, _ n: Int) {
        reserve(n)
        (base + count).update(from: p, count: n)
        count += n
    }

    @inline(__always) mutating func bytes(_ b: UnsafeBufferPointer<UInt8>) {
        guard let p = b.baseAddress else { return }
        bytes(p, b.count)
    }

    @inline(__always) mutating func literal(_ s: StaticString) {
        bytes(s.utf8Start, s.utf8CodeUnitCount)
    }

    /// `, "name": ` for every key but an object's first, which the caller writes with `{`.
    @inline(__always) mutating func key(_ s: StaticString) {
        let n = s.utf8CodeUnitCount
        reserve(n + 6)
        let p = base + count
        p[0] = UInt8(ascii: ","); p[1] = 0x20; p[2] = UInt8(ascii: "\"")
        (p + 3).update(from: s.utf8Start, count: n)
        p[n + 3] = UInt8(ascii: "\""); p[n + 4] = UInt8(ascii: ":"); p[n + 5] = 0x20
        count += n + 6
    }

    /// A quoted string, escaped per RFC 8259 the way Python's `json.dumps(ensure_ascii=False)`
    /// does: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters as `\u00XX`,
    /// everything else (all of Unicode) as UTF-8.
    @inline(__always) mutating func string(_ s: String) {
        var s = s
        byte(UInt8(ascii: "\""))
        s.withUTF8 { escaped($0) }
        byte(UInt8(ascii: "\""))
    }

    private mutating func escaped(_ u: UnsafeBufferPointer<UInt8>) {
        guard let p = u.baseAddress else { return }
        let n = u.count
        var runStart = 0
        var i = 0
        while i < n {
            // Eight bytes at a time while none needs escaping.
            if i + 8 <= n {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let special = JSONOutput.escapeMask(w)
                if special == 0 { i += 8; continue }
                i += special.trailingZeroBitCount >> 3
            } else {
                let c = p[i]
                guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { i += 1; continue }
            }
            if i > runStart { bytes(p + runStart, i - runStart) }
            escape(p[i])
            i += 1
            runStart = i
        }
        if runStart < n { bytes(p + runStart, n - runStart) }
    }

    /// High bit set in each byte of `w` that is `"`, `\` or below 0x20 (exact, no false hits).
    @inline(__always) static func escapeMask(_ w: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x) & highs }
        let quote = zeroBytes(w ^ 0x2222_2222_2222_2222)
        let slash = zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C)
        // (b & 0x7F) + 0x60 keeps the high bit clear exactly when b & 0x7F < 0x20.
        let control = ~((w & low7) &+ 0x6060_6060_6060_6060) & ~w & highs
        return quote | slash | control
    }

    private mutating func escape(_ c: UInt8) {
        switch c {
        case UInt8(ascii: "\""): literal("\\\"")
        case UInt8(ascii: "\\"): literal("\\\\")
        case 0x0A: literal("\\n")
        case 0x0D: literal("\\r")
        case 0x09: literal("\\t")
        case 0x08: literal("\\b")
        case 0x0C: literal("\\f")
        default:
            let hex: StaticString = "0123456789abcdef"
            literal("\\u00")
            byte(hex.utf8Start[Int(c >> 4)])
            byte(hex.utf8Start[Int(c & 0xF)])
        }
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
        reserve(20)
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
        reserve(32)
        let t = i.local
        var p = base + count
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
        count = p + 1 - base
    }

    mutating func due(_ d: DueDate) {
        switch d {
        case .instant(let i): instant(i)
        case .date(let date):
            reserve(16)
            var p = base + count
            p[0] = UInt8(ascii: "\"")
            p = Self.put(date, at: p + 1)
            p[0] = UInt8(ascii: "\"")
            count = p + 1 - base
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
