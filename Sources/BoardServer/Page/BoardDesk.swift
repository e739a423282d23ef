import BoardKit
import BoardModel
import BoardReport
import BoardStore
import Foundation
import Synchronization

/// The working side of one served board: what the page and its API read and change.
///
/// A store is worked on through BoardStore (every change one undo step, in its log); any
/// other file is shown read-only from the feed's last good reading. The view is rebuilt only
/// when the board changed: for a store, when its revision moved (a cheap SQLite pragma, so a
/// change by `boardkit move` in another process shows in the next request).
final class BoardDesk: Sendable {
    enum Source: Sendable {
        case store(BoardStore)
        case file(BoardFeed)
    }

    let feed: BoardFeed
    let source: Source
    /// Distinguishes this process's tags from another run's, whose counters started again.
    private let boot = String(UInt32.random(in: 0...UInt32.max), radix: 36)
    private let cached = Mutex<(key: String, view: BoardView)?>(nil)
    private let forecasts = Mutex<ForecastCache?>(nil)

    /// The board's history replayed for one version and day, and the forecasts made from it
    /// per filter: a whole page asks for one, and after a change the next one replays again.
    private struct ForecastCache: Sendable {
        var key: String
        var board: Board
        var replay: BoardReplay
        var answers: [CardFilter: Result<Forecast, Forecast.Refusal>] = [:]
    }

    init(feed: BoardFeed, store: BoardStore?) {
        self.feed = feed
        self.source = store.map(Source.store) ?? .file(feed)
    }

    var name: String { feed.name }
    var token: String { feed.token }

    var store: BoardStore? {
        if case .store(let store) = source { return store }
        return nil
    }

    /// The board as it is now.
    func view() throws(StoreError) -> BoardView {
        switch source {
        case .store(let store):
            let revision = try store.revision()
            let key = "\(boot)-\(revision)"
            if let hit = cached.withLock({ $0?.key == key ? $0?.view : nil }) { return hit }
            // Read the revision again after the board: a commit in between gives a newer
            // board under the older key, which the next request then replaces.
            let header = try store.header()
            let cards = try store.cards()
            let view = BoardView(header: header, cards: cards, tag: "\"board-\(key)\"", writable: true)
            cached.withLock { $0 = (key, view) }
            return view
        case .file(let feed):
            let snapshot = feed.current()
            let key = snapshot.etag
            if let hit = cached.withLock({ $0?.key == key ? $0?.view : nil }) { return hit }
            let stored = snapshot.board.cards.enumerated().map {
                StoredCard(number: Int64($0.offset + 1), card: $0.element, present: true)
            }
            let tag = "\"board-" + snapshot.etag.filter { $0 != "\"" } + "\""
            let view = BoardView(header: snapshot.board, cards: stored, tag: tag, writable: false)
            cached.withLock { $0 = (key, view) }
            return view
        }
    }

    /// When the open cards `filter` shows are likely done, as of `now`, from the board's
    /// history (the store's log, or the file's events); nil when the history cannot be read.
    func forecast(_ view: BoardView, filter: CardFilter, now: Instant) -> Result<Forecast, Forecast.Refusal>? {
        let zone = view.zone
        let key = "\(view.tag) \(zone.calendarDate(of: now))"
        var cache = forecasts.withLock { $0?.key == key ? $0 : nil }
        if let answer = cache?.answers[filter] { return answer }
        if cache == nil {
            let read: Board?
            switch source {
            case .store(let store): read = try? store.board()
            case .file(let feed): read = feed.current().board
            }
            guard var board = read else { return nil }
            let replay = BoardReplay.make(board, zone: zone, options: ReportOptions(asOf: now, weeks: 1))
            // The replay holds what the history said; the filters need only the cards.
            board.events = []
            cache = ForecastCache(key: key, board: board, replay: replay)
        }
        guard var made = cache else { return nil }
        var question = Forecast.Question()
        question.filter = filter
        let answer = Forecast.make(made.board, made.replay, zone: zone, question: question)
        // A few filters per version are plenty; a reader trying many starts the list again.
        if made.answers.count >= 32 { made.answers = [:] }
        made.answers[filter] = answer
        forecasts.withLock { $0 = made }
        return answer
    }

    /// The card with this id as it is now (present cards only), or nil.
    func card(id: String) throws(StoreError) -> StoredCard? {
        guard let store else { return try view().card(id: id) }
        do {
            return try store.card(id: id)
        } catch .unknownCard {
            return nil
        }
    }

    /// Does what a person asked, as one undo step recorded with their name. The request
    /// waits for the commit (and for the group it commits with, see CommitGroup) without
    /// holding one of the few threads that serve requests.
    func perform(_ action: BoardAction, actor: String?) async throws(ActionFailure) -> ActionOutcome {
        guard let store else { throw .readOnly }
        switch action {
        case .undo(let confirmed):
            do {
                return .stepTaken(try await store.undo(Self.scope(of: actor), confirmation: .needed(confirmedStep: confirmed)), undone: true)
            } catch { throw .store(error) }
        case .redo:
            do { return .stepTaken(try await store.redo(Self.scope(of: actor)), undone: false) } catch { throw .store(error) }
        case .change(let change):
            let step = StepInfo(actor: actor, command: change.command)
            let expecting = change.card.flatMap { id in change.version.map { [id: $0] } } ?? [:]
            let decided: Result<AppliedStep?, ActionFailure>
            do {
                decided = try await store.apply(by: step, expecting: expecting, deciding: change.edits)
            } catch { throw .store(error) }
            guard let applied = try decided.get() else {
                // Nothing changed (a move onto its own place): the card as it is.
                do { return .unchanged(try store.card(id: change.card ?? "")) } catch { throw .store(error) }
            }
            let card = applied.cards.last
            return .changed(card?.present == true ? card : nil, events: applied.events)
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
        return try? (undoing ? store.nextUndo(scope) : store.nextRedo(scope))
    }

    /// The step with this number (nil: none, or a file).
    func step(_ number: Int64) -> StepRecord? {
        guard let store else { return nil }
        return try? store.step(number)
    }

    /// The log, newest first: the board's or one card's.
    func history(card: String?, limit: Int) throws(StoreError) -> [LogEvent] {
        guard let store else { return [] }
        return try store.history(card: card, limit: limit).reversed()
    }
}
