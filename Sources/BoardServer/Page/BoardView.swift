import BoardJSON
import BoardModel
import BoardIO
import BoardStore
import Synchronization

/// One version of a served board as the page shows it: the board's name, zone and states,
/// its cards in column order (archived ones too) with their numbers and versions, and a tag
/// that names this version (the ETag of the API's board and the page's columns).
final class BoardView: Sendable {
    /// Name, id, zone, states and metadata; no cards, no events.
    let header: Board
    /// Present cards, grouped by nothing: column order within each state (position, then number).
    let cards: [StoredCard]
    /// Quoted entity tag of this version.
    let tag: String
    let writable: Bool
    private let json = Mutex<[UInt8]?>(nil)
    /// Each card's version by number, with the card it is the version of. A version is a hash
    /// of everything a card holds (`StoredCard.version`): hashing a board's thousand cards
    /// for each new version was a fifth of a busy server's time. A card as it was in the
    /// version before keeps that version's (`after`); only the cards that changed are hashed.
    private let versions: [Int64: (card: Card, version: String)]

    /// The view of `cards`; `after` is the view of the version before, whose cards' versions
    /// are taken where the card did not change.
    init(header: Board, cards: [StoredCard], tag: String, writable: Bool, after previous: BoardView? = nil) {
        var plain = header
        plain.cards = []
        plain.events = []
        self.header = plain
        self.cards = StoredCard.inColumnOrder(cards)
        self.tag = tag
        self.writable = writable
        var versions: [Int64: (card: Card, version: String)] = [:]
        versions.reserveCapacity(cards.count)
        for stored in cards {
            let kept = previous?.versions[stored.number].flatMap { $0.card == stored.card ? $0.version : nil }
            versions[stored.number] = (stored.card, kept ?? stored.version)
        }
        self.versions = versions
    }

    /// The version of a card of this view (hashed now for any other).
    func version(of stored: StoredCard) -> String {
        if let known = versions[stored.number], known.card == stored.card { return known.version }
        return stored.version
    }

    /// No board: what is shown when nothing could be read.
    static let none = BoardView(header: Board(), cards: [], tag: "\"\"", writable: false)

    var zone: Zone { header.zone ?? .utc }

    /// The cards in the state with this id, in column order.
    func cards(in state: String) -> [StoredCard] {
        cards.filter { $0.card.state == state }
    }

    func card(id: String) -> StoredCard? {
        cards.first { $0.card.id == id }
    }

    /// `GET api/board`: the canonical JSON document (no events), each card with its
    /// `number` and `version` as two more keys. Built once per version.
    var apiJSON: [UInt8] {
        if let done = json.withLock({ $0 }) { return done }
        var board = header
        board.cards = cards.map { Self.withHandles($0, version: version(of: $0)) }
        let bytes = BoardJSONWriter().encode(board)
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
