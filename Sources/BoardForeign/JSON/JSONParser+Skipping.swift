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
        case UInt8(ascii: "\""): _ = try stringToken()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try literal()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = i
            let token = try numberToken()
            if token.mayOverflowDouble { _ = try value(of: token, at: start) }
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
            _ = try stringToken()
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
}
