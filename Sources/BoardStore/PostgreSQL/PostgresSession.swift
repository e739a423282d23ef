import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// One connection to PostgreSQL, used by one caller at a time (`PostgresPool` lends it),
/// from synchronous code: the store's API is synchronous (its commands, and a server's group
/// committer, run on threads of their own), so each query waits for its answer. The
/// connection's event loop is one of its own, so waiting never blocks the loop that answers
/// (nor a server's).
final class PostgresSession: @unchecked Sendable {
    // Touched only by the one caller the pool has lent the session to.
    private var connection: PostgresConnection?
    private var statements: [String: PostgresStatement] = [:]
    /// The schema the connection's search path names (the board it last served).
    private(set) var schema: String?
    private let address: PostgresAddress
    private let password: String?
    private let readOnly: Bool

    private static let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    static let logger = Logger(label: "boardkit.postgres", factory: { _ in SwiftLogNoOpLogHandler() })

    init(_ address: PostgresAddress, password: String?, readOnly: Bool) {
        self.address = address
        self.password = password
        self.readOnly = readOnly
    }

    deinit {
        if let connection { try? connection.close().wait() }
    }

    /// Whether the session's connection is gone for good (the pool then forgets the session).
    var isClosed: Bool { connection?.isClosed ?? false }

    /// Readies the session for a board in `schema`: connects when there is no connection (or
    /// the last one was lost: a server restarted, a network cut), with the schema in its
    /// search path from the start; otherwise points the search path at it when it served
    /// another board last.
    func ready(for schema: String) throws {
        if connection == nil || connection!.isClosed {
            statements = [:]
            self.schema = nil
            connection = try connect(schema: schema)
        } else if self.schema != schema {
            self.schema = nil
            _ = try query("SET search_path TO \"\(schema)\"")
        }
        self.schema = schema
    }

    /// The cached statement for `sql`, cleared for new bindings.
    func statement(_ sql: String) -> PostgresStatement {
        if let s = statements[sql] {
            s.clear()
            return s
        }
        let s = PostgresStatement(sql, session: self)
        statements[sql] = s
        return s
    }

