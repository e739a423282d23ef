import BoardModel

/// The board as a step's own write transaction sees it, for a caller that decides the step's
/// edits from what it reads (`BoardStore.apply(by:expecting:reading:deciding:)`): the board page
/// checks a request against the card and the states it is about to change, in the same
/// transaction, so nothing can change between the check and the change. What the steps before
/// it in the transaction wrote, it sees as they left it (`GroupRun`).
///
/// Valid only inside the `decide` closure it is given to.
public final class StepDraft {
    private let run: GroupRun
    private let engine: any StoreEngine

    init(run: GroupRun, engine: any StoreEngine) {
        self.run = run
        self.engine = engine
    }

    /// The board's id, name, zone and states.
    public func header() throws(StoreError) -> Board {
        try guarded { try run.stepStart().header }
    }

    /// The present card whose id is exactly `id`, or nil.
    public func card(id: String) throws(StoreError) -> StoredCard? {
        try guarded { try run.card(id: id) }
    }

    /// The card a person means by `reference` (its id, `12` or `#12`, or a title only one
    /// card has), as `BoardStore.card(_:)` finds it; `unknownCard` when none.
    public func card(_ reference: String) throws(StoreError) -> StoredCard {
        try guarded { try CardLookup.find(reference, in: run.db) }
    }

    private func guarded<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw engine.failure(error)
        }
    }
}
