import BoardKit
import BoardModel
import BoardStore
import Logging
import Synchronization

/// The boards a server serves right now, by name: each one's feed and its page's desk.
/// Handlers look boards up here on every request, so a reload (SIGHUP) swaps the set while
/// connections stay open; a board whose name and file did not change keeps its feed, its
/// store connection and what it built.
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

    private let boards: Mutex<(order: [String], byName: [String: Board])>

    init(_ list: [Board]) {
        boards = Mutex((list.map(\.feed.name), Dictionary(uniqueKeysWithValues: list.map { ($0.feed.name, $0) })))
    }

    /// The boards in the order configured.
    var all: [Board] {
        boards.withLock { b in b.order.compactMap { b.byName[$0] } }
    }

    /// The board served under `name`, if any (whether the request may see it is `AccessGate`'s to say).
    func board(named name: String) -> Board? {
        boards.withLock { $0.byName[name] }
    }

    func replace(with list: [Board]) {
        boards.withLock { $0 = (list.map(\.feed.name), Dictionary(uniqueKeysWithValues: list.map { ($0.feed.name, $0) })) }
    }

    /// The boards of `configuration`: names checked, tokens loaded (new names get new ones),
    /// every board read once; `reusing` gives back the boards that did not change.
    /// A set whose new boards would leave too few descriptors under `limit` is refused before
    /// any is opened.
    static func open(_ configuration: FeedServer.Configuration, reusing old: [Board] = [],
                     limit: OpenFileLimit, logger: Logger) throws(FeedServer.StartFailure) -> [Board] {
        var seen: Set<String> = []
        for (name, _) in configuration.boards {
            guard FeedServer.isBoardName(name) else { throw .badName(name) }
            guard seen.insert(name).inserted else { throw .duplicateName(name) }
        }
        let opening = configuration.boards.filter { board in !old.contains { $0.feed.name == board.name && $0.feed.path == board.path } }
        if let inUse = OpenFileLimit.inUse(),
           let short = limit.shortfall(opening: opening.reduce(0) { $0 + OpenFileLimit.held(byBoardAt: $1.path) }, inUse: inUse) {
            throw .openFiles(boards: configuration.boards.count, needed: short.needed, limit: short.limit)
        }
        let secrets: [String: TokenStore.Secrets]
        do {
            secrets = try TokenStore(path: configuration.stateFile).secrets(for: configuration.boards.map(\.name))
        } catch {
            throw .tokens(error)
        }
        var out: [Board] = []
        for (name, path) in configuration.boards {
            guard let secret = secrets[name] else { continue }
            if let kept = old.first(where: { $0.feed.name == name && $0.feed.path == path && $0.secrets == secret }) {
                out.append(kept)
                continue
            }
            // A store is checked whole when served (a damaged one is refused); one on read-only
            // media, or in a database that takes only reads (a standby), is served read-only,
            // its page like a plain file's: feeds and reports read from a replica.
            var store: BoardStore?, writable = false
            if BoardStore.isStore(path: path) {
                do {
                    store = try BoardStore.open(path, check: .whole, commits: configuration.commits)
                    writable = true
                } catch .readOnly {
                    do { store = try BoardStore.open(path, readOnly: true, check: .whole) } catch { throw .store(name, error) }
                    let why = BoardStore.isDatabaseAddress(path) ? "takes only reads (a standby)" : "is on read-only media"
                    logger.notice("\(path) \(why): served read-only")
                } catch {
                    throw .store(name, error)
                }
            }
            let feed: BoardFeed
            switch BoardFeed.load(name: name, path: path, token: secret.feed, store: store, readerOptions: configuration.readerOptions,
                                  writerOptions: configuration.writerOptions, logger: logger) {
            case .success(let loaded): feed = loaded
            case .failure(let failure): throw .board(name, failure.diagnostics)
            }
            let (current, open) = try access(of: store, name: name, feedSecret: secret.feed, writable: writable, logger: logger)
            out.append(Board(feed: feed, desk: BoardDesk(feed: feed, store: writable ? store : nil), secrets: secret,
                             feedLinkCurrent: current, isOpen: open))
        }
        return out
    }

    /// Whether the feed link opens the board's feeds, and whether the board has no people.
    /// A store served before it kept secrets takes the feed link's (its subscriptions keep
    /// working), said once in the log.
    private static func access(of store: BoardStore?, name: String, feedSecret: String, writable: Bool,
                               logger: Logger) throws(FeedServer.StartFailure) -> (feedLinkCurrent: Bool, open: Bool) {
        guard let store else { return (true, true) }
        do {
            if writable, try store.adoptFeed(feedSecret, at: .now()) {
                logger.notice("\(name): the store now keeps its feed link's secret (the feed's URL is unchanged); the board page opens with each person's own link (boardkit access add), or its open link while it has no people")
            }
            let lookup = try store.access(token: feedSecret)
            return (lookup.key?.kind == .boardFeed || !lookup.hasBoardFeed, !lookup.hasPeople)
        } catch {
            throw .store(name, error)
        }
    }
}
