#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Places in a file laid out one array element per line, found without reading it
/// through: boardkit's canonical layout (elements indented four spaces) and the compact
/// layouts other programs write (`{"id":…}` at the start of each line), cards before
/// events. A binary search over lines ("is this element an event?") narrows the start of
/// the events to a small window, searched for the key. A wrong guess costs nothing but the
/// speculation (`ReadAhead` checks the offsets).
enum CanonicalLines {
    /// How far a probe looks for an element line before it gives up.
    private static let probeLimit = 1 << 20
    /// The window the key is searched for in at the end.
    private static let window = 1 << 18
    /// Indentation an element line or the key's line may have.
    private static let maxIndent = 16

    private enum Probe { case event(element: Int), other(element: Int) }

    /// The offset of the `[` after `"events":`, or nil when the layout is not one element per line.
    static func eventsArrayStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var lo = 0, hi = bytes.count
        while hi - lo > window {
            let mid = lo + (hi - lo) / 2
            switch probe(bytes, from: mid) {
            case .event?: hi = mid
            case .other?: lo = mid
            case nil: hi = mid // past the last element line: after the events too
            }
        }
        // The key starts a line: try each line feed in the window.
        let end = min(hi + probeLimit, bytes.count)
        var i = lo
        while let nl = next(0x0A, in: bytes, from: i, before: end) {
            if let bracket = eventsKey(bytes, line: nl + 1) { return bracket }
            i = nl + 1
        }
        return nil
    }

    /// The `{` of the first card line at or after `offset`, before `end`.
    static func cardStart(from offset: Int, before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard case .other(let element)? = probe(bytes, from: offset), element < end,
              startsElement(bytes, element, with: "\"id\"") else { return nil }
        return element
    }

    /// The `{` of the first event line at or after `offset`.
    static func eventStart(from offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard case .event(let element)? = probe(bytes, from: offset) else { return nil }
        return element
    }

    /// The `[` of a line `"events": [` (any indentation, spaces around the colon) starting
    /// at `line`, or nil.
    private static func eventsKey(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> Int? {
        var i = skipBlanks(bytes, from: line, upTo: line + maxIndent)
        guard startsElement(bytes, i - 1, with: "\"events\"") else { return nil }
        i = skipBlanks(bytes, from: i + 8, upTo: i + 8 + maxIndent)
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
        i = skipBlanks(bytes, from: i + 1, upTo: i + 1 + maxIndent)
        return i < bytes.count && bytes[i] == UInt8(ascii: "[") ? i : nil
    }

    /// Classifies the first element line (`{"key": …`, indented or not) after `offset`.
    private static func probe(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Probe? {
        let limit = min(offset + probeLimit, bytes.count)
        var i = offset
        while i < limit {
            guard let nl = next(0x0A, in: bytes, from: i, before: limit) else { return nil }
            let element = skipBlanks(bytes, from: nl + 1, upTo: nl + 1 + maxIndent)
            if element + 2 <= bytes.count, bytes[element] == UInt8(ascii: "{"), bytes[element + 1] == UInt8(ascii: "\"") {
                return startsElement(bytes, element, with: "\"card\"") ? .event(element: element) : .other(element: element)
            }
            i = nl + 1
        }
        return nil
    }

    /// True when the bytes after `element` (a `{`) are `text`.
    private static func startsElement(_ bytes: UnsafeBufferPointer<UInt8>, _ element: Int, with text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard element >= -1, element + 1 + n <= bytes.count, let base = bytes.baseAddress else { return false }
        return memcmp(base + element + 1, text.utf8Start, n) == 0
    }

    /// The first offset from `from` that is not a space or a tab (at most `limit`).
    private static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, upTo limit: Int) -> Int {
        var i = from
        while i < min(limit, bytes.count), bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        return i
    }

    private static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, before end: Int) -> Int? {
        guard from < end, let base = bytes.baseAddress,
              let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
    }
}
