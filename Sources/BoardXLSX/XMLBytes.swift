import Foundation

/// The little XML a workbook's parts use, read straight from bytes: tags, attributes and
/// text with entities and CDATA sections. Not a general XML parser (no DTDs, no namespaces beyond ignoring a
/// prefix), which is what makes it fast: FoundationXML's `XMLParser` spends 1.6 s just
/// walking a 100,000-row sheet.
struct XMLTag {
    /// Index of `<`.
    var start: Int
    /// The local name (after any `prefix:`).
    var nameStart: Int
    var nameEnd: Int
    /// Between the name and `>` (or `/>`).
    var attributesEnd: Int
    /// Index just past `>`.
    var end: Int
    /// `</name>`.
    var isClosing: Bool
    /// `<name/>`.
    var isSelfClosing: Bool
}

enum XMLBytes {
    /// The next tag at or after `from`, skipping comments, processing instructions, DOCTYPE
    /// and CDATA. Nil when the buffer ends before the tag does (more bytes needed, or the
    /// document is cut short).
    static func nextTag(_ b: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> XMLTag? {
        var i = from
        while true {
            guard let lt = find(UInt8(ascii: "<"), b, from: i, end: end), lt + 1 < end else { return nil }
            let c = b[lt + 1]
            if c == UInt8(ascii: "?") || c == UInt8(ascii: "!") {
                // <?…?>, <!-- … -->, <![CDATA[ … ]]>, <!DOCTYPE …>
                let closer: [UInt8]
                if lt + 3 < end, b[lt + 2] == UInt8(ascii: "-"), b[lt + 3] == UInt8(ascii: "-") { closer = Array("-->".utf8) }
                else if lt + 2 < end, b[lt + 2] == UInt8(ascii: "[") { closer = Array("]]>".utf8) }
                else { closer = [UInt8(ascii: ">")] }
                guard let close = find(closer, b, from: lt + 2, end: end) else { return nil }
                i = close + closer.count
                continue
            }
            let closing = c == UInt8(ascii: "/")
            var j = closing ? lt + 2 : lt + 1
            var nameStart = j
            while j < end {
                let d = b[j]
                if d == UInt8(ascii: " ") || d == UInt8(ascii: ">") || d == UInt8(ascii: "/") || d == 0x0A || d == 0x09 || d == 0x0D { break }
                if d == UInt8(ascii: ":") { nameStart = j + 1 }
                j += 1
            }
            let nameEnd = j
            // Find `>` outside quoted attribute values.
            var quote: UInt8 = 0
            while j < end {
                let d = b[j]
                if quote != 0 { if d == quote { quote = 0 } }
                else if d == UInt8(ascii: "\"") || d == UInt8(ascii: "'") { quote = d }
                else if d == UInt8(ascii: ">") { break }
                j += 1
            }
            guard j < end else { return nil }
            let selfClosing = j > nameEnd && b[j - 1] == UInt8(ascii: "/")
            return XMLTag(start: lt, nameStart: nameStart, nameEnd: nameEnd,
                          attributesEnd: selfClosing ? j - 1 : j, end: j + 1,
                          isClosing: closing, isSelfClosing: selfClosing)
        }
    }

    @inline(__always)
    static func find(_ byte: UInt8, _ b: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int? {
        guard from < end, let base = b.baseAddress else { return nil }
        guard let p = memchr(base + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self) - base
    }

    static func find(_ needle: [UInt8], _ b: UnsafeBufferPointer<UInt8>, from: Int, end: Int) -> Int? {
        guard let first = needle.first else { return from }
        var i = from
        while let k = find(first, b, from: i, end: end) {
            guard k + needle.count <= end else { return nil }
            var same = true
            for n in 1..<needle.count where b[k + n] != needle[n] { same = false; break }
            if same { return k }
            i = k + 1
        }
        return nil
    }

    /// True when the tag's local name is `name`.
    @inline(__always)
    static func isNamed(_ tag: XMLTag, _ name: StaticString, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = name.utf8CodeUnitCount
        guard tag.nameEnd - tag.nameStart == n else { return false }
        let p = name.utf8Start
        for k in 0..<n where b[tag.nameStart + k] != p[k] { return false }
        return true
    }

    /// The raw value range of the attribute whose local name is `name` (so `r:id` matches
    /// `id`; `prefixed` asks for a prefix, telling `r:id` from `sheetId`-like plain names).
    static func attribute(_ tag: XMLTag, _ name: StaticString, _ b: UnsafeBufferPointer<UInt8>,
                          prefixed: Bool? = nil) -> Range<Int>? {
        var i = tag.nameEnd
        let end = tag.attributesEnd
        let n = name.utf8CodeUnitCount
        let p = name.utf8Start
        while i < end {
            while i < end, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x09 || b[i] == 0x0D { i += 1 }
            let start = i
            var local = i
            while i < end, b[i] != UInt8(ascii: "="), b[i] != 0x20 {
                if b[i] == UInt8(ascii: ":") { local = i + 1 }
                i += 1
            }
            let attrEnd = i
            while i < end, b[i] != UInt8(ascii: "\"") && b[i] != UInt8(ascii: "'") { i += 1 }
            guard i < end else { return nil }
            let q = b[i]
            let valueStart = i + 1
            guard let close = find(q, b, from: valueStart, end: end) else { return nil }
            i = close + 1
            if attrEnd - local == n, prefixed.map({ $0 == (local > start) }) ?? true {
                var same = true
                for k in 0..<n where b[local + k] != p[k] { same = false; break }
                if same { return valueStart..<close }
            }
        }
        return nil
    }

    /// An attribute's text, entities decoded.
    static func attributeText(_ tag: XMLTag, _ name: StaticString, _ b: UnsafeBufferPointer<UInt8>,
                              prefixed: Bool? = nil) -> String? {
        attribute(tag, name, b, prefixed: prefixed).map { text(b, $0, spreadsheet: false) }
    }

    /// Text content with XML entities, CDATA sections and line ends decoded and, for cell
    /// text (`spreadsheet`), OOXML's `_xHHHH_` escapes.
    static func text(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, spreadsheet: Bool) -> String {
        var plain = true
        for i in range {
            let c = b[i]
            if c == UInt8(ascii: "&") || c == UInt8(ascii: "<") || c == 0x0D || (spreadsheet && c == UInt8(ascii: "_")) {
                plain = false
                break
            }
        }
        if plain { return String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        appendText(b, range, spreadsheet: spreadsheet, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the text of `range`, element content between a tag and the next: character
    /// data with its entities decoded, and CDATA sections (`<![CDATA[a & b]]>`, which other
    /// writers use) as their content, entities left as they are. Comments and processing
    /// instructions are no text. Line ends and `_xHHHH_` escapes are decoded in both: XML
    /// normalises line ends before any markup, and OOXML's escapes apply to the text XML gives.
    static func appendText(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, spreadsheet: Bool, to out: inout [UInt8]) {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let lt = find(UInt8(ascii: "<"), b, from: i, end: end) ?? end
            appendCharacters(b, i..<lt, spreadsheet: spreadsheet, entities: true, to: &out)
            guard lt < end else { return }
            if let cdata = section(b, at: lt, end: end, open: cdataOpen, close: cdataClose) {
                appendCharacters(b, cdata.content, spreadsheet: spreadsheet, entities: false, to: &out)
                i = cdata.next
            } else if let skipped = section(b, at: lt, end: end, open: commentOpen, close: commentClose)
                        ?? section(b, at: lt, end: end, open: instructionOpen, close: instructionClose) {
                i = skipped.next
            } else {
                // No markup this reader knows (the tag scanner would have stopped at a tag):
                // kept as text.
                out.append(UInt8(ascii: "<"))
                i = lt + 1
            }
        }
    }

    private static let cdataOpen = Array("<![CDATA[".utf8), cdataClose = Array("]]>".utf8)
    private static let commentOpen = Array("<!--".utf8), commentClose = Array("-->".utf8)
    private static let instructionOpen = Array("<?".utf8), instructionClose = Array("?>".utf8)

    /// The content of the markup section that starts at `i` with `open` and ends with `close`
    /// within `end`, and the index after it; nil when `open` does not start there.
    private static func section(_ b: UnsafeBufferPointer<UInt8>, at i: Int, end: Int,
                                open: [UInt8], close: [UInt8]) -> (content: Range<Int>, next: Int)? {
        guard i + open.count <= end else { return nil }
        for k in 1..<open.count where b[i + k] != open[k] { return nil }
        guard let closing = find(close, b, from: i + open.count, end: end) else { return nil }
        return (i + open.count..<closing, closing + close.count)
    }

    /// Character data without markup: line ends, `_xHHHH_` escapes for cells and, outside a
    /// CDATA section (`entities`), entity references decoded.
    private static func appendCharacters(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, spreadsheet: Bool,
                                         entities: Bool, to out: inout [UInt8]) {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let c = b[i]
            if entities, c == UInt8(ascii: "&"), let semi = find(UInt8(ascii: ";"), b, from: i + 1, end: min(end, i + 12)) {
                let name = UnsafeBufferPointer(rebasing: b[(i + 1)..<semi])
                if let scalar = entity(name) {
                    appendScalar(scalar, to: &out)
                    i = semi + 1
                    continue
                }
            } else if c == 0x0D {
                // XML line-end handling: CR LF and lone CR are LF.
                out.append(0x0A)
                i += (i + 1 < end && b[i + 1] == 0x0A) ? 2 : 1
                continue
            } else if spreadsheet, c == UInt8(ascii: "_"), SpreadsheetText.isEscape(b, at: i, end: end) {
                var v: UInt32 = 0
                for k in 2..<6 { v = v << 4 | (SpreadsheetText.hexValue(b[i + k]) ?? 0) }
                appendScalar(Unicode.Scalar(v) ?? "\u{FFFD}", to: &out)
                i += 7
                continue
            }
            out.append(c)
            i += 1
        }
    }

    private static func entity(_ n: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        switch Array(n) {
        case Array("amp".utf8): return "&"
        case Array("lt".utf8): return "<"
        case Array("gt".utf8): return ">"
        case Array("quot".utf8): return "\""
        case Array("apos".utf8): return "'"
        default:
            guard n.count >= 2, n[0] == UInt8(ascii: "#") else { return nil }
            let hex = n[1] == UInt8(ascii: "x") || n[1] == UInt8(ascii: "X")
            let digits = String(decoding: UnsafeBufferPointer(rebasing: n[(hex ? 2 : 1)...]), as: UTF8.self)
            return UInt32(digits, radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init)
        }
    }

    private static func appendScalar(_ s: Unicode.Scalar, to out: inout [UInt8]) {
        var buf: [UInt8] = []
        UTF8.encode(s) { buf.append($0) }
        out.append(contentsOf: buf)
    }

    /// Runs `body` over an array's bytes.
    static func with<R>(_ bytes: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer(body)
    }
}
