import BoardModel
import BoardIO

/// The store as one sync's transaction sees it (`BoardStore.recordSync(by:deciding:)`), for
/// the merge that decides the sync's edits from what it reads: the cards, and who last
/// changed which field when. As the page's `StepDraft` does for a page's step, what the
/// merge compares is what its edits change, so a page or terminal edit made meanwhile is
/// merged like any other, never written over.
///
/// Valid only inside the closure it is given to.
public final class SyncDraft {
    private let db: any SQLConnection
    private let engine: any StoreEngine

    init(db: any SQLConnection, engine: any StoreEngine) {
        self.db = db
        self.engine = engine
    }

    /// Every card with its presence, the deleted ones too (a sync deletes their resources).
    public func cards() throws(StoreError) -> [StoredCard] {
        try guarded { try CardRow.fetch(db, where: "ORDER BY number") }
    }

    /// The card whose id is exactly `id`, deleted or not; nil when there is none.
    public func card(id: String) throws(StoreError) -> StoredCard? {
        try guarded { try CardRow.fetch(db, where: "WHERE id = ?", { $0.bind(1, id) }).first }
    }

    /// The newest change to `field` of the card in the log (not undone), if any.
    public func lastChange(card: String, field: String) throws(StoreError) -> LocalChange? {
        try newest(card: card, where: "c.field = ?", field)
    }

    /// The card's deletion, if it is deleted (not undone): when, by whom.
    public func lastDeletion(card: String) throws(StoreError) -> LocalChange? {
        try newest(card: card, where: "c.kind = ?", EventType.deleted.rawValue)
    }

    private func newest(card: String, where condition: String, _ value: String) throws(StoreError) -> LocalChange? {
        try guarded {
            try db.first("""
                SELECT c.at, c.actor FROM changes c
                WHERE c.card = (SELECT number FROM cards WHERE id = ?) AND \(condition) AND c.undone = 0 AND c.applied = 1
                ORDER BY c.seq DESC LIMIT 1
                """, [.text(card), .text(value)]) { row in
                ISO8601.parseInstant(row.text(0) ?? "").map { LocalChange(at: $0, actor: row.text(1)) }
            }
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
