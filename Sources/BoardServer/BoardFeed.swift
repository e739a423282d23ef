#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardICS
import BoardKit
import BoardModel
import BoardIO
import BoardStore
import Logging
import Synchronization

/// One served board: its name and secret, where it is, and its current version
/// (`BoardSnapshot`), which every request of the page, the API, the feeds, the report and
/// the forecast is answered from.
///
/// Each request asks whether the board changed, one cheap question: a store's `revision()`
/// (SQLite's data_version on the store's reading connection, or the database's revision
/// row), a file's size, modification time and inode (one `stat`). Only then is it read
/// again, once, whoever asks next. A store is read through the served store's connections
/// (this process must not open its file any other way: see HeldFiles); any other file
/// through BoardKit's pipeline (any format boardkit reads), read-only. A version that does
/// not read cleanly keeps the last good one served and is logged once.
public final class BoardFeed: Sendable {
    public let name: String
    public let path: String
    public let token: String
    /// The board's store when it is one, opened while used.
    let store: ServedStore?
    /// True when the board is a store (writable or not: see `FeedServer.isWritable`).
    public var isStore: Bool { store != nil }
    private let reader: Reader

    private struct State {
        var version: Version
        var snapshot: BoardSnapshot
        /// The version whose read failed, so a broken board is reported once.
        var failed: Version?
    }
    /// Nil once the store closed (`OpenStores` made room): the next request reads it again.
    private let state: Mutex<State?>

    /// What names a version of the board without reading it.
    enum Version: Equatable {
        /// A store's revision, within one opening of it (`ServedStore.Opened`).
        case store(opening: Int, StoreRevision)
        case file(FileSignature)
    }

    /// A file's version: size, modification time and inode.
    struct FileSignature: Equatable {
        var size: Int64
        var seconds: Int64
        var nanoseconds: Int
        var inode: UInt64

