import Foundation
import Synchronization

/// The connections one process keeps to one PostgreSQL database, shared by every board of
/// it that the process has open: a `serve` of 1,000 boards in one database holds at most
/// `size` connections, where a connection per board ran a default cluster
/// (`max_connections = 100`) out of slots at a few dozen boards, and every board then failed
/// with "sorry, too many clients already".
///
/// A session is lent to one caller at a time, pointed at the caller's board
/// (`PostgresSession.ready(for:)`); a read takes another session than the write being
/// committed, so it never waits behind the committer. When all `size` are lent, a caller
/// waits for one up to `BoardStore.busyTimeout`, then is refused `exhausted` (the store's
/// `busy`: nothing was changed, try again).
///
/// Pools are shared through `shared(…)` by what a connection is made with (server, database,
/// user, TLS, password, read-only); a pool lives while a store uses it, and its connections
/// close with it.
final class PostgresPool: @unchecked Sendable {
    /// The most connections a pool opens (`BoardStore.databaseConnections`); a terminal
    /// command opens one (it never asks for two at once).
    static let size = Atomic<Int>(BoardStore.defaultDatabaseConnections)

    /// What makes two addresses' connections interchangeable: everything but the board.
    struct Key: Hashable, Sendable {
        var endpoint: String
        var user: String
        var database: String
        var tls: String
        var password: String?
        var readOnly: Bool

        init(_ address: PostgresAddress, password: String?, readOnly: Bool) {
            endpoint = "\(address.endpoint)"
            user = address.user
            database = address.database
            tls = address.sslMode.rawValue + " " + (address.rootCertificate ?? "")
            self.password = password
            self.readOnly = readOnly
        }
    }

    private final class Weak: Sendable {
        weak let pool: PostgresPool?
        init(_ pool: PostgresPool) { self.pool = pool }
    }

    private static let pools = Mutex<[Key: Weak]>([:])

    /// The pool for connections to `address`'s database, made when no open store has one.
    static func shared(_ address: PostgresAddress, password: String?, readOnly: Bool) -> PostgresPool {
        let key = Key(address, password: password, readOnly: readOnly)
        return pools.withLock { pools in
            if let pool = pools[key]?.pool { return pool }
            let pool = PostgresPool(address, password: password, readOnly: readOnly)
            pools[key] = Weak(pool)
            pools = pools.filter { $0.value.pool != nil }
            return pool
        }
    }

    private let address: PostgresAddress
    private let password: String?
    private let readOnly: Bool
    /// Guards `idle` and `made`; signalled when a session comes back or is forgotten.
    private let returned = NSCondition()
    private var idle: [PostgresSession] = []
    /// Sessions made and not forgotten: idle and lent.
    private var made = 0

    private init(_ address: PostgresAddress, password: String?, readOnly: Bool) {
        self.address = address
        self.password = password
        self.readOnly = readOnly
    }

    /// Runs `body` with a session of its own, ready for the board in `schema`.
    func use<T>(schema: String, _ body: (PostgresSession) throws -> T) throws -> T {
        let session = try lend(for: schema)
        defer { give(back: session) }
        try session.ready(for: schema)
        return try body(session)
    }

    /// An idle session (one last used for `schema` first: it needs no new search path), a
    /// new one while fewer than `size` are made, or the first given back within the busy
    /// timeout.
    private func lend(for schema: String) throws -> PostgresSession {
        let deadline = Date().addingTimeInterval(BoardStore.busyTimeout)
        returned.lock()
        defer { returned.unlock() }
        while true {
            if let k = idle.lastIndex(where: { $0.schema == schema }) ?? idle.indices.last {
                return idle.remove(at: k)
            }
            let size = Self.size.load(ordering: .relaxed)
            if made < size {
                made += 1
                return PostgresSession(address, password: password, readOnly: readOnly)
            }
            guard returned.wait(until: deadline) else { throw PostgresPoolError.exhausted(size: size) }
        }
    }

    /// Takes a session back; one whose connection is gone, or one past a `size` lowered
    /// since it was made, is forgotten (its connection closes with it, outside the lock).
    private func give(back session: PostgresSession) {
        returned.lock()
        if session.isClosed || made > Self.size.load(ordering: .relaxed) { made -= 1 } else { idle.append(session) }
        returned.signal()
        returned.unlock()
    }
}

enum PostgresPoolError: Error, CustomStringConvertible {
    /// Every connection of the pool stayed lent for the busy timeout.
    case exhausted(size: Int)

    var description: String {
        switch self {
        case .exhausted(let size):
            "all \(size) of this process's connections to the database were in use"
        }
    }
}
