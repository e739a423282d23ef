/// JSON's lexical grammar (RFC 8259), once, for every reader: white space, string literals
/// (UTF-8, escapes, control characters), numbers and the three literals. The readers around
/// it (the canonical board's streaming decoder, the tree other tools' exports are parsed
/// into, the small documents of `JSONDocument`) keep their own structure and their own
/// messages, and ask this what a token is and where it breaks the grammar.
///
/// Every function takes the buffer and an offset and hands back the offset after the token,
/// so a reader keeps its cursor where it likes. They are `@inlinable`: a reader in another
/// module calls them once per token, and the loops inside run over plain text eight bytes at
/// a time.
public enum JSONTokenizer {
    /// Arrays and objects nest at most this deep in every reader, so a hostile document of
    /// 100,000 `[` cannot take the stack.
    public static let depthLimit = 512

    // MARK: White space

    /// JSON's white space: space, line feed, carriage return, tab.
    @inlinable @inline(__always)
    public static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// The first offset from `i` that is not white space (`bytes.count` at the end).
    @inlinable @inline(__always)
    public static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        var i = i
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        return i
    }

    // MARK: Strings

    /// A string literal's extent: the bytes between its quotes.
    public struct StringToken: Sendable, Equatable {
        /// First byte after the opening quote.
        public var start: Int
        /// The closing quote.
        public var end: Int
        /// The literal holds a backslash escape: its text must be decoded, not copied.
        public var escaped: Bool

        @inlinable public init(start: Int, end: Int, escaped: Bool) {
            (self.start, self.end, self.escaped) = (start, end, escaped)
        }

        /// Just past the closing quote.
        @inlinable public var after: Int { end + 1 }
    }

    /// Checks the string literal whose opening quote is at `opening`: well-formed UTF-8
    /// (RFC 3629), known escapes with paired surrogates, no raw control character.
    @inlinable
    public static func scanString(_ bytes: UnsafeBufferPointer<UInt8>, at opening: Int) -> Result<StringToken, Failure> {
        let n = bytes.count
        guard let p = bytes.baseAddress else { return .failure(Failure(.endsInString, at: opening)) }
        var i = opening + 1
        var escaped = false
        while true {
            while i + 8 <= n {
                let special = specialBytes(UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self))
                if special != 0 { i += special.trailingZeroBitCount >> 3; break }
                i += 8
            }
            guard i < n else { return .failure(Failure(.endsInString, at: opening)) }
            let c = p[i]
            if c == UInt8(ascii: "\"") { break }
            if c == UInt8(ascii: "\\") {
                escaped = true
                switch checkEscape(bytes, at: i) {
                case .success(let next): i = next
                case .failure(let failure): return .failure(failure)
                }
            } else if c < 0x20 {
                return .failure(Failure(.controlCharacter(c), at: i))
            } else if c < 0x80 {
                i += 1
            } else if let length = utf8SequenceLength(bytes, at: i) {
                i += length
            } else {
                return .failure(Failure(.invalidUTF8(c), at: i))
            }
        }
        return .success(StringToken(start: opening + 1, end: i, escaped: escaped))
    }

    /// The text of a scanned literal. `scratch` is a buffer the caller keeps between calls,
    /// so that decoding escapes allocates nothing once it has grown.
    @inlinable
    public static func text(of token: StringToken, in bytes: UnsafeBufferPointer<UInt8>,
                            scratch: inout [UInt8]) -> String {
        withDecoded(token, in: bytes, scratch: &scratch) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of a scanned literal, escapes resolved (`scanString` has
    /// checked them, so none fails here).
    @inlinable
    public static func withDecoded<R>(_ token: StringToken, in bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8],
                                      _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.start..<token.end])
        if !token.escaped { return body(raw) }
        scratch.removeAll(keepingCapacity: true)
        var i = token.start
        while i < token.end {
            let c = bytes[i]
            guard c == UInt8(ascii: "\\") else { scratch.append(c); i += 1; continue }
            guard case .success(let next) = JSONEscaping.unescape(bytes, at: i, into: &scratch) else { break }
            i = next
        }
        return scratch.withUnsafeBufferPointer(body)
    }

    /// A high bit in each byte of `w` that is `"`, `\`, below 0x20 or 0x80 and up, and in no
    /// other: the lowest set bit finds the first byte a string scan must look at. (The
    /// writer's `escapeMask` less the UTF-8 bytes, which a reader must check.)
    @inlinable @inline(__always)
    public static func specialBytes(_ w: UInt64) -> UInt64 {
        JSONEscaping.escapeMask(w) | (w & 0x8080_8080_8080_8080)
    }

    /// The escape whose backslash is at `i`, checked; the offset after it.
    @inlinable
    static func checkEscape(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Result<Int, Failure> {
        guard i + 1 < bytes.count else { return .failure(Failure(.endsInEscape, at: i)) }
        switch bytes[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return .success(i + 2)
        case UInt8(ascii: "u"):
            var after = i + 2
            guard case .success(let unit) = JSONEscaping.hex4(bytes, &after) else {
                return .failure(Failure(i + 6 > bytes.count ? .endsInUnicodeEscape : .badUnicodeEscape, at: i))
            }
            if (0xDC00...0xDFFF).contains(unit) { return .failure(Failure(.loneLowSurrogate(unit), at: i)) }
            guard (0xD800...0xDBFF).contains(unit) else { return .success(i + 6) }
            guard i + 7 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u") else {
                return .failure(Failure(.unpairedHighSurrogate(unit), at: i))
            }
            // The `\u` after it is an escape of its own: four digits it lacks are said there.
            after = i + 8
            guard case .success(let low) = JSONEscaping.hex4(bytes, &after) else {
                return .failure(Failure(i + 12 > bytes.count ? .endsInUnicodeEscape : .badUnicodeEscape, at: i + 6))
            }
            guard (0xDC00...0xDFFF).contains(low) else { return .failure(Failure(.unpairedHighSurrogate(unit), at: i)) }
            return .success(i + 12)
        default:
            return .failure(Failure(.invalidEscape(bytes[i + 1]), at: i))
        }
    }

    /// The length of the well-formed UTF-8 sequence at `i` (a byte 0x80 and up), or nil: no
    /// overlong forms, no surrogates, nothing above U+10FFFF (the rules of
    /// `String(validating:)`).
    @inlinable @inline(__always)
    public static func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let n = bytes.count
        @inline(__always) func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < n && (lo...hi).contains(bytes[i + k])
        }
        switch bytes[i] {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }

    // MARK: Numbers

    /// A number literal's extent and shape.
    public struct NumberToken: Sendable, Equatable {
        public var range: Range<Int>
        /// Digits before any `.` or exponent.
        public var integerDigits: Int
        public var hasFraction: Bool
        public var hasExponent: Bool

        @inlinable public init(range: Range<Int>, integerDigits: Int, hasFraction: Bool, hasExponent: Bool) {
            (self.range, self.integerDigits, self.hasFraction, self.hasExponent) = (range, integerDigits, hasFraction, hasExponent)
        }

        /// Only an exponent or some 300 digits can take a number out of a Double's range.
        @inlinable public var mayOverflowDouble: Bool { hasExponent || integerDigits > 300 }
    }

    /// Checks the number at `start`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    @inlinable
    public static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Result<NumberToken, Failure> {
        let n = bytes.count
        var i = start
        @inline(__always) func digits() -> Int {
            let from = i
            while i < n, bytes[i] &- UInt8(ascii: "0") < 10 { i += 1 }
            return i - from
        }
        if i < n, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        let integerDigits = digits()
        guard integerDigits > 0 else { return .failure(Failure(.missingDigit(.integer), at: i)) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            return .failure(Failure(.leadingZero, at: start))
        }
        var hasFraction = false, hasExponent = false
        if i < n, bytes[i] == UInt8(ascii: ".") {
            i += 1
            hasFraction = true
            guard digits() > 0 else { return .failure(Failure(.missingDigit(.fraction), at: i)) }
        }
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            hasExponent = true
            if i < n, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return .failure(Failure(.missingDigit(.exponent), at: i)) }
        }
        return .success(NumberToken(range: start..<i, integerDigits: integerDigits,
                                    hasFraction: hasFraction, hasExponent: hasExponent))
    }

    // MARK: Literals

    /// `true`, `false` or `null`.
    public enum Literal: Sendable, Equatable {
        case `true`, `false`, null

        /// The literal as written.
        @inlinable public var word: StaticString {
            switch self {
            case .true: "true"
            case .false: "false"
            case .null: "null"
            }
        }
    }

    /// Checks the literal whose first letter is at `i` (the letter chooses which); the offset
    /// after it.
    @inlinable
    public static func scanLiteral(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Result<(Literal, end: Int), Failure> {
        let literal: Literal
        switch i < bytes.count ? bytes[i] : 0 {
        case UInt8(ascii: "t"): literal = .true
        case UInt8(ascii: "f"): literal = .false
        case UInt8(ascii: "n"): literal = .null
        default: return .failure(Failure(.notALiteral, at: i))
        }
        let word = literal.word
        for k in 0..<word.utf8CodeUnitCount {
            guard i + k < bytes.count else { return .failure(Failure(.endsInLiteral(literal), at: i + k)) }
            guard bytes[i + k] == word.utf8Start[k] else { return .failure(Failure(.unexpectedInLiteral(literal), at: i + k)) }
        }
        return .success((literal, i + word.utf8CodeUnitCount))
    }

    // MARK: Failures

    /// Where a token breaks the grammar, and how. Each reader turns this into its own
    /// diagnostic; the offsets are the same for all.
    public struct Failure: Error, Sendable, Equatable {
        public enum Problem: Sendable, Equatable {
            /// The text ends inside the string opened at the offset.
            case endsInString
            /// A raw byte below 0x20 inside a string.
            case controlCharacter(UInt8)
            /// The text ends right after a backslash.
            case endsInEscape
            /// A backslash before a letter JSON does not know.
            case invalidEscape(UInt8)
            /// The text ends inside a `\u`'s four digits.
            case endsInUnicodeEscape
            /// A `\u` without four hex digits.
            case badUnicodeEscape
            case loneLowSurrogate(UInt32)
            case unpairedHighSurrogate(UInt32)
            /// The byte starts no well-formed UTF-8 sequence.
            case invalidUTF8(UInt8)
            /// A digit was due at the offset.
            case missingDigit(NumberPart)
            /// A number of more than one integer digit starting with 0.
            case leadingZero
            /// No literal starts at the offset.
            case notALiteral
            /// The text ends inside the literal.
            case endsInLiteral(Literal)
            /// The byte at the offset does not belong to the literal.
            case unexpectedInLiteral(Literal)
        }

        /// Where a number wanted a digit.
        public enum NumberPart: Sendable, Equatable {
            case integer, fraction, exponent
        }

        public var problem: Problem
        /// The opening quote (a string that does not end), the backslash (an escape), the
        /// byte at fault, or where a digit was due.
        public var offset: Int

        @inlinable public init(_ problem: Problem, at offset: Int) {
            (self.problem, self.offset) = (problem, offset)
        }
    }
}