    /// Runs `body` between `begin` and COMMIT; a `body` that throws is rolled back.
    func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        _ = try query(begin)
        do {
            let result = try body()
            _ = try query("COMMIT")
            return result
        } catch {
            // A connection that cannot even roll back is closed, so the next use starts on a
            // new one rather than inside a transaction left open.
            if (try? query("ROLLBACK")) == nil, let connection {
                try? connection.close().wait()
                self.connection = nil
            }
            throw error
        }
    }

    /// Rows into `table` through one `COPY … FROM STDIN` (`PostgresCopy.run`).
    func copy(into table: String, columns: [String], _ produce: (PostgresCopy.Feed) throws -> Void) throws {
        guard let connection else { throw PostgresSessionError.notConnected }
        try PostgresCopy.run(on: connection, into: table, columns: columns, logger: Self.logger, produce)
    }

    /// Sends one statement and waits for its rows.
    func query(_ sql: String, _ bindings: PostgresBindings = PostgresBindings()) throws -> [PostgresRow] {
        guard let connection else { throw PostgresSessionError.notConnected }
        return try Self.answer(connection.query(PostgresQuery(unsafeSQL: sql, binds: bindings), logger: Self.logger),
                               on: connection).rows
    }

    /// How long a statement sent as its connection closes may take to say so before it is
    /// taken as never answered.
    private static let lastWords: DispatchTimeInterval = .milliseconds(500)

    /// Waits for `future`, or fails once `connection` has closed without answering it.
    /// postgres-nio hands a statement to its channel without asking whether the channel took
    /// it; one sent just as the server ended the session (a process frozen past
    /// `idleInTransaction`, a server restarted) is never answered, and a plain `wait()`
    /// would wait for ever, holding the session and every request behind it. The connection
    /// is looked at once a second while a statement runs (a callback on its close would stay
    /// registered for the connection's whole life, one per statement).
    private static func answer<T: Sendable>(_ future: EventLoopFuture<T>, on connection: PostgresConnection) throws -> T {
        let answered = DispatchSemaphore(value: 0)
        future.whenComplete { _ in answered.signal() }
        while answered.wait(timeout: .now() + .seconds(1)) == .timedOut {
            guard connection.isClosed else { continue }
            if answered.wait(timeout: .now() + lastWords) == .timedOut { throw PostgresSessionError.connectionLost }
            break
        }
        return try future.wait()
    }

    /// How long PostgreSQL lets a write transaction (one holding the board's lock) sit
    /// without a statement before it ends the session: a process frozen mid-write (SIGSTOP, a
    /// VM paused, a debugger) would otherwise hold the lock for as long as it is frozen, and
    /// every other writer would wait and give up. Shorter than `BoardStore.busyTimeout`, so a
    /// writer queued behind a frozen one gets the lock before it gives up. A step waits on
    /// nothing but the database inside its transaction, so a live one is never idle that
    /// long; reads and imports, which may decode or encode many rows between statements and
    /// hold no lock a writer waits for, are not ended (`PostgresEngine.write` sets it).
    static let idleInTransaction: Duration = .seconds(5)

    /// How long connecting (the TCP connection, TLS, the login and the server's new session)
    /// may take. postgres-nio's 10 s was not enough on a loaded machine: of twenty commands
    /// connecting at once under a load of 10, two gave up (a fresh clone's `make test` beside
    /// two builds). libpq waits for ever; a store that cannot be reached still says so.
    static let connectTimeout: Duration = .seconds(30)

    private func connect(schema: String) throws -> PostgresConnection {
        var settings = [
            ("search_path", "\"\(schema)\""),
            // Writers of one board wait for each other as SQLite's do (`BoardStore.busyTimeout`).
            ("lock_timeout", "\(Int(BoardStore.busyTimeout))s"),
        ]
        if readOnly { settings.append(("default_transaction_read_only", "on")) }
        return try Self.connect(address, password: password, settings: settings)
    }

    /// A new connection to the address's database, as its `sslmode` asks, with `settings`
    /// (PostgreSQL's run-time parameters) given when it starts: no round trip of their own.
    static func connect(_ address: PostgresAddress, password: String?, settings: [(String, String)] = []) throws -> PostgresConnection {
        var configuration: PostgresConnection.Configuration
        switch address.endpoint {
        case .tcp(let host, let port):
            configuration = .init(host: host, port: port, username: address.user, password: password,
                                  database: address.database, tls: try tls(address))
        case .socket(let path, _):
            configuration = .init(unixSocketPath: path, username: address.user, password: password, database: address.database)
        }
        configuration.options.connectTimeout = .seconds(Int64(connectTimeout.components.seconds))
        configuration.options.additionalStartupParameters = settings
        return try PostgresConnection.connect(on: loop.next(), configuration: configuration, id: 1, logger: logger).wait()
    }

    /// The connection's TLS, as `sslmode` asks (libpq's meanings).
    private static func tls(_ address: PostgresAddress) throws -> PostgresConnection.Configuration.TLS {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch address.sslMode {
        case .disable: return .disable
        case .allow, .prefer, .require: tls.certificateVerification = .none
        case .verifyCA: tls.certificateVerification = .noHostnameVerification
        case .verifyFull: tls.certificateVerification = .fullVerification
        }
        if let root = address.rootCertificate {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(root))
        }
        let context = try NIOSSLContext(configuration: tls)
        switch address.sslMode {
        case .allow, .prefer: return .prefer(context)
        default: return .require(context)
        }
    }
}

enum PostgresSessionError: Error, CustomStringConvertible {
    case notConnected
    /// The connection closed with a statement unanswered.
    case connectionLost

    /// As the store's message says it (`PostgresEngine.failure`).
    var description: String {
        switch self {
        case .notConnected: "not connected to the server"
        case .connectionLost: "the connection to the server was lost before it answered"
        }
    }
}
