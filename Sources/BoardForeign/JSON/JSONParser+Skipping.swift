import BoardModel
import BoardIO

/// Checking a value without building it: the same grammar, the same limits and the same
/// messages at the same offsets as `value()`, so a reader that first skims a document
/// (`JSONMemberIndex`) and then parses its parts reports a broken file exactly as a parse of
/// the whole would. Skipping allocates nothing for valid input, and runs over plain text
/// eight bytes at a time.
extension JSONParser {
    /// Checks the value at `i` and moves past it.
    mutating func skipValue() throws(JSONSyntaxError) {
        skipSpace()
        guard i < b.count else { throw fail(.endsBeforeValue) }
        switch b[i] {
        case UInt8(ascii: "{"): try skipObject()
        case UInt8(ascii: "["): try skipArray { _ in }
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default:
            throw fail(.unexpectedWhereValue(b[i]))
        }
    }

    mutating func skipObject() throws(JSONSyntaxError) {
        try enter()
        i += 1
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return
        }
        while true {
            skipSpace()
            guard i < b.count else { throw fail(.endsInsideObject) }
            guard b[i] == UInt8(ascii: "\"") else {
                throw fail(.expectedKey(found: b[i]))
            }
            let keyOffset = i
            try skipString()
            skipSpace()
            guard i < b.count else { throw fail(.endsInsideObject) }
            guard b[i] == UInt8(ascii: ":") else { throw missingColon(keyAt: keyOffset) }
            i += 1
            try skipValue()
            skipSpace()
            guard i < b.count else { throw fail(.endsInsideObject) }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { i += 1; break }
            throw fail(.expectedObjectComma(found: b[i]))
        }
        depth -= 1
    }

    /// The error for a key not followed by ':', which names the key (read again: errors only).
    func missingColon(keyAt keyOffset: Int) -> JSONSyntaxError {
        var p = JSONParser(b)
        p.i = keyOffset
        let key = (try? p.string()) ?? ""
        return fail(.expectedColon(key: key))
    }

    /// Checks the array at `i`, telling `element` where each element starts.
    mutating func skipArray(_ element: (Int) -> Void) throws(JSONSyntaxError) {
        guard try openArray() else { return }
        _ = try skipElements { element($0); return true }
    }

    /// Enters the array at `i`: false (and past it) when it is empty, true with `i` before its
    /// first element otherwise.
    mutating func openArray() throws(JSONSyntaxError) -> Bool {
        try enter()
        i += 1
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Checks an open array's elements from the one at `i` through its closing bracket,
    /// telling `element` where each starts. When `element` says false, stops before that
    /// element (`i` at its start) and returns false: the caller may hand the rest to a skim
    /// that ran ahead (`SkimAhead`), or call again to go on.
    mutating func skipElements(_ element: (Int) -> Bool) throws(JSONSyntaxError) -> Bool {
        while true {
            skipSpace()
            guard element(i) else { return false }
            try skipValue()
            if i - reported >= 1 << 20 {
                mark(i)
                reported = i
            }
            skipSpace()
            guard i < b.count else { throw fail(.endsInsideArray) }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "]") { i += 1; break }
            throw fail(.expectedArrayComma(found: b[i]))
        }
        depth -= 1
        return true
    }

    mutating func skipNumber() throws(JSONSyntaxError) {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.b.count, p.b[p.i] &- 48 < 10 { p.i += 1 }
            return p.i - s
        }
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw fail(.numberWithoutDigits, at: start) }
        if intDigits > 1, b[i - intDigits] == UInt8(ascii: "0") { throw fail(.leadingZero, at: start) }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw fail(.noFractionDigits, at: start) }
        }
        var exponent = false
        if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
            exponent = true
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw fail(.noExponentDigits, at: start) }
        }
        // Only an exponent or some 300 digits can leave Double's range: convert just those.
        guard exponent || intDigits > 300 else { return }
        let end = i
        i = start
        _ = try number()
        i = end
    }

    mutating func skipString() throws(JSONSyntaxError) {
        let start = i
        i += 1
        var isUTF8 = true
        var scratch: [UInt8] = []
        while true {
            // Eight bytes at a time while none is a quote, a backslash, a control or non-ASCII.
            if let base = b.baseAddress {
                while i + 8 <= b.count {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    if Self.hasSpecialByte(w) { break }
                    i += 8
                }
            }
            guard i < b.count else { throw fail(.endsInsideString, at: start) }
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                // As the parse does: the bytes are judged once the string is whole.
                guard isUTF8 else { throw fail(.invalidUTF8, at: start) }
                return
            }
            if c < 0x20 { throw fail(.controlCharacter) }
            if c == UInt8(ascii: "\\") {
                scratch.removeAll(keepingCapacity: true)
                switch JSONEscaping.unescape(b, at: i, into: &scratch) {
                case .success(let next): i = next
                case .failure(let problem):
                    switch problem.kind {
                    case .truncated: throw fail(.endsInsideString, at: start)
                    case .truncatedHex: throw fail(.endsInsideUnicodeEscape, at: problem.offset)
                    case .badHex: throw fail(.badUnicodeEscape, at: problem.offset)
                    case .loneSurrogate: throw fail(.loneSurrogate, at: problem.offset)
                    case .unknown(let e): throw fail(.unknownEscape(e), at: problem.offset)
                    }
                }
            } else if c < 0x80 {
                i += 1
            } else if let n = utf8SequenceLength(at: i) {
                i += n
            } else {
                // Keep going: a control character or a bad escape later in the string is
                // what the parse would report first.
                isUTF8 = false
                i += 1
            }
        }
    }

    /// True when one of the eight bytes of `w` is `"`, `\`, below 0x20 or above 0x7F (it may
    /// also say so for a plain byte after such a one; the caller then goes byte by byte).
    @inline(__always)
    static func hasSpecialByte(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let control = (w &- 0x2020_2020_2020_2020) & ~w & highs
        let quote = hasZero(w ^ 0x2222_2222_2222_2222)
        let backslash = hasZero(w ^ 0x5C5C_5C5C_5C5C_5C5C)
        return (w & highs) | control | quote | backslash != 0
    }

    /// The length of the well-formed UTF-8 sequence at `k` (a byte above 0x7F), or nil: the
    /// rules Swift's `String(validating:)` applies (no overlong forms, no surrogates, nothing
    /// above U+10FFFF).
    func utf8SequenceLength(at k: Int) -> Int? {
        func continuation(_ j: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            j < b.count && range.contains(b[j])
        }
        switch b[k] {
        case 0xC2...0xDF:
            return continuation(k + 1) ? 2 : nil
        case 0xE0:
            return continuation(k + 1, 0xA0...0xBF) && continuation(k + 2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(k + 1) && continuation(k + 2) ? 3 : nil
        case 0xED:
            return continuation(k + 1, 0x80...0x9F) && continuation(k + 2) ? 3 : nil
        case 0xF0:
            return continuation(k + 1, 0x90...0xBF) && continuation(k + 2) && continuation(k + 3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(k + 1) && continuation(k + 2) && continuation(k + 3) ? 4 : nil
        case 0xF4:
            return continuation(k + 1, 0x80...0x8F) && continuation(k + 2) && continuation(k + 3) ? 4 : nil
        default:
            return nil
        }
    }
}
