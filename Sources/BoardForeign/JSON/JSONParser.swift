import BoardModel
import BoardIO

/// Why a document is not JSON, and where (a byte offset into the source).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var problem: JSONSyntaxProblem
    public var offset: Int
}

/// A strict RFC 8259 parser over UTF-8 bytes that builds `JSONNode`s, recording where each
/// value starts. Strings must be valid UTF-8; nesting is limited so a hostile file cannot
/// exhaust the stack.
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
    static let maxDepth = 512

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

    /// JSON's white space: space, line feed, carriage return, tab.
    @inline(__always)
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    mutating func skipSpace() {
        while i < b.count, Self.isSpace(b[i]) { i += 1 }
    }

    mutating func value() throws(JSONSyntaxError) -> JSONNode {
        skipSpace()
        guard i < b.count else { throw fail(.endsBeforeValue) }
        let start = i
        switch b[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(.bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(.bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(.null, offset: start)
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

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= b.count else { throw fail(.endsInsideLiteral("\(word)")) }
        for k in 0..<n where b[i + k] != word.utf8Start[k] {
            throw fail(.unexpectedCharacter(b[i + k]), at: i + k)
        }
        i += n
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

    mutating func number() throws(JSONSyntaxError) -> Double {
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
        if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw fail(.noExponentDigits, at: start) }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        guard let d = Double(text), d.isFinite else { throw fail(.numberOutOfRange(text), at: start) }
        return d
    }

    mutating func string() throws(JSONSyntaxError) -> String {
        let start = i
        i += 1
        let contentStart = i
        // Fast path: no escapes.
        var high: UInt8 = 0
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: b[contentStart..<i])
                i += 1
                // Up to 15 bytes a String holds its text itself (no allocation to save), so
                // only longer ones are looked for. Only valid strings are kept, so bytes
                // found kept are valid.
                let shared = slice.count > 15 ? strings : nil
                if let kept = shared?.value(for: slice) { return kept }
                let s: String
                // ASCII needs no validation: String(decoding:) is the specialised path, where
                // String(validating:) runs generic code (a third of a Trello export's parse).
                if high < 0x80 {
                    s = String(decoding: slice, as: UTF8.self)
                } else {
                    guard let valid = String(validating: slice, as: UTF8.self) else {
                        throw fail(.invalidUTF8, at: start)
                    }
                    s = valid
                }
                shared?.keep(s, for: slice)
                return s
            }
            if c == UInt8(ascii: "\\") { break }
            if c < 0x20 { throw fail(.controlCharacter) }
            high |= c
            i += 1
        }
        guard i < b.count else { throw fail(.endsInsideString, at: start) }
        // Slow path: decode escapes into a byte buffer.
        var out = Array(UnsafeBufferPointer(rebasing: b[contentStart..<i]))
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else {
                    throw fail(.invalidUTF8, at: start)
                }
                return s
            }
            if c < 0x20 { throw fail(.controlCharacter) }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            switch JSONEscaping.unescape(b, at: i, into: &out) {
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
        }
        throw fail(.endsInsideString, at: start)
    }
}
