import BoardModel
import BoardIO

/// Why a document is not JSON, and where (a byte offset into the source).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var problem: JSONSyntaxProblem
    public var offset: Int
}

/// A strict RFC 8259 parser over UTF-8 bytes that builds `JSONNode`s, recording where each
/// value starts. Its tokens are read by `JSONTokenizer` (strings must be valid UTF-8);
/// nesting is limited so a hostile file cannot exhaust the stack.
public struct JSONParser {
    // Internal rather than private: the validating skip (JSONParser+Skipping) walks the same
    // bytes with the same rules.
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    /// Where the last mark was made, and what a mark does: the parse tells the progress bar
    /// (`ProgressMeter`); the skim of a mapped file hands its pages back.
    var reported = 0
    var mark: (Int) -> Void = { ProgressMeter.active.reached($0) }
    /// Strings seen before (ids, names, keys an export repeats on every record), handed out
    /// again instead of made again; none when nil.
    var strings: InterningCache<String>?
    /// Member buffers of the objects being parsed, kept for the next objects (`object()`).
    private var spareMembers: [[JSONMember]] = []
    /// Reused for decoding strings that hold escapes.
    private var scratch: [UInt8] = []
    static let maxDepth = JSONTokenizer.depthLimit

    init(_ bytes: UnsafeBufferPointer<UInt8>) { b = bytes }

