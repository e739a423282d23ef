import BoardModel

/// The one JSON writer: every JSON boardkit writes (the canonical board, the report, Trello
/// and Taskwarrior exports) goes through it into an `OutputBuffer`, so a file of a million
/// cards streams out in chunks and a string is escaped by the one rule (`JSONEscaping`).
///
/// The writer keeps the commas, spaces and indentation; a caller says what to write, not how
/// to separate it: `beginObject`, `key`, a value, `endObject`. Each container has a `Layout`,
/// and whatever is inside a one-line container stays on its line.
///
/// Elements made on other cores: `fragment()` gives a writer positioned inside the current
/// container; `append(fragment:)` puts what it wrote in place (`inOrderChunks`).
/// A writer is never read while it is written: take one fragment before the work starts
/// and let each worker call `fragment()` on that one.
public struct JSONWriter {
    /// How a container lays out what it holds.
    public enum Layout: Sendable {
        /// One member or element per line, indented two spaces a level: `"key": value`.
        case indented
        /// On one line, `, ` and `: ` between (Python's `json.dumps` default).
        case line
        /// On one line, no spaces: `{"a":1,"b":[2,3]}`.
        case compact
        /// One element per line, not indented, and the brackets on lines of their own
        /// (Taskwarrior's `task export`).
        case lines
    }

    private struct Level {
        var layout: Layout
        var hasValues = false
    }

    private var out: OutputBuffer
    private var levels: [Level] = []
    /// A key was written; its value comes next, with no separator before it.
    private var afterKey = false

    /// Output to `fd` in chunks (`flushIfFull`), or kept in memory when -1 (`finish`).
    public init(fd: Int32 = -1, capacity: Int? = nil) {
        out = OutputBuffer(fd: fd, capacity: capacity)
        levels.reserveCapacity(8)
    }

    /// The first write error (`errno`), after which output is dropped.
    public var failure: Int32? { out.failure }

    /// Hands the buffer to the file once it holds a chunk (call between elements).
    @inline(__always) public mutating func flushIfFull() { out.flushIfFull() }

    /// Writes out whatever is buffered.
    public mutating func flush() { out.flush() }

    /// What was written in memory.
    public consuming func finish() -> [UInt8] { out.bytes }

    /// Ends a document with a line break, as a text file ends.
    public mutating func endDocument() { out.append(0x0A) }

    // MARK: Structure

    /// Starts an object.
    public mutating func beginObject(_ layout: Layout = .indented) {
        beforeValue()
        out.append(UInt8(ascii: "{"))
        push(layout)
    }

    /// Ends the innermost object.
    public mutating func endObject() { end(UInt8(ascii: "}")) }

    /// Starts an array.
    public mutating func beginArray(_ layout: Layout = .indented) {
        beforeValue()
        out.append(UInt8(ascii: "["))
        push(layout)
    }

    /// Ends the innermost array.
    public mutating func endArray() { end(UInt8(ascii: "]")) }

    /// A member's name taken from data (escaped); its value is the next thing written.
    public mutating func key(named name: String) {
        beforeValue()
        string(unseparated: name)
        colon()
    }

    /// A member's name known at compile time (plain ASCII, nothing to escape); its value is
    /// the next thing written.
    @inline(__always)
    public mutating func key(_ name: StaticString) {
        beforeValue()
        let n = name.utf8CodeUnitCount
        out.append(maxCount: n + 2) { p in
            p[0] = UInt8(ascii: "\"")
            (p + 1).update(from: name.utf8Start, count: n)
            p[n + 1] = UInt8(ascii: "\"")
            return n + 2
        }
        colon()
    }

    private mutating func push(_ layout: Layout) {
        // Inside a one-line container everything stays on its line; a compact container
        // stays compact there too (a list kept without spaces inside a `.line` object).
        let inherited = levels.last.map {
            $0.layout == .indented || $0.layout == .lines || layout == .compact ? layout : $0.layout
        } ?? layout
        levels.append(Level(layout: inherited))
    }

