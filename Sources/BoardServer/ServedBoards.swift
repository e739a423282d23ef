import BoardKit
import BoardModel
import BoardStore
import Logging
import Synchronization

/// The boards a server serves right now, by name: each one's feed and its page's desk.
/// Handlers look boards up here on every request, so a reload (SIGHUP) swaps the set while
/// connections stay open; a board whose name and file did not change keeps its feed, its
/// store connection and what it built. At start the set fills board by board while the
/// server already listens (`isStarting`): each board answers as soon as it is read, and a
/// board asked for meanwhile is read next (`arrival(of:)`).
final class ServedBoards: Sendable {
    struct Board: Sendable {
        var feed: BoardFeed
        var desk: BoardDesk
        /// The secrets `serve` keeps for the board (its feed link and open link).
        var secrets: TokenStore.Secrets
        /// Whether the feed link printed opens the feeds (false once `boardkit access rotate`
        /// gave the board another: the store knows only the new one's digest).
        var feedLinkCurrent: Bool
        /// Whether the board has no people (as of the start or reload: the gate asks each time).
        var isOpen: Bool
    }

    private struct Listing {
        var order: [String] = []
        var byName: [String: Board] = [:]
        var starting = true
        /// Names asked for while starting, read before the others (a bounded set: any name
        /// may be asked for, and one no board has is never read).
        var asked: Set<String> = []
    }
    private let boards = Mutex(Listing())

    /// No boards yet: the server is starting.
    init() {}

    /// True until the first set is whole (`replace`): a board not found may be on its way.
    var isStarting: Bool { boards.withLock { $0.starting } }

