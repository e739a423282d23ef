import BoardICS
import BoardIO
import BoardModel
import BoardReport
import BoardStore
import Logging
import Synchronization

/// One version of a served board, read once and shared by everything served from it: the
/// page and the API (`view`), the calendar feeds (`calendar`), the report and the forecast
/// (`board`). `BoardFeed` makes one per version (a store's revision, a file's signature)
/// and hands the same one to every request until the board changes.
///
/// Nothing is read until something asks: a store's view is one read (header and cards in
/// one transaction) when a page or the API first asks for it, the whole board with the
/// events a report or a forecast replays when one of them or a feed does, so a page that is
/// only looked at never reads the log, and a card move (whose request asks only the gate's
/// access question) reads no board at all. Each is made once, under its own lock (these run
/// on blocking-work threads, `BlockingWork`, never on the cooperative pool).
final class BoardSnapshot: Sendable {
    private let readView: @Sendable (_ before: BoardView?) -> Result<BoardView, FeedFailure>
    private let madeView: Mutex<BoardView?>
    /// The last view read before this version's, shown when this one does not read.
    private let fallback: BoardView?
    /// When this version was first seen (a store's) or the file was last written (a file's):
    /// the feeds' Last-Modified.
    let modifiedEpochSeconds: Int64
    /// Says each read of the store at debug level (`serve --verbose`), with the board's name.
    private let readLog: ReadLog
    private let readWhole: @Sendable () -> Result<Board, FeedFailure>
    private let writeCalendar: @Sendable (Board) -> Result<[UInt8], FeedFailure>
    private let whole = Mutex<Result<Board, FeedFailure>?>(nil)
    private let written: Mutex<Result<FeedSnapshot, FeedFailure>?>
    private let forecasts = Mutex<ForecastCache?>(nil)
    private let answers = Mutex<[Question: any Sendable]>([:])

    /// What else a request reads from the store, kept with the version it was read at: asked
    /// again before the board changes, it is answered from here. Every change to the store
    /// (a person's access too) moves its revision, so none of these outlives what it says.
    enum Question: Hashable, Sendable {
        /// What a presented secret (or a person a proxy names) opens.
        case access(token: String?, person: String?)
        /// The step Undo (or Redo) takes next for a scope.
        case next(undoing: Bool, UndoScope)
        /// One step of the log.
        case step(Int64)
        /// The log, or one card's, newest last, at most `limit` events.
        case history(card: String?, limit: Int)

        /// As the debug log says it: never the secret presented.
        var said: String {
            switch self {
            case .access(_, let person): return person.map { "the access of \($0), named by the proxy" } ?? "the access of a link"
            case .next(let undoing, let scope):
                let whose: String
                switch scope {
                case .board: whose = "the board's"
                case .actor(let actor): whose = actor + "'s"
                }
                return "\(whose) next \(undoing ? "undo" : "redo")"
            case .step(let number): return "step \(number)"
            case .history(let card, let limit): return "the history of \(card.map { "card " + $0 } ?? "the board") (\(limit) events at most)"
            }
        }
    }

    /// The board's history replayed for one day, and the forecasts made from it per filter.
    private struct ForecastCache: Sendable {
        var day: CalendarDate
        var board: Board
        var replay: BoardReplay
        var answers: [CardFilter: Result<Forecast, Forecast.Refusal>] = [:]
    }

    /// A version whose view `readView` and whole board `readWhole` read when first needed
    /// (`view`, when given, is made already; `after` is the version before, whose view is
    /// handed to `readView` to build on, and shown if this one's does not read); `calendar` writes a board as this feed serves it,
    /// and `written` is the whole board's when already made.
    init(view: BoardView? = nil, readView: @escaping @Sendable (_ before: BoardView?) -> Result<BoardView, FeedFailure> = { _ in .failure(FeedFailure(diagnostics: [])) },
         after previous: BoardSnapshot? = nil, modifiedEpochSeconds: Int64, readLog: ReadLog,
         readWhole: @escaping @Sendable () -> Result<Board, FeedFailure>,
         calendar: @escaping @Sendable (Board) -> Result<[UInt8], FeedFailure>, written: [UInt8]? = nil) {
        madeView = Mutex(view)
        self.readView = readView
        // One view back at most: a version never asked for keeps none alive beyond it.
        fallback = previous.flatMap { $0.madeView.withLock { $0 } ?? $0.fallback }
        self.readLog = readLog
        self.modifiedEpochSeconds = modifiedEpochSeconds
        self.readWhole = readWhole
        writeCalendar = calendar
        self.written = Mutex(written.map { .success(FeedSnapshot(ics: $0, modifiedEpochSeconds: modifiedEpochSeconds)) })
    }

    /// The cards as the page and the API show them, with the version's tag; the previous
    /// version's when this one does not read (logged), none when there is no previous one.
    var view: BoardView {
        switch firstView() {
        case .success(let view): return view
        case .failure(let failure):
            let first = failure.diagnostics.first(where: { $0.severity == .error })?.description ?? "unknown error"
            readLog.failed("still showing the previous version: \(first)")
            let shown = fallback ?? BoardView.none
            madeView.withLock { $0 = $0 ?? shown }
            return shown
        }
    }

