import BoardJSON
import BoardKit
import BoardLocale
import BoardModel
import BoardIO
import BoardStore
import NIOCore
import Synchronization

/// One version of a served board as the page shows it: the board's name, zone and states,
/// its cards in column order (archived ones too) with their numbers and versions, and a tag
/// that names this version (the ETag of the API's board and the page's columns).
final class BoardView: Sendable {
    /// Name, id, zone, states and metadata; no cards, no events.
    let header: Board
    /// Present cards, grouped by nothing: column order within each state (position, then number).
    var cards: [StoredCard] {
        if let made = madeCards.withLock({ $0 }) { return made }
        let made = order.map(\.stored)
        madeCards.withLock { $0 = made }
        return made
    }
    /// Quoted entity tag of this version.
    let tag: String
    let writable: Bool
    /// The store's count of commits the cards were read at (`BoardOverview.commit`): the next
    /// view reads only the cards written after it. Nil for a file's board.
    let commit: Int64?
    private let json = Mutex<ByteBuffer?>(nil)
    /// What is worked out once per card and shared by every view that holds it unchanged:
    /// its version and its line of the API's document. Hashing a board's thousand cards for
    /// each new version was a fifth of a busy server's time, and encoding them an eighth.
    private let known: [Int64: KnownCard]
    /// `known` in column order: what the API writes, and `cards` when a page first asks.
    private let order: [KnownCard]
    private let madeCards = Mutex<[StoredCard]?>(nil)

    /// The view of `cards`; `after` is the view of the version before, whose cards' versions
    /// and lines are taken where the card did not change.
    convenience init(header: Board, cards: [StoredCard], tag: String, writable: Bool, commit: Int64? = nil, after previous: BoardView? = nil) {
        var known: [Int64: KnownCard] = [:]
        known.reserveCapacity(cards.count)
        for stored in cards {
            if let kept = previous?.known[stored.number], kept.stored.card == stored.card {
                known[stored.number] = kept
            } else {
                known[stored.number] = KnownCard(stored)
            }
        }
        self.init(header: header, known: known, tag: tag, writable: writable, commit: commit)
    }

    /// The view `previous` becomes when `written` are the card rows written since it was read
    /// (`BoardStore.overview(since:)`): each present one in, each other out; the rest as they were.
    convenience init(_ previous: BoardView, header: Board, written: [StoredCard], tag: String, writable: Bool, commit: Int64?) {
        var known = previous.known
        for stored in written {
            known[stored.number] = stored.present ? KnownCard(stored) : nil
        }
        self.init(header: header, known: known, tag: tag, writable: writable, commit: commit)
    }

    private init(header: Board, known: [Int64: KnownCard], tag: String, writable: Bool, commit: Int64?) {
        var plain = header
        plain.cards = []
        plain.events = []
        self.header = plain
        zone = header.zone ?? .utc
        self.known = known
        order = StoredCard.inColumnOrder(Array(known.values)) { ($0.stored.card.position, $0.stored.number) }
        self.tag = tag
        self.writable = writable
        self.commit = commit
    }

    /// The version of a card of this view (hashed now for any other).
    func version(of stored: StoredCard) -> String {
        if let known = known[stored.number], known.stored.card == stored.card { return known.version }
        return stored.version
    }

    /// No board: what is shown when nothing could be read.
    static let none = BoardView(header: Board(), cards: [], tag: "\"\"", writable: false)

    /// The board's zone, looked up once per version: a page asks for it several times, and
    /// `Zone.named` takes a lock every request thread meets.
    let zone: Zone

    /// The cards in the state with this id, in column order.
    func cards(in state: String) -> [StoredCard] {
        order.lazy.filter { $0.stored.card.state == state }.map(\.stored)
    }

    func card(id: String) -> StoredCard? {
        order.first { $0.stored.card.id == id }?.stored
    }

    /// The log in sentences in this version's states and zone, linked cards named as it has them.
    func sentences(_ locale: ReportLocale, isolatesText: Bool = false) -> HistoryText {
        var text = HistoryText(states: header.states, zone: zone, locale: locale, isolatesText: isolatesText)
        text.linkedCard = { id in self.card(id: id).map { ($0.number, $0.card.title) } }
        return text
    }

    /// `GET api/board`: the canonical JSON document (no events), each card with its
    /// `number` and `version` as two more keys. Built once per version, as the buffer every
    /// answer sends: a thousand cards are some 400 KB, and copying them into each answer was
    /// most of the time a busy server spent on this route.
    var apiJSON: ByteBuffer {
        if let done = json.withLock({ $0 }) { return done }
        let format = BoardJSONWriter.formatName(needingCurrent: order.contains(where: \.needsCurrentFormat))
        let bytes = ByteBuffer(bytes: BoardJSONWriter().encode(header, cardLines: order.map(\.line), format: format))
        json.withLock { $0 = bytes }
        return bytes
    }

    /// One card for an API answer: `{"id": …, "number": 12, "version": "v-…"}`.
    static func apiJSON(_ stored: StoredCard, version: String) -> [UInt8] {
        BoardJSONWriter().encode(card: withHandles(stored, version: version))
    }

    /// The card with its number and version as unknown keys, so the canonical writer puts
    /// them after the model's keys.
    private static func withHandles(_ stored: StoredCard, version: String) -> Card {
        var card = stored.card
        card.extras["number"] = String(stored.number)
        card.extras["version"] = JSONText.quoted(version)
        return card
    }
}

/// A card of a view with what is worked out from it once: its version now, its line of the
/// API's document when first asked for (`BoardView.apiJSON`).
private final class KnownCard: Sendable {
    let stored: StoredCard
    let version: String
    /// Whether a document holding the card is written in the current format (`BoardJSONWriter.needsCurrentFormat`).
    let needsCurrentFormat: Bool
    private let madeLine = Mutex<[UInt8]?>(nil)

    init(_ stored: StoredCard) {
        self.stored = stored
        version = stored.version
        needsCurrentFormat = BoardJSONWriter.needsCurrentFormat(stored.card)
    }

    var line: [UInt8] {
        if let made = madeLine.withLock({ $0 }) { return made }
        let line = BoardView.apiJSON(stored, version: version)
        madeLine.withLock { $0 = line }
        return line
    }
}
