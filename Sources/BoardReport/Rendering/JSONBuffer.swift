import BoardModel

/// A minimal byte-level JSON writer for the report: objects, arrays, strings, integers and
/// one-decimal day counts, appended straight to UTF-8 bytes (Foundation's encoder is slow on
/// Linux, and a million-card report has long lists).
struct JSONBuffer {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current container needs a comma before it.
    private var needsComma: [Bool] = [false]
    private var depth: Int { needsComma.count - 1 }
    let pretty: Bool
    /// The depth of the container being written on one line (list entries), if any.
    private var inlineDepth: Int?

    init(pretty: Bool = true, capacity: Int = 1 << 16) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        newline()
    }

    private mutating func newline() {
        guard pretty, depth > 0, inlineDepth == nil else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes.append(UInt8(ascii: " ")); bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func keyPrefix(_ key: String?) {
        separate()
        if let key {
            appendString(key)
            bytes.append(UInt8(ascii: ":"))
            if pretty && inlineDepth == nil { bytes.append(UInt8(ascii: " ")) }
        }
    }

    /// Starts an object; `inline` writes it on one line (the entries of long lists).
    mutating func beginObject(_ key: String? = nil, inline: Bool = false) {
        if depth > 0 || key != nil { keyPrefix(key) }
        bytes.append(UInt8(ascii: "{"))
        needsComma.append(false)
        if inline && inlineDepth == nil { inlineDepth = depth }
    }

    mutating func endObject() { close(UInt8(ascii: "}")) }

    mutating func beginArray(_ key: String? = nil) {
        keyPrefix(key)
        bytes.append(UInt8(ascii: "["))
        needsComma.append(false)
    }

    mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func close(_ c: UInt8) {
        let closingInline = inlineDepth == depth
        let hadValues = needsComma.removeLast()
        if closingInline { inlineDepth = nil } else if hadValues { newline() }
        bytes.append(c)
    }

    mutating func string(_ key: String?, _ value: String?) {
        keyPrefix(key)
        if let value { appendString(value) } else { appendNull() }
    }

    mutating func int(_ key: String?, _ value: Int?) {
        keyPrefix(key)
        guard let value else { return appendNull() }
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ key: String?, _ value: Bool) {
        keyPrefix(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A day count with one decimal (`12.5`, `0.0`); null when absent.
    mutating func days(_ key: String?, _ value: Double?) {
        keyPrefix(key)
        guard let value, value.isFinite else { return appendNull() }
        bytes.append(contentsOf: DayFormat.oneDecimal(value).utf8)
    }

    mutating func strings(_ key: String, _ values: [String]) {
        beginArray(key)
        for v in values { string(nil, v) }
        endArray()
    }

    mutating func ints(_ key: String, _ values: [Int]) {
        beginArray(key)
        for v in values { int(nil, v) }
        endArray()
    }

    private mutating func appendNull() { bytes.append(contentsOf: "null".utf8) }

    private mutating func appendString(_ s: String) {
        JSONText.appendQuoted(s, to: &bytes)
    }

    /// The finished document with a final newline.
    mutating func finish() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

/// How day counts are written everywhere: one decimal, no exponent, no "-0.0".
enum DayFormat {
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let m = tenths.magnitude
        return "\(sign)\(m / 10).\(m % 10)"
    }
}