    private mutating func end(_ bracket: UInt8) {
        let closed = levels.removeLast()
        switch closed.layout {
        case .indented where closed.hasValues: newline()
        case .lines: out.append(0x0A)
        default: break
        }
        out.append(bracket)
    }

    private mutating func colon() {
        afterKey = true
        if levels.last?.layout == .compact || levels.last?.layout == .lines {
            out.append(UInt8(ascii: ":"))
        } else {
            out.append(UInt8(ascii: ":"), 0x20)
        }
    }

    /// The separator before a value or a key: a comma after the container's first, then a
    /// line break and indentation or a space as the container's layout says.
    @inline(__always)
    private mutating func beforeValue() {
        if afterKey { afterKey = false; return }
        guard let last = levels.indices.last else { return }
        let first = !levels[last].hasValues
        levels[last].hasValues = true
        switch levels[last].layout {
        case .indented:
            if !first { out.append(UInt8(ascii: ",")) }
            newline()
        case .line:
            if !first { out.append(UInt8(ascii: ","), 0x20) }
        case .compact:
            if !first { out.append(UInt8(ascii: ",")) }
        case .lines:
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
        }
    }

    private mutating func newline() {
        let depth = levels.count
        out.append(maxCount: 1 + 2 * depth) { p in
            p[0] = 0x0A
            (p + 1).initialize(repeating: 0x20, count: 2 * depth)
            return 1 + 2 * depth
        }
    }

    // MARK: Values

    /// A string, escaped by `JSONEscaping` (Python's `json.dumps(ensure_ascii=False)` form).
    @inline(__always)
    public mutating func string(_ s: String) {
        beforeValue()
        string(unseparated: s)
    }

    @inline(__always)
    private mutating func string(unseparated s: String) {
        var s = s
        out.append(UInt8(ascii: "\""))
        s.withUTF8 { u in JSONEscaping.escape(u) { out.append($0) } }
        out.append(UInt8(ascii: "\""))
    }

    /// A string, or null when there is none.
    public mutating func string(orNull s: String?) {
        if let s { string(s) } else { null() }
    }

    /// An array of strings.
    public mutating func strings(_ list: [String], _ layout: Layout = .indented) {
        beginArray(layout)
        for s in list { string(s) }
        endArray()
    }

    /// An integer.
    public mutating func integer(_ v: Int) {
        beforeValue()
        JSONNumber.appendInteger(Int64(v), to: &out)
    }

    /// A number: whole numbers below 2⁵³ as integers, others in the shortest form that reads
    /// back the same (`JSONNumber`). Not for NaN or infinity, which JSON cannot hold.
    public mutating func number(_ v: Double) {
        beforeValue()
        JSONNumber.append(v, to: &out)
    }

    /// `true` or `false`.
    public mutating func bool(_ v: Bool) {
        beforeValue()
        if v { out.append("true") } else { out.append("false") }
    }

    /// `null`.
    public mutating func null() {
        beforeValue()
        out.append("null")
    }

    /// A value already in JSON form (a number formatted by the caller, JSON text kept from
    /// a source), written as is.
    public mutating func json(_ text: UnsafeBufferPointer<UInt8>) {
        beforeValue()
        out.append(text)
    }

    /// `json(_:)` for text in a `String`.
    public mutating func json(_ text: String) {
        var text = text
        text.withUTF8 { json($0) }
    }

    // MARK: Members

    /// `"name": "value"`, or `"name": null`.
    public mutating func member(_ name: StaticString, _ value: String?) {
        key(name)
        string(orNull: value)
    }

    /// `"name": 12`, or `"name": null`.
    public mutating func member(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { integer(value) } else { null() }
    }

