#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel
import Dispatch

/// Decodes a large file's `events` array on a second core while the cards are decoded on the
/// first: on a canonical board the two arrays are about half the bytes each, so reading
/// takes little more than the cards alone.
///
/// It is a speculation, taken only when it changes nothing: the array is found by the
/// canonical layout (`EventsLocator`), and its result is used only when the main decoder
/// arrives at the `events` key exactly where the speculation started, and the speculative
/// read met no problem of any kind (no error, no warning, no time without an offset). Any
/// other case (a hand-written file, a duplicate key, a bad event) falls back to decoding the
/// array in order, so diagnostics are the sequential reader's, byte for byte.
final class EventsAhead: @unchecked Sendable {
    /// What the second core produced. Written only by the background work, read only after
    /// `group.wait()`, which orders the accesses (hence `@unchecked Sendable`).
    struct Decoded {
        var events: [Event]
        var offsets: [Int]
        /// Just past the array's `]`.
        var end: Int
    }

    /// Files smaller than this are read in order: a thread costs more than it saves.
    static let minimumBytes = 4 << 20

    /// Offset of the `[` the speculation started at.
    let start: Int
    private let group = DispatchGroup()
    private var decoded: Decoded?

    /// Starts decoding the events array of `text`, when it is laid out canonically.
    static func begin(_ text: SourceText, file: String, options: ReaderOptions) -> EventsAhead? {
        guard let start = EventsLocator.arrayStart(in: text.bytes) else { return nil }
        let ahead = EventsAhead(start: start)
        ahead.group.enter()
        DispatchQueue.global().async {
            var decoder = BoardDecoder(text: text, file: file, options: options)
            ahead.decoded = decoder.decodeEventsAhead(at: start)
            ahead.group.leave()
        }
        return ahead
    }

    private init(start: Int) { self.start = start }

    /// Waits for the second core and hands over its events when they can stand for decoding
    /// the array at `offset` in order; nil means decode it in order.
    func take(at offset: Int) -> Decoded? {
        group.wait()
        guard offset == start else { return nil }
        defer { decoded = nil }
        return decoded
    }

    /// Waits for the second core (its result unused), so nothing outlives the read.
    func finish() { group.wait() }
}

/// Finds where a canonical file's `events` array starts without reading the cards: a
/// canonical board puts one element per line, indented four spaces, cards before events,
/// so a binary search over lines ("is this element an event?") narrows the boundary to a
/// small window, searched for the key. A wrong guess costs nothing but the speculation
/// (the main decoder checks the offset).
enum EventsLocator {
    private static let key = Array("\n  \"events\": [".utf8)
    /// How far a probe looks for an element line before it gives up.
    private static let probeLimit = 1 << 20
    /// The window the key is searched for in at the end.
    private static let window = 1 << 18

    private enum Probe { case event, other }

    /// The offset of the `[` after `"events":`, or nil when the layout is not canonical.
    static func arrayStart(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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
                return isEvent ? .event : .other
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
