import BoardModel
import BoardIO
import Dispatch

/// Reads half of a large canonical file on a second core: the tail of the `cards` array
/// (the cards past a split that balances the work) and then the whole `events` array,
/// while the first core decodes the cards up to the split. Reading then takes about half
/// as long.
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

    /// Starts the second core on `text`, when it is laid out canonically (and there is a
    /// second worker: with one, the file is read in order).
    static func begin(_ text: MappedText, file: String, options: ReaderOptions) -> ReadAhead? {
        guard Parallelism.workers > 1 else { return nil }
        let bytes = text.bytes
        guard let eventsStart = CanonicalLines.eventsArrayStart(in: bytes) else { return nil }
        // The first core reads the cards up to the split; the second the rest of the cards,
        // then the events. The split balances the two by cost: an event's byte takes about
        // four fifths of a card's (measured at a million cards: cards 122 MB/s, events
        // 148 MB/s). The cards' part comes first, as the first core needs it first.
        let eventBytes = bytes.count - eventsStart
        let balance = (eventsStart + eventBytes * 4 / 5) / 2
        let split = balance < eventsStart ? CanonicalLines.cardStart(from: balance, before: eventsStart, in: bytes) : nil
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