        static func of(_ path: String) -> FileSignature? {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return FileSignature(size: Int64(info.st_size), seconds: Int64(info.st_mtim.tv_sec),
                                 nanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino))
        }
    }

    /// The board at `path` read now, to be followed from then on; the diagnostics instead
    /// when it cannot be served (a store's cards are read at once for that).
    static func load(name: String, path: String, token: String, store: ServedStore?, readerOptions: ReaderOptions,
                     writerOptions: WriterOptions, logger: Logger) -> Result<BoardFeed, FeedFailure> {
        let reader = Reader(name: name, path: path, store: store, readerOptions: readerOptions, writerOptions: writerOptions,
                            logger: logger, boot: String(UInt32.random(in: 0...UInt32.max), radix: 36))
        guard let version = reader.version() else {
            return .failure(FeedFailure(diagnostics: [Diagnostic(ServeMessage.noSuchBoardFile, at: SourceLocation(file: path))]))
        }
        return reader.read(version).flatMap { snapshot in
            snapshot.firstView().map { _ in BoardFeed(token: token, reader: reader, first: State(version: version, snapshot: snapshot)) }
        }
    }

    private init(token: String, reader: Reader, first: State) {
        name = reader.name
        path = reader.path
        self.token = token
        store = reader.store
        self.reader = reader
        state = Mutex(first)
        // A closed store's board keeps nothing it read (a bounded cache over many boards); a
        // board busy right now lets go at its next change instead.
        store?.onClose { [weak self] in self?.state.withLockIfAvailable { $0 = nil } }
    }

    /// The board as it is now (the last good version if it broke or vanished). It may read
    /// the board: call it on a blocking-work thread (`BlockingWork`).
    func current() -> BoardSnapshot {
        let now = reader.version()
        return state.withLock { s -> BoardSnapshot in
            if let kept = s, now == nil || now == kept.version || now == kept.failed { return kept.snapshot }
            // Changed, or forgotten when the store closed (then its cards are read when asked).
            guard let now else { return BoardSnapshot.unreadable(readLog: reader.readLog) }
            switch reader.read(now, after: s?.snapshot) {
            case .success(let snapshot):
                s = State(version: now, snapshot: snapshot)
                return snapshot
            case .failure(let failure):
                let first = failure.diagnostics.first(where: { $0.severity == .error })?.description ?? "unknown error"
                guard var kept = s else {
                    reader.readLog.failed(first)
                    return BoardSnapshot.unreadable(readLog: reader.readLog)
                }
                kept.failed = now
                s = kept
                reader.logger.error("\(path) changed but cannot be read; still serving the previous version: \(first)")
                return kept.snapshot
            }
        }
    }

    /// The board as it is now when telling needs no read and no wait, and the version holds
    /// `part` made: a file's board (one `stat`) whose version was read already and is not
    /// being read now. Nil otherwise, a store's board always (its revision is a query).
    func settled(holding part: BoardSnapshot.Part) -> BoardSnapshot? {
        guard store == nil, let now = reader.version(),
              let kept = state.withLockIfAvailable({ $0?.version == now ? $0?.snapshot : nil }) ?? nil else { return nil }
        return kept.holds(part) ? kept : nil
    }

    /// How the board is read: what `current()` and `load` share.
    private final class Reader: Sendable {
        let name: String
        let path: String
        let store: ServedStore?
        let readerOptions: ReaderOptions
        let writerOptions: WriterOptions
        let logger: Logger
        /// Distinguishes this process's page tags from another run's, whose revisions started again.
        let boot: String

        /// Whether the store failed when last asked for its revision: said in the log when it
        /// starts failing and when it answers again, not at every request meanwhile.
        let storeFailing = Atomic(false)

        init(name: String, path: String, store: ServedStore?, readerOptions: ReaderOptions, writerOptions: WriterOptions,
             logger: Logger, boot: String) {
            (self.name, self.path, self.store, self.readerOptions, self.writerOptions, self.logger, self.boot) =
                (name, path, store, readerOptions, writerOptions, logger, boot)
        }

        var readLog: ReadLog { ReadLog(board: name, logger: logger) }

        /// The board's version now; nil when it cannot be told (the file is gone, the store fails).
        func version() -> Version? {
            guard let store else { return FileSignature.of(path).map(Version.file) }
            do throws(StoreError) {
                let version = try store.use { opened throws(StoreError) in Version.store(opening: opened.opening, try opened.store.revision()) }
                // Read first: a write on every request would bounce the flag between cores.
                if storeFailing.load(ordering: .relaxed), storeFailing.exchange(false, ordering: .relaxed) {
                    logger.notice("\(name): its store answers again")
                }
                return version
            } catch {
                if !storeFailing.exchange(true, ordering: .relaxed) {
                    readLog.failed("its store cannot be asked what changed: \(error.diagnostic.description)")
                }
                return nil
            }
        }

        /// The board as of `version`: a store's read when first asked, a file's now.
        func read(_ version: Version, after previous: BoardSnapshot? = nil) -> Result<BoardSnapshot, FeedFailure> {
            let writer = writerOptions, name = name
            let calendar: @Sendable (Board) -> Result<[UInt8], FeedFailure> = { board in
                let encoded = ICSWriter().encode(board, options: writer, name: "\(name).ics")
                return encoded.diagnostics.hasErrors ? .failure(FeedFailure(diagnostics: encoded.diagnostics)) : .success(encoded.bytes)
            }
            switch version {
            case .store(let opening, let revision):
                guard let store else { return .failure(FeedFailure(diagnostics: [])) }
                let log = readLog, tag = "\"board-\(boot)-\(opening).\(revision)\""
                let view: @Sendable (BoardView?) -> Result<BoardView, FeedFailure> = { before -> Result<BoardView, FeedFailure> in
                    do throws(StoreError) {
                        // Only the cards written since the view before, when it was read from the store.
                        let since = before?.commit
                        log.said("revision \(revision): the header and " + (since.map { "the cards written since commit \($0)" } ?? "cards"))
                        let overview = try store.use { opened throws(StoreError) in
                            if let since { return try opened.store.overview(since: since) }
                            return try opened.store.overview()
                        }
                        if let before, !overview.isWhole, overview.header == before.header {
                            return .success(BoardView(before, header: overview.header, written: overview.cards, tag: tag,
                                                      writable: store.writable, commit: overview.commit))
                        }
                        let whole = overview.isWhole ? overview : try store.use { opened throws(StoreError) in try opened.store.overview() }
                        return .success(BoardView(header: whole.header, cards: whole.cards, tag: tag, writable: store.writable,
                                                  commit: whole.commit, after: before))
                    } catch {
                        return .failure(FeedFailure(diagnostics: [error.diagnostic]))
                    }
                }
                let whole: @Sendable () -> Result<Board, FeedFailure> = { () -> Result<Board, FeedFailure> in
                    do throws(StoreError) {
                        return .success(try store.use { opened throws(StoreError) in try opened.store.board() })
                    } catch {
                        return .failure(FeedFailure(diagnostics: [error.diagnostic]))
                    }
                }
                // A revision is not a time: when it was first seen stands for when it changed.
                return .success(BoardSnapshot(readView: view, after: previous, modifiedEpochSeconds: Int64(time(nil)),
                                              readLog: log, readWhole: whole, calendar: calendar))
            case .file(let signature):
                let loaded = BoardPipeline.read(path, options: readerOptions)
                guard let board = loaded.board else { return .failure(FeedFailure(diagnostics: loaded.diagnostics)) }
                // A file's board is written at once: its tag is the calendar's, the same for the
                // same content in any run.
                let ics: [UInt8]
                switch calendar(board) {
                case .success(let bytes): ics = bytes
                case .failure(let failure): return .failure(failure)
                }
                let stored = board.cards.enumerated().map { StoredCard(number: Int64($0.offset + 1), card: $0.element, present: true) }
                let tag = "\"board-" + EntityTag.of(ics, kind: "ics").filter { $0 != "\"" } + "\""
                let view = BoardView(header: board, cards: stored, tag: tag, writable: false)
                logger.info("read \(name) from \(path): \(board.cards.count) cards")
                return .success(BoardSnapshot(view: view, modifiedEpochSeconds: signature.seconds,
                                              readLog: readLog, readWhole: { .success(board) },
                                              calendar: calendar, written: ics))
            }
        }
    }
}

/// Why a board could not be turned into a feed.
struct FeedFailure: Error {
    var diagnostics: [Diagnostic]
}
