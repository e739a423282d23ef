import BoardStore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How many files `serve` may hold open, and how many its boards' stores may take.
///
/// A SQLite board holds five descriptors while its store is open (its writing and its
/// reading connection each open the database and its `-wal`; the `-shm` is shared); a
/// PostgreSQL board none of its own (its database's connections are shared by all its boards,
/// at most `BoardStore.databaseConnections`, within `connectionRoom`); every client
/// connection takes one more. Under the usual
/// soft limit of 1,024 a few hundred boards used them all: `serve` then failed at a board
/// with SQLite's "unable to open database file", or, a few boards fewer, started, printed
/// every URL and stopped accepting connections without a word. So the soft limit is raised
/// to the hard one at start, as nginx and PostgreSQL do; the stores share what it leaves
/// beyond `connectionRoom` (`OpenStores` closes the least recently used to open another),
/// and a limit that leaves too few for even one store is refused in words.
struct OpenFileLimit: Equatable {
    /// The limit the process runs under now.
    var soft: Int
    /// What the soft limit was before `raised()` raised it (nil: unchanged).
    var raisedFrom: Int?

    /// Descriptors kept free for client connections, feed files and the log.
    static let connectionRoom = 256

    /// Raises the soft limit to the hard one; the limit then in force.
    static func raised() -> OpenFileLimit {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return OpenFileLimit(soft: Int.max, raisedFrom: nil) }
        let before = limit.rlim_cur
        if limit.rlim_cur < limit.rlim_max {
            var wanted = limit
            wanted.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &wanted) == 0 { limit = wanted }
        }
        // RLIM_INFINITY is the largest value.
        func count(_ value: rlim_t) -> Int { value > rlim_t(Int.max) ? Int.max : Int(value) }
        return OpenFileLimit(soft: count(limit.rlim_cur), raisedFrom: limit.rlim_cur != before ? count(before) : nil)
    }

    /// Descriptors a board at `path` holds while served.
    static func held(byBoardAt path: String) -> Int {
        switch StoreLocation(path) {
        case .database: 0
        case let file: file.holdsStore ? 5 : 0
        }
    }

    /// Descriptors this process holds now (nil where `/proc` cannot tell).
    static func inUse() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map { max($0.count - 1, 0) }
    }

    /// Descriptors the boards' stores may hold together: what the limit leaves beyond those
    /// in use and `connectionRoom`.
    func roomForStores(inUse: Int) -> Int {
        soft == Int.max ? Int.max : max(soft - inUse - Self.connectionRoom, 0)
    }

    /// Whether opening a store that holds `needed` descriptors, beside those in use, leaves
    /// room for connections; the shortfall's figures when it does not.
    func shortfall(opening needed: Int, inUse: Int) -> (needed: Int, limit: Int)? {
        let total = inUse + needed + Self.connectionRoom
        return total > soft ? (total, soft) : nil
    }
}