    /// The view, read now if it was not yet, or why it does not read (what `serve` refuses
    /// a board for at start).
    func firstView() -> Result<BoardView, FeedFailure> {
        madeView.withLock { made -> Result<BoardView, FeedFailure> in
            if let made { return .success(made) }
            let read = readView(fallback)
            if case .success(let view) = read { made = view }
            return read
        }
    }

    /// What a board whose store cannot be read now is served as: no cards, read-only, its
    /// feeds an error (the gate answers its requests 503 first, as its access cannot be read).
    static func unreadable(readLog: ReadLog) -> BoardSnapshot {
        BoardSnapshot(view: BoardView.none, modifiedEpochSeconds: 0, readLog: readLog, readWhole: { .failure(FeedFailure(diagnostics: [])) },
                      calendar: { _ in .failure(FeedFailure(diagnostics: [])) })
    }

    /// The answer to `question` at this version: `read` the first time (kept when it did not
    /// fail), the kept one after. A few hundred at most are kept (one per person and card
    /// asked about); past that the list starts again.
    func answer<T: Sendable, Failure: Error>(_ question: Question, _ read: () throws(Failure) -> T) throws(Failure) -> T {
        // Unwrapped before the cast: nil cast to an optional T would pass as an answer kept.
        if let kept = answers.withLock({ $0[question] }), let answer = kept as? T { return answer }
        readLog.said(question.said)
        let made = try read()
        answers.withLock { kept in
            if kept.count >= 256 { kept = [:] }
            kept[question] = made
        }
        return made
    }

    /// The whole board of this version: present cards, deleted ones history names (archived),
    /// and its events.
    func board() -> Result<Board, FeedFailure> {
        whole.withLock { made in
            if let made { return made }
            readLog.said("the whole board, its log included")
            let read = readWhole()
            if case .failure(let failure) = read {
                // The feeds and the report answer an error for this version; say why once.
                let first = failure.diagnostics.first(where: { $0.severity == .error })?.description ?? "unknown error"
                readLog.failed("its feeds and report answer an error until it changes: \(first)")
            }
            made = read
            return read
        }
    }

    /// What a route may need made to answer without a blocking-work thread (`BoardRoute.fromMemory`).
    enum Part: Sendable {
        /// The calendar feed of the whole board (`calendar()`, and the board it is made from).
        case calendar
    }

    /// Whether `part` is made (without error), so that asking for it reads nothing and waits
    /// for no read; false too while another request is making it.
    func holds(_ part: Part) -> Bool {
        switch part {
        case .calendar:
            // Made from the whole board, which is then made too.
            guard case .success? = written.withLockIfAvailable({ $0 }) ?? nil else { return false }
            return true
        }
    }

    /// The calendar feed of the whole board, its tags and gzip form.
    func calendar() -> Result<FeedSnapshot, FeedFailure> {
        written.withLock { made in
            if let made { return made }
            let feed = board().flatMap { board in
                writeCalendar(board).map { FeedSnapshot(ics: $0, modifiedEpochSeconds: modifiedEpochSeconds) }
            }
            made = feed
            return feed
        }
    }

    /// `board` (a filtered view of this version) as the feed writes it: nil when it cannot be.
    func calendar(of board: Board) -> [UInt8]? {
        try? writeCalendar(board).get()
    }

    /// When the open cards `filter` shows are likely done, as of `now`, from this version's
    /// history; nil when the history cannot be read. The history is replayed once a day, and
    /// each filter's answer kept (a few per version: a reader trying many starts the list again).
    func forecast(filter: CardFilter, now: Instant) -> Result<Forecast, Forecast.Refusal>? {
        let zone = view.zone
        let day = zone.calendarDate(of: now)
        return forecasts.withLock { cache -> Result<Forecast, Forecast.Refusal>? in
            if cache?.day != day {
                guard var board = try? board().get() else { return nil }
                let replay = BoardReplay.make(board, zone: zone, options: ReportOptions(asOf: now, weeks: 1))
                // The replay holds what the history said; the filters need only the cards.
                board.events = []
                cache = ForecastCache(day: day, board: board, replay: replay)
            }
            guard var made = cache else { return nil }
            if let answer = made.answers[filter] { return answer }
            var question = Forecast.Question()
            question.filter = filter
            let answer = Forecast.make(made.board, made.replay, zone: zone, question: question)
            if made.answers.count >= 32 { made.answers = [:] }
            made.answers[filter] = answer
            cache = made
            return answer
        }
    }
}

/// Each read a served board makes of its store, logged at debug level (`serve --verbose`):
/// how an operator (and `ReadPathTests`) sees that a board is read once per version.
struct ReadLog: Sendable {
    let board: String
    let logger: Logger

    func said(_ what: String) {
        logger.debug("\(board): read \(what)")
    }

    func failed(_ what: String) {
        logger.error("\(board) cannot be read; \(what)")
    }
}
