#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel

/// A byte buffer JSON is appended to, handed to a file descriptor in large chunks so that a
/// board of a million cards streams out without ever being one giant string.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// Where full chunks go; -1 keeps everything in memory (`encode`).
    private let fd: Int32
    /// The first write error (`errno`), after which output is dropped.
    private(set) var failure: Int32?

    static let chunkSize = 1 << 20

    init(fd: Int32 = -1) {
        self.fd = fd
        bytes.reserveCapacity(fd >= 0 ? Self.chunkSize + 64 * 1024 : 4096)
    }

    /// Hands the buffer to the file once it holds a chunk (call between lines).
    @inline(__always) mutating func flushIfFull() {
        if fd >= 0, bytes.count >= Self.chunkSize { flush() }
    }

    /// Writes out whatever is buffered.
    mutating func flush() {
        guard fd >= 0 else { return }
        defer { bytes.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        bytes.withUnsafeBytes { buf in
            var done = 0
            while done < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + done, buf.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                done += n
            }
        }
    }

    /// Takes the in-memory result.
    consuming func finish() -> [UInt8] { bytes }

    // MARK: Appending

    @inline(__always) mutating func byte(_ c: UInt8) { bytes.append(c) }

    @inline(__always) mutating func literal(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// `, "name": ` for every key but an object's first, which the caller writes with `{`.
    @inline(__always) mutating func key(_ s: StaticString) {
        literal(", \"")
        literal(s)
        literal("\": ")
    }

    /// A quoted string, escaped per RFC 8259 the way Python's `json.dumps(ensure_ascii=False)`
    /// does: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters as `\u00XX`,
    /// everything else (all of Unicode) as UTF-8.
    @inline(__always) mutating func string(_ s: String) {
        var s = s
        bytes.append(UInt8(ascii: "\""))
        s.withUTF8 { escaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escaped(_ u: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for i in 0..<u.count {
            let c = u[i]
            guard c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") else { continue }
            if i > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart..<i])) }
            runStart = i + 1
            bytes.append(UInt8(ascii: "\\"))
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(c)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                literal("u00")
                bytes.append(hex.utf8Start[Int(c >> 4)])
                bytes.append(hex.utf8Start[Int(c & 0xF)])
            }
        }
        if runStart < u.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart...])) }
    }

    mutating func strings(_ list: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (k, s) in list.enumerated() {
            if k > 0 { literal(", ") }
            string(s)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func integer(_ v: Int) { JSONNumber.appendInteger(Int64(v), to: &bytes) }

    mutating func double(_ v: Double) { JSONNumber.append(v, to: &bytes) }

    mutating func instant(_ i: Instant) {
        bytes.append(UInt8(ascii: "\""))
        ISO8601.appendInstant(i, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func due(_ d: DueDate) {
        bytes.append(UInt8(ascii: "\""))
        switch d {
        case .date(let date): ISO8601.appendDate(date, to: &bytes)
        case .instant(let i): ISO8601.appendInstant(i, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// JSON text kept from a source (an unknown key's value), re-spaced the canonical way so
    /// the line layout holds whoever produced it. Text that is not JSON is written as a
    /// string, so the file stays valid and the text is not lost.
    mutating func rawJSON(_ text: String) {
        var text = text
        let ok = text.withUTF8 { u -> Bool in
            var s = JSONScanner(u)
            let mark = bytes.count
            do {
                try s.skipValue(copy: true, into: &bytes)
                s.skipWhitespace()
                if s.isAtEnd { return true }
            } catch {}
            bytes.removeSubrange(mark...)
            return false
        }
        if !ok { string(text) }
    }
}
