import BoardModel

/// The board as a step's own write transaction sees it, for a caller that decides the step's
/// edits from what it reads (`BoardStore.apply(by:expecting:reading:deciding:)`): the board page
/// checks a request against the card and the states it is about to change, in the same
/// transaction, so nothing can change between the check and the change.
///
/// Valid only inside the `decide` closure it is given to.
public final class StepDraft {
    private let db: any SQLConnection
    private let engine: any StoreEngine
    /// What the step starts from, once read with the header: the step's writer uses it too
    /// rather than reading it again.
    private var readStart: StepStart?
    /// The cards read by id, as they were before the step: the step's writer starts from
    /// them rather than reading each again (a round trip to PostgreSQL).
    private(set) var readCards: [String: StoredCard] = [:]
    /// What the step starts from and the card, asked for ahead (`prepare(card:)`), not yet taken.
    private var startAhead: (any SQLStatement)?
    private var cardAhead: (id: String, query: any SQLStatement)?

    init(db: any SQLConnection, engine: any StoreEngine) {
        self.db = db
        self.engine = engine
    }

    /// Asks for what the step starts from and for the card `id` now, to come with the next
    /// read waited for: a page's change then reads the board and its card in one round trip
    /// to PostgreSQL, or in none of its own when the write before it in a group sent this
    /// behind its statements (`NextWrite`). `header()` and `card(id:)` take them. (One card:
    /// a statement is the connection's for its text, and a second card asked for ahead would
    /// bind it again.)
    func prepare(card id: String?) throws {
        let start = try StepStart.query(db)
        try start.readAhead()
        startAhead = start
        if let id {
            let query = try CardRow.presentQuery(id: id, db)
            try query.readAhead()
            cardAhead = (id, query)
        }
    }

    /// The board's id, name, zone and states.
    public func header() throws(StoreError) -> Board {
        try start().header
    }

    /// What the step starts from: read once, taken from what was asked ahead when it was.
    func start() throws(StoreError) -> StepStart {
        if let readStart { return readStart }
        let start = try guarded { () throws -> StepStart in
            // The statement asked ahead is the connection's for its text: bound again since,
            // it reads anew.
            if let ahead = startAhead {
                startAhead = nil
                return try StepStart.read(from: ahead)
            }
            return try StepStart.read(db)
        }
        readStart = start
        return start
    }

    /// The present card whose id is exactly `id`, or nil.
    public func card(id: String) throws(StoreError) -> StoredCard? {
        if let card = readCards[id] { return card }
        let card = try guarded { () throws -> StoredCard? in
            // The statement asked ahead is the connection's for that text: one bound again
            // since (another card read first) gives another card, or none; then read anew.
            if let ahead = cardAhead, ahead.id == id {
                cardAhead = nil
                if let card = try CardRow.first(of: ahead.query), card.card.id == id { return card }
            }
            return try CardRow.present(id: id, db)
        }
        readCards[id] = card
        return card
    }

    /// The card a person means by `reference` (its id, `12` or `#12`, or a title only one
    /// card has), as `BoardStore.card(_:)` finds it; `unknownCard` when none.
    public func card(_ reference: String) throws(StoreError) -> StoredCard {
        do {
            return try CardLookup.find(reference, in: db)
        } catch let error as StoreError {
            throw error
        } catch {
            throw engine.failure(error)
        }
    }

    private func guarded<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw engine.failure(error)
        }
    }
}
