import BoardModel
import BoardStore

/// The working side of one served board: what the page and its API read and change.
///
/// What it shows is the feed's current version (`BoardSnapshot`: read once per revision and
/// shared with the feeds, the report and the forecast); a store is changed through
/// BoardStore (every change one undo step, in its log); any other file is shown read-only.
final class BoardDesk: Sendable {
    let feed: BoardFeed
    /// The store when the board is one that can be changed.
    let store: ServedStore?
    /// Tells open pages when the board changes.
    let watch: BoardWatch

    init(feed: BoardFeed, store: ServedStore?) {
        self.feed = feed
        self.store = store
        watch = BoardWatch(feed: feed)
    }

    var name: String { feed.name }
    var token: String { feed.token }

    /// The board as it is now.
    func snapshot() -> BoardSnapshot {
        feed.current()
    }

    /// The cards as they are now, with the version's tag.
    func view() -> BoardView {
        snapshot().view
    }

    /// The card with this id as it is now (present cards only), or nil.
    func card(id: String) throws(StoreError) -> StoredCard? {
        guard let store else { return view().card(id: id) }
        do {
            return try store.use { opened throws(StoreError) in try opened.store.card(id: id) }
        } catch .refused(.unknownCard) {
            return nil
        }
    }

    /// Does what a person asked, as one undo step recorded with their name. The request
    /// waits for the commit (and for the group it commits with, see CommitGroup) without
    /// holding one of the few threads that serve requests.
    func perform(_ action: BoardAction, actor: String?) async throws(ActionFailure) -> ActionOutcome {
        guard let store else { throw .readOnly }
        let decided: Result<ActionOutcome, ActionFailure>
        do {
            decided = try await store.use { opened async throws(StoreError) in try await Self.perform(action, actor: actor, on: opened.store) }
        } catch { throw .store(error) }
        return try decided.get()
    }

    private static func perform(_ action: BoardAction, actor: String?, on store: BoardStore) async throws(StoreError)
        -> Result<ActionOutcome, ActionFailure> {
        switch action {
        case .undo(let confirmed):
            return .success(.stepTaken(try await store.undo(scope(of: actor), confirmation: .needed(confirmedStep: confirmed)), undone: true))
        case .redo:
            return .success(.stepTaken(try await store.redo(scope(of: actor)), undone: false))
        case .change(let change):
            let step = StepInfo(actor: actor, command: change.command)
            let expecting = change.card.flatMap { id in change.version.map { [id: $0] } } ?? [:]
            let applied: AppliedStep?
            switch try await store.apply(by: step, expecting: expecting, reading: change.card,
                                         deciding: change.edits) {
            case .success(let made): applied = made
            case .failure(let failure): return .failure(failure)
            }
            guard let applied else {
                // Nothing changed (a move onto its own place): the card as it is.
                return .success(.unchanged(try store.card(id: change.card ?? "")))
            }
            let card = applied.cards.last
            return .success(.changed(card?.present == true ? card : nil, events: applied.events))
        }
    }

    /// Whose steps a person's Undo and Redo take: their own; a script that names no one (no
    /// cookie, no `X-Boardkit-Actor`), the board's, as the terminal's plain `undo`.
    static func scope(of actor: String?) -> UndoScope {
        actor.map(UndoScope.actor) ?? .board
    }

    /// The step this person's Undo (or Redo) would take now; nil for none, or a file.
    func nextStep(undoing: Bool, actor: String) -> StepRecord? {
        guard let store else { return nil }
        let scope = Self.scope(of: actor)
        return try? snapshot().answer(.next(undoing: undoing, scope)) { () throws(StoreError) in
            try store.use { opened throws(StoreError) in try undoing ? opened.store.nextUndo(scope) : opened.store.nextRedo(scope) }
        }
    }

    /// The step with this number (nil: none, or a file).
    func step(_ number: Int64) -> StepRecord? {
        guard let store else { return nil }
        return try? snapshot().answer(.step(number)) { () throws(StoreError) in
            try store.use { opened throws(StoreError) in try opened.store.step(number) }
        }
    }

    /// The log, newest first: the board's or one card's.
    func history(card: String?, limit: Int) throws(StoreError) -> [LogEvent] {
        guard let store else { return [] }
        return try snapshot().answer(.history(card: card, limit: limit)) { () throws(StoreError) in
            try store.use { opened throws(StoreError) in try opened.store.history(card: card, limit: limit) }
        }.reversed()
    }
}
