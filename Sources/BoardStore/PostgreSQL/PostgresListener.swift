import PostgresNIO
import Synchronization

/// Hears every commit to one board, from any process on any machine: each write's
/// transaction notifies `PostgresEngine.channel` with the board's schema and its new revision
/// (delivered when it commits), and this keeps the highest, on a connection of its own that
/// LISTENs. A server asks its board's revision on every request; with this, it asks memory,
/// not the database.
final class PostgresListener: Sendable {
    private let connection: PostgresConnection
    private let heard = Mutex<Int64>(0)

    private init(connection: PostgresConnection) {
        self.connection = connection
    }

    deinit {
        try? connection.close().wait()
    }

    /// Listening for the commits to `address`'s board, once the server said so.
    static func start(_ address: PostgresAddress, password: String?) throws -> PostgresListener {
        let connection = try PostgresSession.connect(address, password: password)
        let listener = PostgresListener(connection: connection)
        let schema = address.schema
        connection.addListener(channel: PostgresEngine.channel) { [weak listener] _, notification in
            let words = notification.payload.split(separator: " ")
            guard words.count == 2, words[0] == schema, let revision = Int64(words[1]) else { return }
            listener?.heard.withLock { $0 = max($0, revision) }
        }
        // Answered only once the server listens: no commit after this returns goes unheard.
        _ = try connection.query(PostgresQuery(unsafeSQL: "LISTEN \(PostgresEngine.channel)"), logger: PostgresSession.logger).wait()
        return listener
    }

    /// Whether it still hears (its connection may have been lost: then it counts no more).
    var isListening: Bool { !connection.isClosed }

    /// The newest revision heard (0: none yet).
    var revision: Int64 { heard.withLock { $0 } }
}
