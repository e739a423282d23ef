import BoardModel
import BoardIO
import Dispatch

/// Reads half of a large canonical file on a second core, while the first core decodes
/// the other half; reading then takes about half as long. Which half depends on where the
/// bytes are: when the cards are the larger part, the second core takes the tail of the
/// `cards` array (from a split that balances the work) and then the whole `events` array;
/// when the events are (a long history), it takes the tail of the `events` array, and the
/// first core reads all the cards and the events up to that split.
///
/// It is a speculation, taken only when it changes nothing: the places are found from the
/// layout (`CanonicalLines`), and a part is used only when the main decoder arrives exactly
/// where that part started (at a split element's `{`, or the events' `[`), and the part read
/// with no problem of any kind (no error, no warning, no time without an offset). Any other
/// case (a hand-written file, a duplicate key, a bad card or event) falls back to decoding
/// in order, so diagnostics are the sequential reader's exactly.
final class ReadAhead: @unchecked Sendable {
    /// Elements the second core decoded: written only by the background work, read only
    /// after the work's group was waited for, which orders the accesses (hence
    /// `@unchecked Sendable`).
    struct Part<Elements> {
        var elements: Elements
        var offsets: [Int]
        /// Just past the array's `]`.
        var end: Int
    }

    /// Files smaller than this are read in order: a thread costs more than it saves.
    static let minimumBytes = 4 << 20

    /// Offset of the events' `[` when the second core decodes the whole array, else -1.
    let eventsStart: Int
    /// Offset of the `{` of the first card the second core decodes, or -1 for none.
    let cardsSplit: Int
    /// Offset of the `{` of the first event the second core decodes, or -1 for none.
    let eventsSplit: Int
    private let eventsDone = DispatchGroup()
    private let cardsDone = DispatchGroup()
    private var events: Part<[Event]>?
    private var eventsTail: Part<ChunkedList<Event>>?
    private var cards: Part<[Card]>?

    /// Starts the second core on `text`, when it is laid out one element per line (and there
    /// is a second worker: with one, the file is read in order).
    static func begin(_ text: MappedText, file: String, options: ReaderOptions) -> ReadAhead? {
        guard Parallelism.workers > 1 else { return nil }
        let bytes = text.bytes
        guard let eventsStart = CanonicalLines.eventsArrayStart(in: bytes) else { return nil }
        // Each core gets half the cost. An event's byte takes about four fifths of a card's
        // (measured at a million cards: cards 122 MB/s, events 148 MB/s).
        let eventCost = (bytes.count - eventsStart) * 4 / 5
        let half = (eventsStart + eventCost) / 2
        let ahead: ReadAhead
        if half < eventsStart {
            // The cards are the larger part: the second core reads the cards past `half`
            // (first, as the first core needs them first), then all the events.
            let split = CanonicalLines.cardStart(from: half, before: eventsStart, in: bytes)
            ahead = ReadAhead(eventsStart: eventsStart, cardsSplit: split ?? -1, eventsSplit: -1)
        } else {
            // The events are: the second core reads the last `half` of their cost.
            let from = bytes.count - half * 5 / 4
            guard let split = CanonicalLines.eventStart(from: from, in: bytes) else { return nil }
            ahead = ReadAhead(eventsStart: -1, cardsSplit: -1, eventsSplit: split)
        }
        ahead.eventsDone.enter()
        if ahead.cardsSplit >= 0 { ahead.cardsDone.enter() }
        DispatchQueue.global().async {
            if ahead.cardsSplit >= 0 {
                var decoder = BoardDecoder(text: text, file: file, options: options)
                ahead.cards = decoder.decodeCardsAhead(from: ahead.cardsSplit)
                ahead.cardsDone.leave()
            }
            var decoder = BoardDecoder(text: text, file: file, options: options)
            if ahead.eventsStart >= 0 {
                ahead.events = decoder.decodeEventsAhead(at: ahead.eventsStart)
            } else {
                ahead.eventsTail = decoder.decodeEventsAhead(from: ahead.eventsSplit)
            }
            ahead.eventsDone.leave()
        }
        return ahead
    }

    private init(eventsStart: Int, cardsSplit: Int, eventsSplit: Int) {
        self.eventsStart = eventsStart
        self.cardsSplit = cardsSplit
        self.eventsSplit = eventsSplit
    }

    /// The cards from the split to the end of the array, when they can stand for decoding
    /// them in order from `offset`; nil means decode them in order.
    func takeCards(at offset: Int) -> Part<[Card]>? {
        guard offset == cardsSplit else { return nil }
        cardsDone.wait()
        defer { cards = nil }
        return cards
    }

    /// The whole events array, when it can stand for decoding the array at `offset` in order.
    func takeEvents(at offset: Int) -> Part<[Event]>? {
        guard offset == eventsStart else { return nil }
        eventsDone.wait()
        defer { events = nil }
        return events
    }

    /// The events from the split to the end of the array, when they can stand for decoding
    /// them in order from `offset`.
    func takeEventsTail(at offset: Int) -> Part<ChunkedList<Event>>? {
        guard offset == eventsSplit else { return nil }
        eventsDone.wait()
        defer { eventsTail = nil }
        return eventsTail
    }

    /// Waits for the second core (whatever it made unused), so nothing outlives the read.
    func finish() {
        cardsDone.wait()
        eventsDone.wait()
    }
}
