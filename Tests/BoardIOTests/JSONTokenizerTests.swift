import BoardIO
import Testing

/// JSON's tokens, read once for every reader: what a token is, and where it breaks.
@Suite("JSON tokenizer")
struct JSONTokenizerTests {
    typealias Failure = JSONTokenizer.Failure

    func string(_ text: String) -> Result<JSONTokenizer.StringToken, Failure> {
        Array(text.utf8).withUnsafeBufferPointer { JSONTokenizer.scanString($0, at: 0) }
    }

    func text(_ literal: String) -> String? {
        let bytes = Array(literal.utf8)
        return bytes.withUnsafeBufferPointer { b -> String? in
            guard case .success(let token) = JSONTokenizer.scanString(b, at: 0) else { return nil }
            var scratch: [UInt8] = []
            return JSONTokenizer.text(of: token, in: b, scratch: &scratch)
        }
    }

    func number(_ text: String) -> Result<JSONTokenizer.NumberToken, Failure> {
        Array(text.utf8).withUnsafeBufferPointer { JSONTokenizer.scanNumber($0, at: 0) }
    }

    @Test func stringsAreReadWithTheirEscapes() throws {
        #expect(text(#""plain, long enough to take the eight-byte path""#) == "plain, long enough to take the eight-byte path")
        #expect(text(#""한글 😀 café""#) == "한글 😀 café")
        #expect(text(#""a\"b\\c\/d\b\f\n\r\t""#) == "a\"b\\c/d\u{8}\u{c}\n\r\t")
        #expect(text(#""\u00e9\ud83d\ude00""#) == "é😀")
        let token = try string(#""abc" tail"#).get()
        #expect(token == JSONTokenizer.StringToken(start: 1, end: 4, escaped: false))
        #expect(token.after == 5)
        #expect(try string(#""\n""#).get().escaped)
    }

    /// Each failure names the byte a person would look at: the quote of a string that never
    /// ends, the backslash of a bad escape, the byte that is not UTF-8 or not allowed.
    @Test func stringFailuresSayWhereAndWhy() {
        #expect(string(#""never ends"#) == .failure(Failure(.endsInString, at: 0)))
        #expect(string("\"tab\there\"") == .failure(Failure(.controlCharacter(0x09), at: 4)))
        #expect(string(#""bad \q""#) == .failure(Failure(.invalidEscape(UInt8(ascii: "q")), at: 5)))
        #expect(string(#""ends \"#) == .failure(Failure(.endsInEscape, at: 6)))
        #expect(string(#""\u12"#) == .failure(Failure(.endsInUnicodeEscape, at: 1)))
        #expect(string(#""\u12xy""#) == .failure(Failure(.badUnicodeEscape, at: 1)))
        #expect(string(#""\udc00""#) == .failure(Failure(.loneLowSurrogate(0xDC00), at: 1)))
        #expect(string(#""\ud83d x""#) == .failure(Failure(.unpairedHighSurrogate(0xD83D), at: 1)))
        #expect(string(#""\ud83d\u0041""#) == .failure(Failure(.unpairedHighSurrogate(0xD83D), at: 1)))
        #expect(string(#""\ud83d\uZZZZ""#) == .failure(Failure(.badUnicodeEscape, at: 7)))
        let overlong: [UInt8] = [0x22, 0x61, 0xC0, 0xAF, 0x22]
        #expect(overlong.withUnsafeBufferPointer { JSONTokenizer.scanString($0, at: 0) }
            == .failure(Failure(.invalidUTF8(0xC0), at: 2)))
        let surrogate: [UInt8] = [0x22, 0xED, 0xA0, 0x80, 0x22]
        #expect(surrogate.withUnsafeBufferPointer { JSONTokenizer.scanString($0, at: 0) }
            == .failure(Failure(.invalidUTF8(0xED), at: 1)))
    }

    @Test func numbersFollowTheGrammar() throws {
        let n = try number("-12.5e+3,").get()
        #expect(n.range == 0..<8)
        #expect(n.integerDigits == 2 && n.hasFraction && n.hasExponent)
        #expect(try number("0").get().range == 0..<1)
        #expect(try !number("123").get().mayOverflowDouble)
        #expect(try number("1e400").get().mayOverflowDouble)
        #expect(number("-") == .failure(Failure(.missingDigit(.integer), at: 1)))
        #expect(number("01") == .failure(Failure(.leadingZero, at: 0)))
        #expect(number("1.") == .failure(Failure(.missingDigit(.fraction), at: 2)))
        #expect(number("1e+") == .failure(Failure(.missingDigit(.exponent), at: 3)))
    }

    @Test func literalsAreWholeWords() throws {
        func literal(_ text: String) -> Result<(JSONTokenizer.Literal, end: Int), Failure> {
            Array(text.utf8).withUnsafeBufferPointer { JSONTokenizer.scanLiteral($0, at: 0) }
        }
        func failure(_ text: String) -> Failure? {
            if case .failure(let f) = literal(text) { return f }
            return nil
        }
        let t = try literal("true]").get(), n = try literal("null").get(), f = try literal("false").get()
        #expect(t.0 == .true && t.end == 4)
        #expect(n.0 == .null && n.end == 4)
        #expect(f.0 == .false && f.end == 5)
        #expect(failure("fals") == Failure(.endsInLiteral(.false), at: 4))
        #expect(failure("nul!") == Failure(.unexpectedInLiteral(.null), at: 3))
        #expect(failure("x") == Failure(.notALiteral, at: 0))
    }

    /// The string scan's fast path looks at eight bytes at once: every byte it must stop at
    /// is found in every place of the word, and nothing else is.
    @Test func eightBytesAtATimeStopsAtEverySpecialByte() {
        for special in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x1F, 0x80, 0xFF] {
            for position in 0..<8 {
                var word = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
                word[position] = special
                let w = word.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(JSONTokenizer.specialBytes(w).trailingZeroBitCount >> 3 == position)
            }
        }
        let plain = Array("abcXYZ 9".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        #expect(JSONTokenizer.specialBytes(plain) == 0)
    }
}
