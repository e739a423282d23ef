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

/// One served board: its name and secret, the file it follows, and the current feed.
///
/// Every request checks the file's size, modification time and inode (one `stat`, two for a
/// store: a SQLite store in WAL mode takes its commits in `FILE-wal` before they reach the
/// file itself); when any changed, the board is read again and the feed rebuilt, so an edit
/// on disk shows in the next response. A store is read through the served store's own
/// connection (this process must not open its file any other way: see HeldFiles); any other
/// file through BoardKit's pipeline (any format boardkit reads). A file that stops reading
/// cleanly keeps the last good feed served and is logged once.
public final class BoardFeed: Sendable {
    public let name: String
    public let path: String
    public let token: String
    /// The open store when the board is one.
    let store: BoardStore?
    /// True when the board is a store (writable or not: see `FeedServer.isWritable`).
    public var isStore: Bool { store != nil }
    let readerOptions: ReaderOptions
    let writerOptions: WriterOptions
    let logger: Logger

    private struct State {
        var signature: FileSignature
        /// Never empty: a feed is made from its first good read (`load`).
        var snapshot: FeedSnapshot
        /// The signature whose read failed, so a broken file is reported once.
        var failedSignature: FileSignature?
    }
    private let state: Mutex<State>

    /// What identifies a version of the file without reading it.
    struct FileSignature: Equatable {
        var size: Int64
        var seconds: Int64
        var nanoseconds: Int
        var inode: UInt64
        /// The same of a SQLite write-ahead log beside the file, when there is one.
        var log: [Int64] = []
        /// A store in a database has no file: its revision moves when anyone commits.
        var revision: StoreRevision?

        static func of(_ path: String, store: BoardStore?) -> FileSignature? {
            if let store, store.isInDatabase {
                guard let revision = try? store.revision() else { return nil }
                // When it was read stands for when it changed (`FeedSnapshot.lastModified`).
                return FileSignature(size: 0, seconds: Int64(time(nil)), nanoseconds: 0, inode: 0, revision: revision)
            }
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            var signature = FileSignature(size: Int64(info.st_size), seconds: Int64(info.st_mtim.tv_sec),
                                          nanoseconds: Int(info.st_mtim.tv_nsec), inode: UInt64(info.st_ino))
            var wal = stat()
            if stat(path + "-wal", &wal) == 0 {
                signature.log = [Int64(wal.st_size), Int64(wal.st_mtim.tv_sec), Int64(wal.st_mtim.tv_nsec), Int64(wal.st_ino)]
                signature.seconds = max(signature.seconds, Int64(wal.st_mtim.tv_sec))
            }
            return signature
        }

        /// Whether both name one version of the board (a database store's by its revision alone).
        func sameVersion(as other: FileSignature?) -> Bool {
            guard let other else { return false }
            if let revision { return revision == other.revision }
            return self == other
        }
    }

    /// The board at `path` read now, to be followed from then on; the diagnostics instead
    /// when it cannot be served.
    static func load(name: String, path: String, token: String, store: BoardStore?, readerOptions: ReaderOptions,
                     writerOptions: WriterOptions, logger: Logger) -> Result<BoardFeed, FeedFailure> {
        guard let signature = FileSignature.of(path, store: store) else {
            return .failure(FeedFailure(diagnostics: [Diagnostic(ServeMessage.noSuchBoardFile, at: SourceLocation(file: path))]))
        }
        let options = (readerOptions, writerOptions)
        return build(name: name, path: path, store: store, options: options, signature).map { snapshot in
            BoardFeed(name: name, path: path, token: token, store: store, options: options, logger: logger,
                      first: State(signature: signature, snapshot: snapshot))
        }
    }

    private init(name: String, path: String, token: String, store: BoardStore?,
                 options: (ReaderOptions, WriterOptions), logger: Logger, first: State) {
        self.name = name
        self.path = path
        self.token = token
        self.store = store
        (readerOptions, writerOptions) = options
        self.logger = logger
        state = Mutex(first)
    }

    /// The feed as it is on disk now (the last good one if the file broke or vanished).
    public func current() -> FeedSnapshot {
        let now = FileSignature.of(path, store: store)
        return state.withLock { s -> FeedSnapshot in
            guard let now, !now.sameVersion(as: s.signature), !now.sameVersion(as: s.failedSignature) else { return s.snapshot }
            switch Self.build(name: name, path: path, store: store, options: (readerOptions, writerOptions), now) {
            case .success(let snapshot):
                s.signature = now
                s.snapshot = snapshot
                s.failedSignature = nil
                logger.info("reloaded \(name) from \(path): \(snapshot.board.cards.count) cards")
            case .failure(let failure):
                s.failedSignature = now
                let first = failure.diagnostics.first(where: { $0.severity == .error })?.description ?? "unknown error"
                logger.error("\(path) changed but cannot be read; still serving the previous version: \(first)")
            }
            return s.snapshot
        }
    }

    /// `board` as this feed writes it (a filtered view of the feed's board): nil when it
    /// cannot be written.
    func calendar(of board: Board) -> [UInt8]? {
        let encoded = ICSWriter().encode(board, options: writerOptions, name: "\(name).ics")
        return encoded.diagnostics.hasErrors ? nil : encoded.bytes
    }

    /// The board read and its feed written, as of `signature`.
    private static func build(name: String, path: String, store: BoardStore?, options: (reader: ReaderOptions, writer: WriterOptions),
                              _ signature: FileSignature) -> Result<FeedSnapshot, FeedFailure> {
        let board: Board
        if let store {
            do { board = try store.board() } catch { return .failure(FeedFailure(diagnostics: [error.diagnostic])) }
        } else {
            let loaded = BoardPipeline.read(path, options: options.reader)
            guard let read = loaded.board else { return .failure(FeedFailure(diagnostics: loaded.diagnostics)) }
            board = read
        }
        let encoded = ICSWriter().encode(board, options: options.writer, name: "\(name).ics")
        guard !encoded.diagnostics.hasErrors else { return .failure(FeedFailure(diagnostics: encoded.diagnostics)) }
        return .success(FeedSnapshot(board: board, ics: encoded.bytes, modifiedEpochSeconds: signature.seconds))
    }
}

/// Why a board could not be turned into a feed.
struct FeedFailure: Error {
    var diagnostics: [Diagnostic]
}
