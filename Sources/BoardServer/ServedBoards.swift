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
    }

    private let boards: Mutex<(order: [String], byName: [String: Board])>

    init(_ list: [Board]) {
        boards = Mutex((list.map(\.feed.name), Dictionary(uniqueKeysWithValues: list.map { ($0.feed.name, $0) })))
    }

    /// The boards in the order configured.
    var all: [Board] {
        boards.withLock { b in b.order.compactMap { b.byName[$0] } }
    }

    /// The board a secret URL names, or nil (a 404, whatever was wrong).
    func lookup(token: String, name: String) -> Board? {
        secretLookup(boards.withLock { $0.byName }, name: name, token: token, tokenOf: \.feed.token)
    }

    func replace(with list: [Board]) {
        boards.withLock { $0 = (list.map(\.feed.name), Dictionary(uniqueKeysWithValues: list.map { ($0.feed.name, $0) })) }
    }

    /// The boards of `configuration`: names checked, tokens loaded (new names get new ones),
    /// every board read once; `reusing` gives back the boards that did not change.
    static func open(_ configuration: FeedServer.Configuration, reusing old: [Board] = [],
                     logger: Logger) throws(FeedServer.StartFailure) -> [Board] {
        var seen: Set<String> = []
        for (name, _) in configuration.boards {
            guard FeedServer.isBoardName(name) else { throw .badName(name) }
            guard seen.insert(name).inserted else { throw .duplicateName(name) }
        }
        let tokens: [String: String]
        do {
            tokens = try TokenStore(path: configuration.stateFile).tokens(for: configuration.boards.map(\.name))
        } catch {
            throw .tokens(error)
        }
        var out: [Board] = []
        for (name, path) in configuration.boards {
            let token = tokens[name] ?? TokenStore.newToken()
            if let kept = old.first(where: { $0.feed.name == name && $0.feed.path == path && $0.feed.token == token }) {
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
            let feed = BoardFeed(name: name, path: path, token: token, store: store, readerOptions: configuration.readerOptions,
                                 writerOptions: configuration.writerOptions, logger: logger)
            let problems = feed.load()
            guard !problems.hasErrors else { throw .board(name, problems) }
            out.append(Board(feed: feed, desk: BoardDesk(feed: feed, store: writable ? store : nil)))
        }
        return out
    }
}