    /// Parses one JSON document (a leading UTF-8 byte-order mark is allowed).
    public static func parse(_ bytes: [UInt8]) -> Result<JSONNode, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buf in
            var p = JSONParser(buf)
            return Result { () throws(JSONSyntaxError) -> JSONNode in
                p.skipBOM()
                let v = try p.value()
                p.skipSpace()
                if p.i < p.b.count { throw p.fail(.textAfterValue) }
                return v
            }
        }
    }

    /// Parses a sequence of JSON values separated by white space or commas (JSON Lines, and
    /// the bracket-less output of old `task export`), returned as one array node.
    public static func parseSequence(_ bytes: [UInt8]) -> Result<JSONNode, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buf in
            var p = JSONParser(buf)
            return Result { () throws(JSONSyntaxError) -> JSONNode in
                p.skipBOM()
                var items: [JSONNode] = []
                p.skipSpace()
                while p.i < p.b.count {
                    items.append(try p.value())
                    p.skipSpace()
                    if p.i < p.b.count, p.b[p.i] == UInt8(ascii: ",") { p.i += 1; p.skipSpace() }
                }
                return JSONNode(.array(items), offset: 0)
            }
        }
    }

    /// Parses the one value that starts at `offset` (after white space), nested `depth` deep:
    /// a part of a document that `JSONMemberIndex` has checked and located.
    /// With a `pick`, only the members it names are built (`JSONPick`); with `strings`,
    /// strings it holds are shared rather than made again.
    public static func parseValue(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, depth: Int = 0,
                                  keeping pick: JSONPick? = nil,
                                  strings: InterningCache<String>? = nil) -> Result<JSONNode, JSONSyntaxError> {
        var p = JSONParser(bytes)
        p.strings = strings
        p.i = offset
        p.reported = offset
        p.depth = depth
        return Result { () throws(JSONSyntaxError) -> JSONNode in
            guard let pick else { return try p.value() }
            return try p.value(keeping: pick)
        }
    }

    mutating func skipBOM() {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
    }

    func fail(_ problem: JSONSyntaxProblem, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(problem: problem, offset: min(offset ?? i, b.count))
    }

    @inline(__always)
    mutating func skipSpace() {
        i = JSONTokenizer.skipSpace(b, from: i)
    }

    mutating func value() throws(JSONSyntaxError) -> JSONNode {
        skipSpace()
        guard i < b.count else { throw fail(.endsBeforeValue) }
        let start = i
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), offset: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            switch try literal() {
            case .true: return JSONNode(.bool(true), offset: start)
            case .false: return JSONNode(.bool(false), offset: start)
            case .null: return JSONNode(.null, offset: start)
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try number()), offset: start)
        default:
            throw fail(.unexpectedWhereValue(b[i]))
        }
    }

    /// A value of which only what `pick` names is built.
    mutating func value(keeping pick: JSONPick) throws(JSONSyntaxError) -> JSONNode {
        skipSpace()
        guard i < b.count else { return try value() }
        switch b[i] {
        case UInt8(ascii: "{"): return try object(keeping: pick)
        case UInt8(ascii: "["): return try array(keeping: pick)
        default: return try value()
        }
    }

    /// Moves past the string whose opening quote is at `i`, in a part already checked.
    @inline(__always)
    mutating func skipCheckedString() {
        i += 1
        while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
        i += 1
    }

    /// Moves past the value at `i` (after white space), in a part already checked: strings
    /// and nesting are followed, nothing is judged or built. Skipping what a pick leaves out
    /// this way costs a fraction of checking it again.
    mutating func skipCheckedValue() {
        skipSpace()
        guard i < b.count else { return }
        switch b[i] {
        case UInt8(ascii: "\""):
            skipCheckedString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var nesting = 0
            repeat {
                switch b[i] {
                case UInt8(ascii: "\""): skipCheckedString(); continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): nesting += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): nesting -= 1
                default: break
                }
                i += 1
            } while nesting > 0 && i < b.count
        default:
            // A number or a literal: up to the next delimiter.
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return
                default: i += 1
                }
            }
        }
    }

    /// The rule of `pick` for the key whose opening quote is at `i` (read without moving on),
    /// or nil when the member is not picked.
    func rule(of pick: JSONPick) throws(JSONSyntaxError) -> JSONPick.Rule? {
        var end = i + 1
        while end < b.count, b[end] != UInt8(ascii: "\""), b[end] != UInt8(ascii: "\\") { end += 1 }
        if end < b.count, b[end] == UInt8(ascii: "\"") {
            return pick.rule(forKey: UnsafeBufferPointer(rebasing: b[(i + 1)..<end]))
        }
        // A key with escapes is compared once decoded.
        var copy = JSONParser(b)
        copy.i = i
        var key = try copy.string()
        return key.withUTF8 { pick.rule(forKey: $0) }
    }

    static func show(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    /// The literal at `i` (its first letter is `t`, `f` or `n`), moved past.
    mutating func literal() throws(JSONSyntaxError) -> JSONTokenizer.Literal {
        switch JSONTokenizer.scanLiteral(b, at: i) {
        case .success(let (literal, end)):
            i = end
            return literal
        case .failure(let failure):
            throw syntaxError(failure, tokenAt: i)
        }
    }

    /// What the tokenizer found wrong in the token at `start`, in this reader's words.
    func syntaxError(_ failure: JSONTokenizer.Failure, tokenAt start: Int) -> JSONSyntaxError {
        switch failure.problem {
        case .endsInString, .endsInEscape: fail(.endsInsideString, at: start)
        case .controlCharacter: fail(.controlCharacter, at: failure.offset)
        case .invalidEscape(let c): fail(.unknownEscape(c), at: failure.offset)
        case .endsInUnicodeEscape: fail(.endsInsideUnicodeEscape, at: failure.offset)
        case .badUnicodeEscape: fail(.badUnicodeEscape, at: failure.offset)
        case .loneLowSurrogate, .unpairedHighSurrogate: fail(.loneSurrogate, at: failure.offset)
        case .invalidUTF8: fail(.invalidUTF8, at: start)
        case .missingDigit(.integer): fail(.numberWithoutDigits, at: start)
        case .missingDigit(.fraction): fail(.noFractionDigits, at: start)
        case .missingDigit(.exponent): fail(.noExponentDigits, at: start)
        case .leadingZero: fail(.leadingZero, at: start)
        case .notALiteral: fail(.unexpectedWhereValue(b[start]), at: start)
        case .endsInLiteral(let literal): fail(.endsInsideLiteral("\(literal.word)"), at: failure.offset)
        case .unexpectedInLiteral: fail(.unexpectedCharacter(b[failure.offset]), at: failure.offset)
        }
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw fail(.tooDeep(Self.maxDepth)) }
    }

    /// An object; with a `pick`, only the members it names (the others are skipped, checked).
    mutating func object(keeping pick: JSONPick? = nil) throws(JSONSyntaxError) -> JSONNode {
        let start = i
        try enter()
        i += 1
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") {
            i += 1
            depth -= 1
            return JSONNode(.object([]), offset: start)
        }
        // Members gather in a reused buffer and are copied out once at their final size: an
        // array grown member by member would be allocated again at 2, 4, 8, 16… members.
        var members = spareMembers.popLast() ?? []
        defer {
            members.removeAll(keepingCapacity: true)
            spareMembers.append(members)
        }
        while true {
            skipSpace()
            guard i < b.count else { throw fail(.endsInsideObject) }
            guard b[i] == UInt8(ascii: "\"") else {
                throw fail(.expectedKey(found: b[i]))
            }
            let keyOffset = i
            let rule: JSONPick.Rule? = if let pick { try self.rule(of: pick) } else { .whole }
            if let rule {
                let key = try string()
                skipSpace()
                guard i < b.count else { throw fail(.endsInsideObject) }
                guard b[i] == UInt8(ascii: ":") else { throw fail(.expectedColon(key: key)) }
                i += 1
                let v: JSONNode
                switch rule {
                case .whole: v = try value()
                case .part(let inner): v = try value(keeping: inner)
                }
                members.append(JSONMember(key: key, value: v, keyOffset: keyOffset))
            } else {
                // Picks are for parts `JSONMemberIndex` has checked (`parseValue`): only
                // where the member ends is looked for.
                skipCheckedString()
                skipSpace()
                i += 1  // the colon
                skipCheckedValue()
            }
            skipSpace()
            guard i < b.count else { throw fail(.endsInsideObject) }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { i += 1; break }
            throw fail(.expectedObjectComma(found: b[i]))
        }
        depth -= 1
        let exact = [JSONMember](unsafeUninitializedCapacity: members.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: members)
        }
        return JSONNode(.object(exact), offset: start)
    }

    /// An array; with a `pick`, of each element only what it names.
    mutating func array(keeping pick: JSONPick? = nil) throws(JSONSyntaxError) -> JSONNode {
        let start = i
        try enter()
        i += 1
        var items: [JSONNode] = []
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "]") {
            i += 1
            depth -= 1
            return JSONNode(.array(items), offset: start)
        }
        while true {
            if let pick { items.append(try value(keeping: pick)) } else { items.append(try value()) }
            // An export's bulk is its arrays (cards, actions, tasks): a mark every megabyte.
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
        return JSONNode(.array(items), offset: start)
    }

    /// The number at `i`, moved past.
    mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        let token = try numberToken()
        return try value(of: token, at: start)
    }

    /// The number token at `i`, checked and moved past.
    mutating func numberToken() throws(JSONSyntaxError) -> JSONTokenizer.NumberToken {
        switch JSONTokenizer.scanNumber(b, at: i) {
        case .success(let token):
            i = token.range.upperBound
            return token
        case .failure(let failure):
            throw syntaxError(failure, tokenAt: i)
        }
    }

    /// A checked number's value; out of a Double's range is an error.
    func value(of token: JSONTokenizer.NumberToken, at start: Int) throws(JSONSyntaxError) -> Double {
        let digits = UnsafeBufferPointer(rebasing: b[token.range])
        guard let d = JSONNumber.double(digits) else {
            throw fail(.numberOutOfRange(String(decoding: digits, as: UTF8.self)), at: start)
        }
        return d
    }

    /// The string at `i` (on its opening quote), moved past.
    mutating func string() throws(JSONSyntaxError) -> String {
        let token = try stringToken()
        if token.escaped { return JSONTokenizer.text(of: token, in: b, scratch: &scratch) }
        let slice = UnsafeBufferPointer(rebasing: b[token.start..<token.end])
        // Up to 15 bytes a String holds its text itself (no allocation to save), so only
        // longer ones are looked for in the cache.
        let shared = slice.count > 15 ? strings : nil
        if let kept = shared?.value(for: slice) { return kept }
        // The tokenizer has checked the UTF-8: the specialised `String(decoding:)` makes it.
        let s = String(decoding: slice, as: UTF8.self)
        shared?.keep(s, for: slice)
        return s
    }

    /// The string token at `i`, checked and moved past.
    mutating func stringToken() throws(JSONSyntaxError) -> JSONTokenizer.StringToken {
        switch JSONTokenizer.scanString(b, at: i) {
        case .success(let token):
            i = token.after
            return token
        case .failure(let failure):
            throw syntaxError(failure, tokenAt: i)
        }
    }
}
