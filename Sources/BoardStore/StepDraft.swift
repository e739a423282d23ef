import BoardModel

/// The board as a step's own write transaction sees it, for a caller that decides the step's
/// edits from what it reads (`BoardStore.apply(by:expecting:deciding:)`): the board page
/// checks a request against the card and the states it is about to change, in the same
/// transaction, so nothing can change between the check and the change.
///
/// Valid only inside the `decide` closure it is given to.
public final class StepDraft {
    private let db: any SQLConnection
    private let engine: any StoreEngine
    /// What the step starts from, once read with the header: the step's writer uses it too
    /// rather than reading it again.
    private(set) var readStart: StepStart?
    /// The cards read by id, as they were before the step: the step's writer starts from
    /// them rather than reading each again (a round trip to PostgreSQL).
    private(set) var readCards: [String: StoredCard] = [:]
    /// Cards asked for ahead (`readAhead(card:)`), not yet taken.
    private var cardsAhead: [String: any SQLStatement] = [:]

    init(db: any SQLConnection, engine: any StoreEngine) {
        self.db = db
        self.engine = engine
    }

    /// The board's id, name, zone and states.
    public func header() throws(StoreError) -> Board {
        if let readStart { return readStart.header }
        let start = try guarded { try StepStart.read(db) }
        readStart = start
        return start.header
    }

    /// The present card whose id is exactly `id`, or nil.
    public func card(id: String) throws(StoreError) -> StoredCard? {
        if let card = readCards[id] { return card }
        let card = try guarded { () throws -> StoredCard? in
            // The statement asked ahead is the connection's for that text: one bound again
            // since (another card read first) gives another card, or none; then read anew.
            if let ahead = cardsAhead.removeValue(forKey: id), let card = try CardRow.first(of: ahead), card.card.id == id {
                return card
            }
            return try CardRow.present(id: id, db)
        }
        readCards[id] = card
        return card
    }

    /// Asks for the card `id` now, to come with the next read (`header()`, say): a page's
    /// change reads the board and its card in one round trip to PostgreSQL. `card(id:)`
    /// takes it.
    public func readAhead(card id: String) throws(StoreError) {
        guard readCards[id] == nil, cardsAhead[id] == nil else { return }
        cardsAhead[id] = try guarded {
            let query = try CardRow.presentQuery(id: id, db)
            try query.readAhead()
            return query
        }
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
