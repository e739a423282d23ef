/// One unfolded content line (RFC 5545 §3.1): `NAME;PARAM=VALUE,…:VALUE`, pointing into the
/// file (or into the scanner's scratch buffer when the line was folded). Valid only inside
/// the callback that received it.
struct ICSContentLine {
    /// 1-based physical line where the content line starts.
    let line: Int
    let name: UnsafeBufferPointer<UInt8>
    /// Parameters, names upper-cased; quoted values unquoted, RFC 6868 escapes undone.
    let parameters: [(name: String, value: String)]
    let value: UnsafeBufferPointer<UInt8>

    /// The first value of a parameter (`TZID`), by upper-case name.
    func parameter(_ name: String) -> String? {
        for p in parameters where p.name == name { return p.value }
        return nil
    }

    /// The raw value as a string (no TEXT unescaping).
    var rawValue: String { String(decoding: value, as: UTF8.self) }

    /// True when the name is `upper` (given in upper case), compared without regard to case.
    func nameIs(_ upper: StaticString) -> Bool {
        ICSContentLine.equalsUpper(name, upper)
    }

    static func equalsUpper(_ bytes: UnsafeBufferPointer<UInt8>, _ upper: StaticString) -> Bool {
        guard bytes.count == upper.utf8CodeUnitCount else { return false }
        let u = upper.utf8Start
        for k in 0..<bytes.count {
            var c = bytes[k]
            if c >= 97 && c <= 122 { c -= 32 }
            if c != u[k] { return false }
        }
        return true
    }
}

/// Why a line could not be split into name, parameters and value.
public enum ICSLineProblem: Error, Sendable, Equatable {
    case noColon, badName, unterminatedQuote, badParameter
}

/// Splits the file into unfolded content lines and parses each one.
///
/// Lines end in CRLF or a bare LF; a line starting with a space or a tab continues the one
/// before (the fold is removed with its leading whitespace character). A logical line is
/// handed on as a slice of the file when it was not folded, so the common case copies nothing.
///
/// Blank lines between a line and its continuation (old Mozilla Calendar exports write
/// `VERSION`, an empty line, ` :2.0`) are taken as part of the fold, as python icalendar and
/// libical read them; `BlankLineFolds` counts them for one warning.
struct ICSLineScanner {
    /// A logical line longer than this stops the read: no calendar has one, junk does.
    static let maxLineLength = 1 << 20

    enum Stop: Error {
        /// A NUL byte or invalid UTF-8 at this physical line.
        case binary(line: Int)
        case tooLong(line: Int)
    }

    /// Blank lines found inside folds: how many, and the physical line of the first.
    struct BlankLineFolds {
        var count = 0
        var firstLine: Int?
    }

