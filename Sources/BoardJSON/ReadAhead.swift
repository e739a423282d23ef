#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel
import Dispatch

/// Reads half of a large canonical file on a second core: the tail of the `cards` array
/// (the cards past the file's middle) and then the whole `events` array, while the first
/// core decodes the cards up to the middle. Reading then takes about half as long.
///
/// It is a speculation, taken only when it changes nothing: the places are found from the
/// canonical layout (`CanonicalLines`), and a part is used only when the main decoder
/// arrives exactly where that part started (at the split card's `{`, or the events' `[`),
/// and the part read with no problem of any kind (no error, no warning, no time without
/// an offset). Any other case (a hand-written file, a duplicate key, a bad card or event)
/// falls back to decoding in order, so diagnostics are the sequential reader's exactly.
final class ReadAhead: @unchecked Sendable {
    /// Elements the second core decoded: written only by the background work, read only
    /// after the work's group was waited for, which orders the accesses (hence
    /// `@unchecked Sendable`).
    struct Part<Element> {
        var elements: [Element]
        var offsets: [Int]
        /// Just past the array's `]`.
        var end: Int
    }

    /// Files smaller than this are read in order: a thread costs more than it saves.
    static let minimumBytes = 4 << 20

    /// Offset of the events' `[`.
    let eventsStart: Int
    /// Offset of the `{` of the first card the second core decodes, or -1 for none.
    let cardsSplit: Int
    private let eventsDone = DispatchGroup()
    private let cardsDone = DispatchGroup()
    private var events: Part<Event>?
    private var cards: Part<Card>?

    /// Starts the second core on `text`, when it is laid out canonically.
    static func begin(_ text: SourceText, file: String, options: ReaderOptions) -> ReadAhead? {
        let bytes = text.bytes
        guard let eventsStart = CanonicalLines.eventsArrayStart(in: bytes) else { return nil }
        // The first core reads up to the middle; the second the rest of the cards, then the
        // events. The cards' part comes first, as the first core needs it first.
        let middle = bytes.count / 2
        let split = middle < eventsStart ? CanonicalLines.cardStart(from: middle, before: eventsStart, in: bytes) : nil
        let ahead = ReadAhead(eventsStart: eventsStart, cardsSplit: split ?? -1)
        ahead.eventsDone.enter()
        if split != nil { ahead.cardsDone.enter() }
        DispatchQueue.global().async {
            if let split {
                var decoder = BoardDecoder(text: text, file: file, options: options)
                ahead.cards = decoder.decodeCardsAhead(from: split)
                ahead.cardsDone.leave()
            }
            var decoder = BoardDecoder(text: text, file: file, options: options)
            ahead.events = decoder.decodeEventsAhead(at: eventsStart)
            ahead.eventsDone.leave()
        }
        return ahead
    }

    private init(eventsStart: Int, cardsSplit: Int) {
        self.eventsStart = eventsStart
        self.cardsSplit = cardsSplit
    }

    /// The cards from the split to the end of the array, when they can stand for decoding
    /// them in order from `offset`; nil means decode them in order.
    func takeCards(at offset: Int) -> Part<Card>? {
        cardsDone.wait()
        guard offset == cardsSplit else { return nil }
        defer { cards = nil }
        return cards
    }

    /// The events array, when it can stand for decoding the array at `offset` in order.
    func takeEvents(at offset: Int) -> Part<Event>? {
        eventsDone.wait()
        guard offset == eventsStart else { return nil }
        defer { events = nil }
        return events
    }

    /// Waits for the second core (whatever it made unused), so nothing outlives the read.
    func finish() {
        cardsDone.wait()
        eventsDone.wait()
    }
}

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
