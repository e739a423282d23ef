#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Places in a canonical file, found without reading it through: a canonical board puts one
/// array element per line, indented four spaces, cards before events. A binary search over
/// lines ("is this element an event?") narrows the start of the events to a small window,
/// searched for the key. A wrong guess costs nothing but the speculation (`ReadAhead`
/// checks the offsets).
enum CanonicalLines {
    private static let key = Array("\n  \"events\": [".utf8)
    /// How far a probe looks for an element line before it gives up.
    private static let probeLimit = 1 << 20
    /// The window the key is searched for in at the end.
    private static let window = 1 << 18

    private enum Probe { case event, other(element: Int) }

    /// The offset of the `[` after `"events":`, or nil when the layout is not canonical.
    static func eventsArrayStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
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
            if nl + key.count <= bytes.count,
               memcmp(base + nl, key, key.count) == 0 { return nl + key.count - 1 }
            i = nl + 1
        }
        return nil
    }

    /// The `{` of the first card line at or after `offset`, before `end`.
    static func cardStart(from offset: Int, before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard case .other(let element)? = probe(bytes, from: offset), element < end,
              bytes[element + 1] == UInt8(ascii: "\""), bytes[element + 2] == UInt8(ascii: "i"),
              bytes[element + 3] == UInt8(ascii: "d"), bytes[element + 4] == UInt8(ascii: "\"") else { return nil }
        return element
    }

    /// Classifies the first element line (`    {"key": …`) after `offset`.
    private static func probe(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Probe? {
        let limit = min(offset + probeLimit, bytes.count)
        var i = offset
        while i < limit {
            guard let nl = next(0x0A, in: bytes, from: i, before: limit) else { return nil }
            let line = nl + 1
            if line + 12 <= bytes.count, bytes[line] == 0x20, bytes[line + 1] == 0x20, bytes[line + 2] == 0x20,
               bytes[line + 3] == 0x20, bytes[line + 4] == UInt8(ascii: "{"), bytes[line + 5] == UInt8(ascii: "\"") {
                let isEvent = bytes[line + 6] == UInt8(ascii: "c") && bytes[line + 7] == UInt8(ascii: "a")
                    && bytes[line + 8] == UInt8(ascii: "r") && bytes[line + 9] == UInt8(ascii: "d")
                    && bytes[line + 10] == UInt8(ascii: "\"")
                return isEvent ? .event : .other(element: line + 4)
            }
            i = line
        }
        return nil
    }

    private static func next(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, before end: Int) -> Int? {
        guard from < end, let base = bytes.baseAddress,
              let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(hit).assumingMemoryBound(to: UInt8.self) - base
    }
}
