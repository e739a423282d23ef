import BoardModel

/// Id → position of the first item with that id (cards in `board.cards`, states in
/// `board.states`). An open-addressing table that keeps each id beside its position, so a
/// look-up touches one slot (short ids such as `c123456` are stored inside the String value
/// itself); ids are hashed with FNV-1a over their UTF-8 bytes. The validator and the report
/// look a card up for every event (millions), where `Dictionary<String, _>` (SipHash,
/// generic probing) costs several times more.
public struct IDIndex: Sendable {
    private struct Slot: Sendable {
        var id: String
        var index: Int32
    }

    private var slots: [Slot]
    private let mask: Int
    /// True when no id repeats: then the position of an item's id is the item's own.
    public private(set) var isUnique = true

    /// Indexes the ids of `count` items, `id(k)` being the id at position k (a closure, so
    /// callers hand over `board.cards[k].id` without copying whole cards); when an id
    /// repeats, the first position wins.
    public init(count: Int, id: (Int) -> String) {
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        slots = Array(repeating: Slot(id: "", index: -1), count: capacity)
        mask = capacity - 1
        for k in 0..<count {
            let id = id(k)
            var s = Self.hash(id) & mask
            while true {
                if slots[s].index < 0 { slots[s] = Slot(id: id, index: Int32(k)); break }
                if slots[s].id == id { isUnique = false; break }
                s = (s + 1) & mask
            }
        }
    }

    /// Cards by id.
    public init(cards: [Card]) { self.init(count: cards.count) { cards[$0].id } }

    /// States by id.
    public init(states: [BoardState]) { self.init(count: states.count) { states[$0].id } }

    /// The position of the first item with this id, or nil.
    @inline(__always)
    public func find(_ id: String) -> Int? {
        var s = Self.hash(id) & mask
        while true {
            let index = slots[s].index
            if index < 0 { return nil }
            if slots[s].id == id { return Int(index) }
            s = (s + 1) & mask
        }
    }

    /// The position of each event's card (-1 for an id the index lacks), found in a loop that
    /// does nothing else: the look-ups do not depend on each other, so the processor overlaps
    /// their cache misses (a million cards' table is far larger than its caches). The
    /// report's replay does the same in batches of its own.
    public func positions(ofCardsOf events: UnsafeBufferPointer<Event>) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: events.count) { out, n in
            for i in events.indices { out[i] = Int32(truncatingIfNeeded: find(events[i].card) ?? -1) }
            n = events.count
        }
    }

    /// `positions(ofCardsOf:)` with the events split among the workers (`Parallelism`), a
    /// slice each: the look-ups only read the table, and on a million cards they are most of
    /// a pass over the history, so two cores take about half the time. The same answer as
    /// `positions(ofCardsOf:)`.
    public func positionsOnAllCores(ofCardsOf events: UnsafeBufferPointer<Event>) -> [Int32] {
        let workers = Parallelism.workers
        guard workers > 1, events.count >= 1 << 16 else { return positions(ofCardsOf: events) }
        return [Int32](unsafeUninitializedCapacity: events.count) { out, n in
            let slice = (events.count + workers - 1) / workers
            // Each job writes only its own slice of `out`, and runAtOnce returns after all.
            let buffer = out
            runAtOnce((0..<workers).map { w in {
                for i in (w * slice)..<min((w + 1) * slice, events.count) {
                    buffer[i] = Int32(truncatingIfNeeded: find(events[i].card) ?? -1)
                }
            } })
            n = events.count
        }
    }

    @inline(__always)
    static func hash(_ id: String) -> Int {
        var h = FNV1a()
        h.add(id)
        // Fold the high bits down: the table uses the low ones.
        return Int(truncatingIfNeeded: h.folded(29))
    }
}
