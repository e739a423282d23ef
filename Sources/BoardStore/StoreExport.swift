import BoardModel

/// Building the model's Board from a store: `convert team.db …`, `report team.db`, the feed.
enum StoreExport {
    /// The board's id, name, zone, metadata and states (read with what a step starts from:
    /// one statement serves both).
    static func header(_ db: any SQLConnection) throws -> Board {
        try StepStart.read(db).header
    }

    /// Present cards, and deleted cards whose deletion is in the history (written archived,
    /// so feeds and counts leave them out while the history still names a card).
    static func board(_ db: any SQLConnection) throws -> Board {
        var board = try header(db)
        let count = Int(try db.int("SELECT count(*) FROM cards") ?? 0)
        board.cards.reserveCapacity(count)
        let cards = try db.statement("""
            SELECT \(CardRow.columns) FROM cards
            WHERE present = 1 OR number IN (SELECT card FROM changes WHERE kind = 'deleted' AND undone = 0)
            ORDER BY number
            """)
        let memo = ValueMemo()
        while try cards.next() {
            var stored = CardRow.read(cards, memo: memo)
            if !stored.present { stored.card.archived = true }
            board.cards.append(stored.card)
        }
        board.events = try events(db)
        return board
    }

    /// The model's events: the log's rows that are not undone, one event per `event` number.
    static func events(_ db: any SQLConnection) throws -> [Event] {
        // A damaged file can hold anything where a number belongs (text, a negative number,
        // one far past the cards there are): the numbers are read leniently and those outside
        // 0...count go to a dictionary, rather than trap (found by the store fuzz target:
        // Tests/FuzzFindings/store-card-number-out-of-range.db).
        let last = try db.statement("SELECT event FROM changes ORDER BY seq DESC LIMIT 1")
        var eventCount = 0
        while try last.next() { eventCount = Int(last.int(0) ?? 0) }
        let cardCount = Int(try db.int("SELECT count(*) FROM cards") ?? 0)
        // The log names cards by number; their ids, by number (1...count in a store boardkit wrote).
        var ids = [String](repeating: "", count: cardCount + 1)
        var otherIds: [Int64: String] = [:]
        let numbered = try db.statement("SELECT number, id FROM cards")
        while try numbered.next() {
            let n = numbered.int(0) ?? 0
            if n >= 0 && n < ids.count { ids[Int(n)] = numbered.text(1) ?? "" } else { otherIds[n] = numbered.text(1) ?? "" }
        }
        var events: [Event] = []
        events.reserveCapacity(min(max(eventCount, 0), 1 << 24))
        let s = try db.statement("""
            SELECT event, at, actor, card, kind, field, old, new, extras FROM changes
            WHERE undone = 0 AND kind NOT IN ('\(ChangeLog.importedKind)', '\(ChangeLog.conflictKind)', '\(ChangeLog.renumberedKind)')
            ORDER BY seq
            """)
        var current: Int64 = -1
        while try s.next() {
            let number = s.int(0) ?? 0
            if number != current {
                current = number
                let type = EventType(rawValue: s.text(4) ?? "") ?? .updated
                let card = s.int(3) ?? 0
                events.append(Event(card: card >= 0 && card < ids.count ? ids[Int(card)] : otherIds[card] ?? "", at: ISO8601.parseInstant(s.text(1) ?? "") ?? Instant(epochMilliseconds: 0),
                                    type: type, actor: s.text(2), extras: StoredJSON.map(s.text(8))))
            }
            guard let field = s.text(5) else { continue }
            ChangeLog.fold(field: field, old: StoredJSON.value(s.text(6)), new: StoredJSON.value(s.text(7)),
                           into: &events[events.count - 1])
        }
        return events
    }
}
