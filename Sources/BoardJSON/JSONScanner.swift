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
typealias StringToken = JSONTokenizer.StringToken

/// The canonical reader's cursor over an immutable buffer: JSON's structure (keys, elements,
/// skipping and keeping unknown values), with its tokens read by `JSONTokenizer` and what
/// breaks them thrown as a `JSONProblem` at the offending offset. It knows nothing of
/// boards: `BoardDecoder` drives it.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var pos: Int
    /// Reused buffer for decoding strings that hold escapes.
    private var scratch: [UInt8] = []

    /// Nesting allowed inside values the reader does not interpret (unknown keys).
    static let maxDepth = JSONTokenizer.depthLimit

    init(_ bytes: UnsafeBufferPointer<UInt8>, at pos: Int = 0) {
        self.bytes = bytes
        self.pos = pos
    }

    var isAtEnd: Bool { pos >= bytes.count }

    /// The byte at the cursor, or 0 at the end (0 is never valid outside a string).
    @inline(__always) var peek: UInt8 { pos < bytes.count ? bytes[pos] : 0 }

    @inline(__always) mutating func skipWhitespace() {
        pos = JSONTokenizer.skipSpace(bytes, from: pos)
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
        switch JSONTokenizer.scanString(bytes, at: pos) {
        case .success(let token):
            pos = token.after
            return token
        case .failure(let failure):
            throw problem(failure)
        }
    }

    /// What the tokenizer found wrong, in this reader's words.
    func problem(_ failure: JSONTokenizer.Failure) -> JSONProblem {
        let message: JSONMessage
        switch failure.problem {
        case .endsInString: message = .endsInString
        case .controlCharacter(let c): message = c == 0x0A ? .stringRunsPastLine : .controlCharacter(c)
        case .endsInEscape: message = .endsInEscape
        case .invalidEscape(let c): message = .invalidEscape(c)
        case .endsInUnicodeEscape: message = .endsInUnicodeEscape
        case .badUnicodeEscape: message = .badUnicodeEscape
        case .loneLowSurrogate(let unit): message = .loneLowSurrogate(unit)
        case .unpairedHighSurrogate(let unit): message = .unpairedHighSurrogate(unit)
        case .invalidUTF8(let c): message = .invalidUTF8(c)
        case .leadingZero: message = .leadingZero
        case .missingDigit(let part):
            var at = self
            at.pos = failure.offset
            return at.unexpected(part == .integer ? .digit : part == .fraction ? .fractionDigit : .exponentDigit)
        case .notALiteral, .endsInLiteral, .unexpectedInLiteral:
            return unexpected(.value)
        }
        return problem(message, at: failure.offset)
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
        return JSONTokenizer.text(of: t, in: bytes, scratch: &scratch)
    }

    /// Calls `body` with the decoded UTF-8 of a scanned literal.
    mutating func withDecoded<R>(_ t: StringToken, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        JSONTokenizer.withDecoded(t, in: bytes, scratch: &scratch, body)
    }

    // MARK: Numbers and literals

    /// Scans a number (RFC 8259 grammar) at the cursor; returns its byte range.
    mutating func scanNumber() throws(JSONProblem) -> Range<Int> {
        switch JSONTokenizer.scanNumber(bytes, at: pos) {
        case .success(let token):
            pos = token.range.upperBound
            return token.range
        case .failure(let failure):
            throw problem(failure)
        }
    }

    /// Consumes `true`, `false` or `null` at the cursor; returns its first letter.
    mutating func scanLiteral() throws(JSONProblem) -> UInt8 {
        let c = peek
        guard case .success(let (_, end)) = JSONTokenizer.scanLiteral(bytes, at: pos) else {
            throw unexpected(.value)
        }
        pos = end
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
