/// The one rule for JSON string escapes, both ways: every writer of JSON (`JSONWriter`, and
/// the cells and the store that keep JSON text through `JSONText`) escapes through `escape`,
/// and every reader that resolves escapes (the canonical reader, the foreign-export parser,
/// `JSONText`, `JSONDocument`) decodes through `unescape`.
public enum JSONEscaping {
    // MARK: Writing

    /// Calls `emit` with `text`'s UTF-8 escaped per RFC 8259 the way Python's
    /// `json.dumps(ensure_ascii=False)` writes it: `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`,
    /// other control characters as `\u00XX`, everything else (all of Unicode) as is. Runs
    /// that need no escape are emitted whole, found eight bytes at a time.
    @inlinable @inline(__always)
    public static func escape(_ text: UnsafeBufferPointer<UInt8>, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let p = text.baseAddress else { return }
        let n = text.count
        var runStart = 0
        var i = 0
        while i < n {
            if i + 8 <= n {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let special = escapeMask(w)
                if special == 0 { i += 8; continue }
                i += special.trailingZeroBitCount >> 3
            } else {
                let c = p[i]
                guard needsEscape(c) else { i += 1; continue }
            }
            if i > runStart { emit(UnsafeBufferPointer(start: p + runStart, count: i - runStart)) }
            escapeSequence(p[i], emit)
            i += 1
            runStart = i
        }
        if runStart < n { emit(UnsafeBufferPointer(start: p + runStart, count: n - runStart)) }
    }

    /// True for the bytes a JSON string cannot hold as they are: `"`, `\` and controls.
    @inlinable @inline(__always)
    public static func needsEscape(_ c: UInt8) -> Bool {
        c < 0x20 || c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\")
    }

    /// High bit set in each byte of `w` that is `"`, `\` or below 0x20 (exact, no false hits).
    @inlinable @inline(__always)
    public static func escapeMask(_ w: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x) & highs }
        let quote = zeroBytes(w ^ 0x2222_2222_2222_2222)
        let slash = zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C)
        // (b & 0x7F) + 0x60 keeps the high bit clear exactly when b & 0x7F < 0x20.
        let control = ~((w & low7) &+ 0x6060_6060_6060_6060) & ~w & highs
        return quote | slash | control
    }

    /// The escape sequence for one byte that needs one.
    @usableFromInline
    static func escapeSequence(_ c: UInt8, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        func literal(_ s: StaticString) { emit(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount)) }
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
            var sequence: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hex.utf8Start[Int(c >> 4)], hex.utf8Start[Int(c & 0xF)])
            withUnsafeBytes(of: &sequence) { emit($0.bindMemory(to: UInt8.self)) }
        }
    }

    // MARK: Reading

    /// Why an escape could not be read.
    public struct Problem: Error, Sendable {
        public enum Kind: Sendable, Equatable {
            /// The text ends right after the backslash.
            case truncated
            /// The text ends inside the four hex digits of a `\u`.
            case truncatedHex
            /// A `\u` with something other than four hex digits.
            case badHex
            /// A UTF-16 surrogate without its other half.
            case loneSurrogate
            /// A backslash before a letter JSON does not know (`\q`).
            case unknown(UInt8)
        }

        public var kind: Kind
        /// Where reading stopped: the backslash of an unknown escape, the bad digit, just
        /// past the digits of a lone surrogate, the end of a truncated `\u`.
        public var offset: Int

        @inlinable public init(kind: Kind, offset: Int) {
            self.kind = kind
            self.offset = offset
        }
    }

    /// Resolves the escape whose backslash is at `start` in `bytes`, appending its UTF-8 to
    /// `out`; returns the offset just past it (past both halves of a surrogate pair).
    @inlinable
    public static func unescape(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int,
                                into out: inout [UInt8]) -> Result<Int, Problem> {
        var i = start + 1
        guard i < bytes.count else { return .failure(Problem(kind: .truncated, offset: i)) }
        let e = bytes[i]
        i += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar: UInt32
            switch hex4(bytes, &i) {
            case .success(let v): scalar = v
            case .failure(let p): return .failure(p)
            }
            if (0xD800..<0xDC00).contains(scalar) {
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    return .failure(Problem(kind: .loneSurrogate, offset: i))
                }
                i += 2
                let low: UInt32
                switch hex4(bytes, &i) {
                case .success(let v): low = v
                case .failure(let p): return .failure(p)
                }
                guard (0xDC00..<0xE000).contains(low) else { return .failure(Problem(kind: .loneSurrogate, offset: i)) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                return .failure(Problem(kind: .loneSurrogate, offset: i))
            }
            appendUTF8(scalar, to: &out)
        default:
            return .failure(Problem(kind: .unknown(e), offset: start))
        }
        return .success(i)
    }

    /// Four hex digits at `i` (moved past them).
    @usableFromInline
    static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> Result<UInt32, Problem> {
        guard i + 4 <= bytes.count else { return .failure(Problem(kind: .truncatedHex, offset: i)) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - 55)
            default: return .failure(Problem(kind: .badHex, offset: i))
            }
            v = v << 4 | d
            i += 1
        }
        return .success(v)
    }

    /// The UTF-8 of a scalar (not a surrogate: `unescape` pairs them first).
    @usableFromInline
    static func appendUTF8(_ s: UInt32, to out: inout [UInt8]) {
        switch s {
        case 0..<0x80: out.append(UInt8(s))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | s >> 6)); out.append(UInt8(0x80 | s & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | s >> 12)); out.append(UInt8(0x80 | s >> 6 & 0x3F))
            out.append(UInt8(0x80 | s & 0x3F))
        default:
            out.append(UInt8(0xF0 | s >> 18)); out.append(UInt8(0x80 | s >> 12 & 0x3F))
            out.append(UInt8(0x80 | s >> 6 & 0x3F)); out.append(UInt8(0x80 | s & 0x3F))
        }
    }
}