    /// Waits while the server starts until the board `name` is served or the start is over, at
    /// most `limit`; the board is read next. An instance just started behind a load balancer
    /// is sent requests as soon as it listens: they get their board a moment later rather
    /// than `503 starting`, which is left for a board whose turn is slower than `limit`.
    func arrival(of name: String, within limit: Duration = .seconds(5)) async {
        let end = ContinuousClock.now + limit
        while boards.withLock({ b in
            guard b.starting && b.byName[name] == nil else { return false }
            if b.asked.count < 10_000 { b.asked.insert(name) }
            return true
        }), ContinuousClock.now < end {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The names asked for while starting and not served yet.
    var asked: Set<String> { boards.withLock { $0.asked } }

    /// Serves `board` beside those served already (at start, as each is read).
    func add(_ board: Board) {
        boards.withLock { b in
            if b.byName.updateValue(board, forKey: board.feed.name) == nil { b.order.append(board.feed.name) }
        }
    }

    /// The boards in the order configured.
    var all: [Board] {
        boards.withLock { b in b.order.compactMap { b.byName[$0] } }
    }

    /// The board served under `name`, if any (whether the request may see it is `AccessGate`'s to say).
    func board(named name: String) -> Board? {
        boards.withLock { $0.byName[name] }
    }

    /// Serves `list` from now on (the start is over); the stores of boards it no longer holds
    /// close (once the requests using them finish).
    func replace(with list: [Board]) {
        let old = boards.withLock { b in
            defer { b = Listing(order: list.map(\.feed.name), byName: Dictionary(uniqueKeysWithValues: list.map { ($0.feed.name, $0) }), starting: false) }
            return Array(b.byName.values)
        }
        for board in old where !list.contains(where: { $0.feed === board.feed }) { board.feed.store?.retire() }
    }

    /// What is refused in `configuration` before any board is opened: a name twice or not
    /// fit for a URL, a limit on open files too low for even one board's store.
    static func check(_ configuration: FeedServer.Configuration, limit: OpenFileLimit) throws(FeedServer.StartFailure) {
        var seen: Set<String> = []
        for (name, _) in configuration.boards {
            guard FeedServer.isBoardName(name) else { throw .badName(name) }
            guard seen.insert(name).inserted else { throw .duplicateName(name) }
        }
        let largest = configuration.boards.map { OpenFileLimit.held(byBoardAt: $0.path) }.max() ?? 0
        if let inUse = OpenFileLimit.inUse(), let short = limit.shortfall(opening: largest, inUse: inUse) {
            throw .openFiles(needed: short.needed, limit: short.limit)
        }
    }

    /// The boards of `configuration`, which its caller has `check`ed: tokens loaded (new names get new
    /// ones), every board read once (its store then kept open by `stores` while it fits), each
    /// handed to `each` as soon as it is, those `preferring` names read first; `reusing` gives
    /// back the boards that did not change. The boards come back in the configured order.
    static func open(_ configuration: FeedServer.Configuration, reusing old: [Board] = [],
                     limit: OpenFileLimit, stores: OpenStores, logger: Logger,
                     preferring: () -> Set<String> = { [] },
                     each: (Board) -> Void = { _ in }) throws(FeedServer.StartFailure) -> [Board] {
        let secrets: [String: TokenStore.Secrets]
        do {
            secrets = try TokenStore(path: configuration.stateFile).secrets(for: configuration.boards.map(\.name))
        } catch {
            throw .tokens(error)
        }
        var out: [Board] = []
        var waiting = configuration.boards
        do throws(FeedServer.StartFailure) {
            while !waiting.isEmpty {
                let wanted = preferring()
                let (name, path) = waiting.remove(at: waiting.firstIndex { wanted.contains($0.name) } ?? 0)
                guard let secret = secrets[name] else { continue }
                if let kept = old.first(where: { $0.feed.name == name && $0.feed.path == path && $0.secrets == secret }) {
                    out.append(kept)
                } else {
                    out.append(try board(name, at: path, secret: secret, configuration, stores: stores, logger: logger))
                    each(out[out.count - 1])
                }
            }
        } catch {
            // What this call opened closes again; the boards served stay as they were.
            for board in out where !old.contains(where: { $0.feed === board.feed }) { board.feed.store?.retire() }
            throw error
        }
        let place = Dictionary(configuration.boards.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        return out.sorted { place[$0.feed.name, default: 0] < place[$1.feed.name, default: 0] }
    }

    /// One board opened and read. A store is checked whole when served (a damaged one is
    /// refused); one on read-only media, or in a database that takes only reads (a standby),
    /// is served read-only, its page like a plain file's: feeds and reports read from a replica.
    private static func board(_ name: String, at path: String, secret: TokenStore.Secrets, _ configuration: FeedServer.Configuration,
                              stores: OpenStores, logger: Logger) throws(FeedServer.StartFailure) -> Board {
        var served: ServedStore?
        if StoreLocation(path).holdsStore {
            stores.makeRoom(for: OpenFileLimit.held(byBoardAt: path))
            let store: BoardStore, writable: Bool
            do {
                store = try BoardStore.open(path, check: .whole, commits: configuration.commits)
                writable = true
            } catch .readOnly {
                do { store = try BoardStore.open(path, readOnly: true, check: .whole) } catch { throw .store(name, error) }
                writable = false
                let why = StoreLocation(path).isDatabase ? "takes only reads (a standby)" : "is on read-only media"
                logger.notice("\(path) \(why): served read-only")
            } catch {
                throw .store(name, error)
            }
            served = ServedStore(opened: store, path: path, writable: writable, commits: configuration.commits, stores: stores)
        }
        do throws(FeedServer.StartFailure) {
            let feed: BoardFeed
            switch BoardFeed.load(name: name, path: path, token: secret.feed, store: served, readerOptions: configuration.readerOptions,
                                  writerOptions: configuration.writerOptions, logger: logger) {
            case .success(let loaded): feed = loaded
            case .failure(let failure): throw .board(name, failure.diagnostics)
            }
            let (current, open) = try access(of: served, name: name, feedSecret: secret.feed, logger: logger)
            return Board(feed: feed, desk: BoardDesk(feed: feed, store: served?.writable == true ? served : nil), secrets: secret,
                         feedLinkCurrent: current, isOpen: open)
        } catch {
            served?.retire()
            throw error
        }
    }

    /// Whether the feed link opens the board's feeds, and whether the board has no people.
    /// A store served before it kept secrets takes the feed link's (its subscriptions keep
    /// working), said once in the log.
    private static func access(of served: ServedStore?, name: String, feedSecret: String,
                               logger: Logger) throws(FeedServer.StartFailure) -> (feedLinkCurrent: Bool, open: Bool) {
        guard let served else { return (true, true) }
        do {
            let lookup = try served.use { opened throws(StoreError) in
                if served.writable, try opened.store.adoptFeed(feedSecret, at: .now()) {
                    logger.notice("\(name): the store now keeps its feed link's secret (the feed's URL is unchanged); the board page opens with each person's own link (boardkit access add), or its open link while it has no people")
                }
                return try opened.store.access(token: feedSecret)
            }
            return (lookup.key?.kind == .boardFeed || !lookup.hasBoardFeed, !lookup.hasPeople)
        } catch {
            throw .store(name, error)
        }
    }
}