    /// `"name": true`.
    public mutating func member(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    /// `"name": ["a", "b"]`.
    public mutating func member(_ name: StaticString, _ values: [String]) {
        key(name)
        strings(values)
    }

    /// `"name": [1, 2]`.
    public mutating func member(_ name: StaticString, _ values: [Int]) {
        key(name)
        beginArray()
        for v in values { integer(v) }
        endArray()
    }

    // MARK: Dates

    /// `"2026-11-02T18:00:00+09:00"`: an instant in its own offset, milliseconds only when
    /// not zero (the form `ISO8601.appendInstant` gives, written straight into the buffer).
    public mutating func instant(_ i: Instant) {
        beforeValue()
        // ±HH:MM cannot say an offset with seconds (local mean time before 1900, such as
        // +08:27:52): such a moment is written in UTC rather than moved.
        let i = i.offsetSeconds % 60 == 0 ? i : i.utc
        out.append(maxCount: 32) { start in
            let t = i.local
            var p = start
            p[0] = UInt8(ascii: "\"")
            p += 1
            p = Self.put(t.date, at: p)
            p[0] = UInt8(ascii: "T")
            Self.put2(t.hour, at: p + 1)
            p[3] = UInt8(ascii: ":")
            Self.put2(t.minute, at: p + 4)
            p[6] = UInt8(ascii: ":")
            Self.put2(t.second, at: p + 7)
            p += 9
            if t.millisecond != 0 {
                p[0] = UInt8(ascii: ".")
                p[1] = UInt8(ascii: "0") + UInt8(t.millisecond / 100)
                Self.put2(t.millisecond % 100, at: p + 2)
                p += 4
            }
            let offset = i.offsetSeconds
            if offset == 0 {
                p[0] = UInt8(ascii: "Z")
                p += 1
            } else {
                let m = Int(offset.magnitude)
                p[0] = offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
                Self.put2(m / 3600, at: p + 1)
                p[3] = UInt8(ascii: ":")
                Self.put2(m / 60 % 60, at: p + 4)
                p += 6
            }
            p[0] = UInt8(ascii: "\"")
            return p + 1 - start
        }
    }

    /// A due date: an instant, or a calendar date `"2026-11-30"`.
    public mutating func due(_ d: DueDate) {
        switch d {
        case .instant(let i): instant(i)
        case .date(let date):
            beforeValue()
            out.append(maxCount: 16) { start in
                start[0] = UInt8(ascii: "\"")
                let p = Self.put(date, at: start + 1)
                p[0] = UInt8(ascii: "\"")
                return p + 1 - start
            }
        }
    }

    /// Writes `YYYY-MM-DD` (years outside 0…9999 through the model's formatter); returns the
    /// position after it.
    @inline(__always)
    private static func put(_ d: CalendarDate, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard (0...9999).contains(d.year) else {
            var text: [UInt8] = []
            ISO8601.appendDate(d, to: &text)
            p.update(from: text, count: text.count)
            return p + text.count
        }
        put2(d.year / 100, at: p)
        put2(d.year % 100, at: p + 2)
        p[4] = UInt8(ascii: "-")
        put2(d.month, at: p + 5)
        p[7] = UInt8(ascii: "-")
        put2(d.day, at: p + 8)
        return p + 10
    }

    @inline(__always) private static func put2(_ v: Int, at p: UnsafeMutablePointer<UInt8>) {
        p[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v / 10)
        p[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v % 10)
    }

    // MARK: Fragments

    /// A new writer in memory, positioned inside the current container as after one of its
    /// elements, for elements made on another core. Each of its elements starts with its
    /// separator; `append(fragment:)` drops the first when nothing came before it, so a
    /// worker need not know whether its chunk comes first or another chunk wrote nothing.
    public func fragment() -> JSONWriter {
        var part = JSONWriter()
        part.levels = levels
        if let last = part.levels.indices.last { part.levels[last].hasValues = true }
        return part
    }

    /// Puts in place what a `fragment()` wrote, then flushes once a chunk is buffered.
    public mutating func append(fragment part: JSONWriter) {
        var written = part.out.contents
        guard let last = levels.indices.last, !written.isEmpty else { return }
        if !levels[last].hasValues {
            // The container's first element: no separator before it (", " on one line).
            written = UnsafeBufferPointer(rebasing: written[(levels[last].layout == .line ? 2 : 1)...])
            levels[last].hasValues = true
        }
        out.append(written)
        out.flushIfFull()
    }
}