    /// Calls `body` for every logical line with its starting physical line, or for a line
    /// that could not be parsed with the problem; and `passed` with the offset reached about
    /// every `step` bytes (the bytes before it are not looked at again). Throws `Stop` on
    /// binary data or an absurdly long line.
    static func scan(_ file: UnsafeBufferPointer<UInt8>, blankLineFolds: inout BlankLineFolds,
                     passed: (Int) -> Void = { _ in }, step: Int = 32 << 20,
                     _ body: (Result<ICSContentLine, ICSLineProblem>, Int) -> Void) throws(Stop) {
        let n = file.count
        var i = 0
        // Skip a UTF-8 byte-order mark.
        if n >= 3, file[0] == 0xEF, file[1] == 0xBB, file[2] == 0xBF { i = 3 }
        var physical = 0
        var scratch: [UInt8] = []
        var reported = 0
        while i < n {
            physical += 1
            let startLine = physical
            var end = try lineEnd(file, from: i, line: physical)
            var next = skipBreak(file, end)
            if next < n, file[next] == 13 || file[next] == 10 {
                next = foldAfterBlankLines(file, next, physical: &physical, folds: &blankLineFolds)
            }
            if next < n, file[next] == 32 || file[next] == 9 {
                // Folded: gather the pieces.
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: file[i..<end]))
                while next < n, file[next] == 32 || file[next] == 9 {
                    physical += 1
                    let pieceStart = next + 1
                    end = try lineEnd(file, from: pieceStart, line: physical)
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: file[pieceStart..<end]))
                    guard scratch.count <= maxLineLength else { throw .tooLong(line: startLine) }
                    next = skipBreak(file, end)
                    if next < n, file[next] == 13 || file[next] == 10 {
                        next = foldAfterBlankLines(file, next, physical: &physical, folds: &blankLineFolds)
                    }
                }
                scratch.withUnsafeBufferPointer { body(parse($0, line: startLine), startLine) }
            } else {
                guard end - i <= maxLineLength else { throw .tooLong(line: startLine) }
                if end > i {
                    body(parse(UnsafeBufferPointer(rebasing: file[i..<end]), line: startLine), startLine)
                }
            }
            i = next
            if i - reported >= step {
                passed(i)
                reported = i
            }
        }
    }

    /// The index of the CR or LF ending the line that starts at `from` (or the file's end).
    /// Checks for NUL bytes and UTF-8 on the way.
    @inline(__always)
    private static func lineEnd(_ f: UnsafeBufferPointer<UInt8>, from: Int, line: Int) throws(Stop) -> Int {
        var j = from
        let n = f.count
        while j < n {
            let c = f[j]
            if c >= 0x80 {
                guard let len = utf8Length(f, at: j) else { throw .binary(line: line) }
                j += len
                continue
            }
            if c == 10 || c == 13 { return j }
            if c == 0 { throw .binary(line: line) }
            j += 1
            if j - from > maxLineLength { throw .tooLong(line: line) }
        }
        return n
    }

    /// At `next`, the start of a blank line: when blank lines are followed by a line that
    /// starts with a space or a tab, that line continues the one before them. Returns where it
    /// starts (counting the blank lines as physical lines and in `folds`); else `next`
    /// unchanged, and the blank lines are skipped as usual.
    @inline(never)
    private static func foldAfterBlankLines(_ f: UnsafeBufferPointer<UInt8>, _ next: Int,
                                            physical: inout Int, folds: inout BlankLineFolds) -> Int {
        var j = next
        var blanks = 0
        while j < f.count, f[j] == 13 || f[j] == 10 {
            j = skipBreak(f, j)
            blanks += 1
        }
        guard j < f.count, f[j] == 32 || f[j] == 9 else { return next }
        if folds.firstLine == nil { folds.firstLine = physical + 1 }
        folds.count += blanks
        physical += blanks
        return j
    }

    @inline(__always)
    private static func skipBreak(_ f: UnsafeBufferPointer<UInt8>, _ end: Int) -> Int {
        var j = end
        if j < f.count, f[j] == 13 { j += 1 }
        if j < f.count, f[j] == 10 { j += 1 }
        return j
    }

    /// The length of a well-formed UTF-8 sequence at `i`, or nil.
    @inline(__always)
    private static func utf8Length(_ f: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let c = f[i]
        let len: Int
        let minValue: UInt32
        var value: UInt32
        switch c {
        case 0xC2...0xDF: len = 2; value = UInt32(c & 0x1F); minValue = 0x80
        case 0xE0...0xEF: len = 3; value = UInt32(c & 0x0F); minValue = 0x800
        case 0xF0...0xF4: len = 4; value = UInt32(c & 0x07); minValue = 0x10000
        default: return nil
        }
        guard i + len <= f.count else { return nil }
        for k in 1..<len {
            let cc = f[i + k]
            guard cc & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(cc & 0x3F)
        }
        guard value >= minValue, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return len
    }

    /// Splits one logical line into name, parameters and value.
    static func parse(_ l: UnsafeBufferPointer<UInt8>, line: Int) -> Result<ICSContentLine, ICSLineProblem> {
        let n = l.count
        var i = 0
        while i < n, ICSOutput.isNameByte(l[i]) { i += 1 }
        guard i > 0 else { return .failure(.badName) }
        guard i < n else { return .failure(.noColon) }
        let name = UnsafeBufferPointer(rebasing: l[0..<i])
        var parameters: [(name: String, value: String)] = []
        while i < n, l[i] == UInt8(ascii: ";") {
            i += 1
            let pStart = i
            while i < n, ICSOutput.isNameByte(l[i]) { i += 1 }
            guard i > pStart, i < n, l[i] == UInt8(ascii: "=") else { return .failure(.badParameter) }
            let pName = upper(UnsafeBufferPointer(rebasing: l[pStart..<i]))
            i += 1
            // One or more values separated by commas; each quoted or plain.
            while true {
                if i < n, l[i] == UInt8(ascii: "\"") {
                    let vStart = i + 1
                    i = vStart
                    while i < n, l[i] != UInt8(ascii: "\"") { i += 1 }
                    guard i < n else { return .failure(.unterminatedQuote) }
                    parameters.append((pName, unescapeParameter(UnsafeBufferPointer(rebasing: l[vStart..<i]))))
                    i += 1
                } else {
                    let vStart = i
                    while i < n, l[i] != UInt8(ascii: ","), l[i] != UInt8(ascii: ";"), l[i] != UInt8(ascii: ":") { i += 1 }
                    parameters.append((pName, unescapeParameter(UnsafeBufferPointer(rebasing: l[vStart..<i]))))
                }
                guard i < n, l[i] == UInt8(ascii: ",") else { break }
                i += 1
            }
        }
        guard i < n, l[i] == UInt8(ascii: ":") else { return .failure(i < n ? .badParameter : .noColon) }
        return .success(ICSContentLine(line: line, name: name, parameters: parameters,
                                       value: UnsafeBufferPointer(rebasing: l[(i + 1)..<n])))
    }

    static func upper(_ b: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: b.lazy.map { $0 >= 97 && $0 <= 122 ? $0 - 32 : $0 }, as: UTF8.self)
    }

    /// RFC 6868: `^n` newline, `^'` double quote, `^^` caret.
    static func unescapeParameter(_ b: UnsafeBufferPointer<UInt8>) -> String {
        guard b.contains(UInt8(ascii: "^")) else { return String(decoding: b, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var k = 0
        while k < b.count {
            let c = b[k]
            if c == UInt8(ascii: "^"), k + 1 < b.count {
                switch b[k + 1] {
                case UInt8(ascii: "n"): out.append(10); k += 2; continue
                case UInt8(ascii: "'"): out.append(UInt8(ascii: "\"")); k += 2; continue
                case UInt8(ascii: "^"): out.append(c); k += 2; continue
                default: break
                }
            }
            out.append(c)
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A TEXT value (RFC 5545 §3.3.11) with `\\ \; \, \n \N` undone.
    static func unescapeText(_ b: UnsafeBufferPointer<UInt8>) -> String {
        guard b.contains(UInt8(ascii: "\\")) else { return String(decoding: b, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var k = 0
        while k < b.count {
            let c = b[k]
            if c == UInt8(ascii: "\\"), k + 1 < b.count {
                let e = b[k + 1]
                out.append(e == UInt8(ascii: "n") || e == UInt8(ascii: "N") ? 10 : e)
                k += 2
                continue
            }
            out.append(c)
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A comma-separated TEXT list (CATEGORIES), split on unescaped commas and unescaped.
    static func textList(_ b: UnsafeBufferPointer<UInt8>) -> [String] {
        var out: [String] = []
        var start = 0
        var k = 0
        while k < b.count {
            if b[k] == UInt8(ascii: "\\") { k += 2; continue }
            if b[k] == UInt8(ascii: ",") {
                out.append(unescapeText(UnsafeBufferPointer(rebasing: b[start..<k])))
                start = k + 1
            }
            k += 1
        }
        out.append(unescapeText(UnsafeBufferPointer(rebasing: b[min(start, b.count)..<b.count])))
        return out.filter { !$0.isEmpty }
    }
}
