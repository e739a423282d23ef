import BoardModel
import BoardIO

/// A problem found at a byte offset of the input; the reader turns the offset into
/// `line:col` only when it reports it, so the fast path never counts lines.
struct JSONProblem: Error {
    var message: JSONMessage
    var offset: Int
    /// The JSON path (`cards[3].title`) when the problem belongs to a known place.
    var path: String?

    var code: DiagnosticCode { message.code }
}

/// The extent of a string literal in the input (between the quotes).
struct StringToken {
    /// First byte after the opening quote.
    var start: Int
    /// The closing quote.
    var end: Int
    /// True when the literal holds a backslash escape, so it must be decoded, not copied.
    var escaped: Bool
}

/// Byte-level JSON tokenizer over an immutable buffer (RFC 8259).
///
/// It validates as it goes (UTF-8, escapes, number grammar) and throws a `JSONProblem` with
/// the offending offset. It knows nothing of boards: `BoardDecoder` drives it.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos: Int
    /// Reused buffer for decoding strings that hold escapes.
    private var scratch: [UInt8] = []

    /// Nesting allowed inside values the reader does not interpret (unknown keys).
    static let maxDepth = 512

    init(_ bytes: UnsafeBufferPointer<UInt8>, at pos: Int = 0) {
        self.bytes = bytes
        self.pos = pos
    }

    var isAtEnd: Bool { pos >= bytes.count }

    /// The byte at the cursor, or 0 at the end (0 is never valid outside a string).
    @inline(__always) var peek: UInt8 { pos < bytes.count ? bytes[pos] : 0 }

    @inline(__always) mutating func skipWhitespace() {
        while pos < bytes.count {
            let c = bytes[pos]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            pos += 1
        }
    }

    // MARK: Problems

    func problem(_ message: JSONMessage, at offset: Int? = nil) -> JSONProblem {
        JSONProblem(message: message, offset: offset ?? pos)
    }

    /// "expected X, found Y" at the cursor, or "the file ends" when there is nothing left.
    func unexpected(_ expected: JSONMessage.Expected) -> JSONProblem {
        guard pos < bytes.count else { return problem(.endsWhere(expected: expected)) }
        return problem(.unexpected(expected: expected, found: bytes[pos]))
    }

    // MARK: Structure

    /// Inside an object whose `{` was consumed: reads the next key and its `:`, leaving the
    /// cursor on the value. Returns nil once the closing `}` is consumed.
    @inline(__always)
    mutating func nextKey(first: inout Bool) throws(JSONProblem) -> StringToken? {
        skipWhitespace()
        var c = peek
        if c == UInt8(ascii: "}") { pos += 1; return nil }
        if !first {
            guard c == UInt8(ascii: ",") else { throw unexpected(.commaOrBrace) }
            let comma = pos
            pos += 1
            skipWhitespace()
            c = peek
            if c == UInt8(ascii: "}") {
                throw problem(.trailingComma(before: "}"), at: comma)
            }
        }
        first = false
        guard c == UInt8(ascii: "\"") else { throw unexpected(.key) }
        let key = try scanString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else { throw unexpected(.colon) }
        pos += 1
        skipWhitespace()
        return key
    }

    /// Inside an array whose `[` was consumed: true when the cursor is on the next element,
    /// false once the closing `]` is consumed.
    @inline(__always)
    mutating func nextElement(first: inout Bool) throws(JSONProblem) -> Bool {
        skipWhitespace()
        var c = peek
        if c == UInt8(ascii: "]") { pos += 1; return false }
        if !first {
            guard c == UInt8(ascii: ",") else { throw unexpected(.commaOrBracket) }
            let comma = pos
            pos += 1
            skipWhitespace()
            c = peek
            if c == UInt8(ascii: "]") {
                throw problem(.trailingComma(before: "]"), at: comma)
            }
        }
        first = false
        return true
    }

    // MARK: Strings

    /// Scans the string literal at the cursor (on its opening quote), validating UTF-8 and
    /// escapes; the cursor ends after the closing quote.
    @inline(__always)
    mutating func scanString() throws(JSONProblem) -> StringToken {
        let opening = pos
        var i = pos + 1
        let n = bytes.count
        var escaped = false
        let p = bytes.baseAddress!
        while true {
            // Fast path: eight plain ASCII bytes at a time (no quote, backslash, control or
            // non-ASCII byte among them).
            while i + 8 <= n {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let special = Self.specialBytes(w)
                if special != 0 { i += special.trailingZeroBitCount >> 3; break }
                i += 8
            }
            guard i < n else {
                throw problem(.endsInString, at: opening)
            }
            let c = p[i]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                escaped = true
                i = try scanEscape(at: i)
            } else if c < 0x20 {
                throw problem(c == 0x0A ? .stringRunsPastLine : .controlCharacter(c), at: i)
            } else if c < 0x80 {
                i += 1
            } else {
                i += try utf8Sequence(at: i)
            }
        }
        pos = i + 1
        return StringToken(start: opening + 1, end: i, escaped: escaped)
    }

    /// High bit set in each byte of `w` that is `"`, `\\`, below 0x20 or 0x80 and up; exact
    /// (no false hits), so the lowest set bit finds the first such byte.
    @inline(__always)
    static func specialBytes(_ w: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x) & highs }
        let quote = zeroBytes(w ^ 0x2222_2222_2222_2222)
        let slash = zeroBytes(w ^ 0x5C5C_5C5C_5C5C_5C5C)
        // (b & 0x7F) + 0x60 keeps the high bit clear exactly when b & 0x7F < 0x20.
        let control = ~((w & low7) &+ 0x6060_6060_6060_6060) & highs
        return quote | slash | control | (w & highs)
    }

    /// Validates the escape at `i` (a backslash); returns the offset after it.
    private func scanEscape(at i: Int) throws(JSONProblem) -> Int {
        guard i + 1 < bytes.count else {
            throw problem(.endsInEscape, at: i)
        }
        switch bytes[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i + 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: i + 2, escape: i)
            if (0xDC00...0xDFFF).contains(unit) {
                throw problem(.loneLowSurrogate(unit), at: i)
            }
            guard (0xD800...0xDBFF).contains(unit) else { return i + 6 }
            guard i + 7 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                  case let low = try hex4(at: i + 8, escape: i + 6), (0xDC00...0xDFFF).contains(low) else {
                throw problem(.unpairedHighSurrogate(unit), at: i)
            }
            return i + 12
        default:
            throw problem(.invalidEscape(bytes[i + 1]), at: i)
        }
    }

    private func hex4(at i: Int, escape: Int) throws(JSONProblem) -> UInt32 {
        guard i + 4 <= bytes.count else {
            throw problem(.endsInUnicodeEscape, at: escape)
        }
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = bytes[i + k]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default:
                throw problem(.badUnicodeEscape, at: escape)
            }
            v = v << 4 | UInt32(d)
        }
        return v
    }

    /// Length of the well-formed UTF-8 sequence at `i` (RFC 3629), or a problem there.
    @inline(__always)
    private func utf8Sequence(at i: Int) throws(JSONProblem) -> Int {
        let n = bytes.count
        let c0 = bytes[i]
        @inline(__always) func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < n && (lo...hi).contains(bytes[i + k])
        }
        switch c0 {
        case 0xC2...0xDF:
            if cont(1) { return 2 }
        case 0xE0:
            if cont(1, 0xA0), cont(2) { return 3 }
        case 0xE1...0xEC, 0xEE...0xEF:
            if cont(1), cont(2) { return 3 }
        case 0xED:
            if cont(1, 0x80, 0x9F), cont(2) { return 3 }
        case 0xF0:
            if cont(1, 0x90), cont(2), cont(3) { return 4 }
        case 0xF1...0xF3:
            if cont(1), cont(2), cont(3) { return 4 }
        case 0xF4:
            if cont(1, 0x80, 0x8F), cont(2), cont(3) { return 4 }
        default:
            break
        }
        throw problem(.invalidUTF8(c0), at: i)
    }

    /// The bytes between the quotes of a token without escapes.
    @inline(__always)
    func raw(_ t: StringToken) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[t.start..<t.end])
    }

    /// The text of a scanned string literal.
    @inline(__always)
    mutating func string(_ t: StringToken) -> String {
        if !t.escaped { return String(decoding: raw(t), as: UTF8.self) }
        return withDecoded(t) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the decoded UTF-8 of a scanned literal (escapes resolved by
    /// `JSONEscaping.unescape`; `scanEscape` has checked them, so none fails here).
    mutating func withDecoded<R>(_ t: StringToken, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if !t.escaped { return body(raw(t)) }
        scratch.removeAll(keepingCapacity: true)
        var i = t.start
        while i < t.end {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\") else { scratch.append(c); i += 1; continue }
            guard case .success(let next) = JSONEscaping.unescape(bytes, at: i, into: &scratch) else { break }
            i = next
        }
        return scratch.withUnsafeBufferPointer(body)
    }

    // MARK: Numbers and literals

    /// Scans a number (RFC 8259 grammar) at the cursor; returns its byte range.
    mutating func scanNumber() throws(JSONProblem) -> Range<Int> {
        let start = pos
        var i = pos
        let n = bytes.count
        @inline(__always) func digits() -> Int {
            let s = i
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i - s
        }
        if i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n, bytes[i] &- UInt8(ascii: "0") < 10 else {
            pos = i
            throw unexpected(.digit)
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < n, bytes[i] &- UInt8(ascii: "0") < 10 {
                throw problem(.leadingZero, at: start)
            }
        } else {
            _ = digits()
        }
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { pos = i; throw unexpected(.fractionDigit) }
        }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { pos = i; throw unexpected(.exponentDigit) }
        }
        pos = i
        return start..<i
    }

    /// Consumes `true`, `false` or `null` at the cursor.
    mutating func scanLiteral() throws(JSONProblem) -> UInt8 {
        let c = peek
        let word: StaticString = c == UInt8(ascii: "t") ? "true" : c == UInt8(ascii: "f") ? "false" : "null"
        let len = word.utf8CodeUnitCount
        let w = word.utf8Start
        guard pos + len <= bytes.count, (0..<len).allSatisfy({ bytes[pos + $0] == w[$0] }) else {
            throw unexpected(.value)
        }
        pos += len
        return c
    }

    // MARK: Whole values

    /// Skips the value at the cursor, validating it. With `copy`, appends it to `out` in
    /// canonical spacing (`{"a": 1, "b": [1, 2]}`: no line breaks, strings and numbers
    /// verbatim), which is how unknown keys are kept and written back.
    mutating func skipValue(depth: Int = 0, copy: Bool, into out: inout [UInt8]) throws(JSONProblem) {
        skipWhitespace()
        let start = pos
        switch peek {
        case UInt8(ascii: "\""):
            _ = try scanString()
            if copy { out.append(contentsOf: bytes[start..<pos]) }
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else {
                throw problem(.tooDeep(max: Self.maxDepth))
            }
            pos += 1
            if copy { out.append(UInt8(ascii: "{")) }
            var first = true
            var isFirst = true
            while let key = try nextKey(first: &first) {
                if copy {
                    if !isFirst { out.append(UInt8(ascii: ",")); out.append(0x20) }
                    isFirst = false
                    out.append(contentsOf: bytes[(key.start - 1)...key.end])
                    out.append(UInt8(ascii: ":")); out.append(0x20)
                }
                try skipValue(depth: depth + 1, copy: copy, into: &out)
            }
            if copy { out.append(UInt8(ascii: "}")) }
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else {
                throw problem(.tooDeep(max: Self.maxDepth))
            }
            pos += 1
            if copy { out.append(UInt8(ascii: "[")) }
            var first = true
            var isFirst = true
            while try nextElement(first: &first) {
                if copy && !isFirst { out.append(UInt8(ascii: ",")); out.append(0x20) }
                isFirst = false
                try skipValue(depth: depth + 1, copy: copy, into: &out)
            }
            if copy { out.append(UInt8(ascii: "]")) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let r = try scanNumber()
            if copy { out.append(contentsOf: bytes[r]) }
        default:
            _ = try scanLiteral()
            if copy { out.append(contentsOf: bytes[start..<pos]) }
        }
    }
}
