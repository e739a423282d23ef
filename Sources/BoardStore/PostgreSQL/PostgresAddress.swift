import Foundation

/// A store in PostgreSQL, as a person writes it: `postgres://user@host:5432/db?board=team`
/// (or `postgresql://`). Many boards share one database, each in a schema of its own
/// (`board_team`). What the URL leaves out comes from libpq's variables (`PGHOST`, `PGPORT`,
/// `PGUSER`, `PGDATABASE`, `PGSSLMODE`), then libpq's defaults.
///
/// A password is never part of it: URLs end up in shell histories, process lists and logs.
/// It comes from `PGPASSWORD`, a password file or `.pgpass` (`PostgresPassword`).
struct PostgresAddress: Sendable, Equatable {
    enum Endpoint: Sendable, Equatable {
        case tcp(host: String, port: Int)
        /// A Unix-domain socket's path (a folder in `host=`, as libpq takes it).
        case socket(path: String, port: Int)
    }

    var endpoint: Endpoint
    var user: String
    var database: String
    /// The board's name; its tables are in the schema `schema`.
    var board: String
    var sslMode: SSLMode
    /// `sslrootcert`: the certificates `verify-ca` and `verify-full` trust (nil: the system's).
    var rootCertificate: String?
    /// A password file named in the URL (`passfile=`), before `PGPASSFILE` and `~/.pgpass`.
    var passwordFile: String?
    /// The URL as given: what messages name the store by.
    var text: String

    /// libpq's `sslmode`, honoured as libpq does: `prefer` tries TLS and takes a plain
    /// connection when the server has none; only `verify-ca` and `verify-full` check the
    /// server's certificate (and `verify-full` its name).
    enum SSLMode: String, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// The schema that holds the board's tables.
    var schema: String { "board_" + board }

    /// True when `text` is meant as a PostgreSQL address (whether or not it is a valid one).
    static func isAddress(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Nil when `text` is not a PostgreSQL address (a file's path); `invalidAddress` when it
    /// is one that cannot be used.
    init?(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) {
        guard Self.isAddress(text) else { return nil }
        guard var url = URLComponents(string: text) else { throw .invalidAddress(text, problem: "it is not a URL") }
        // A refusal names the address without its password: a message is no place for one.
        let shown: String
        if url.password != nil {
            url.password = nil
            shown = url.string ?? "postgres://"
        } else {
            shown = text
        }
        func refuse(_ problem: String) -> StoreError { .invalidAddress(shown, problem: problem) }
        if shown != text {
            throw refuse("a password in the address would be kept in shell histories and logs; give it in PGPASSWORD, a password file (--password-file) or ~/.pgpass")
        }
        var query: [String: String] = [:]
        for item in url.queryItems ?? [] {
            guard let value = item.value else { continue }
            query[item.name] = value
        }
        let known: Set<String> = ["board", "sslmode", "sslrootcert", "host", "port", "user", "dbname", "passfile"]
        if let unknown = query.keys.sorted().first(where: { !known.contains($0) }) {
            throw refuse("'\(unknown)' is not a parameter boardkit takes (it takes \(known.sorted().joined(separator: ", ")))")
        }
        let portText = url.port.map(String.init) ?? query["port"] ?? environment["PGPORT"] ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else { throw refuse("port '\(portText)' is not a port number") }
        let host = url.host.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding } ?? query["host"] ?? environment["PGHOST"] ?? "/var/run/postgresql"
        endpoint = host.hasPrefix("/") ? .socket(path: host + "/.s.PGSQL.\(port)", port: port) : .tcp(host: host, port: port)
        user = url.user.flatMap { $0.removingPercentEncoding } ?? query["user"] ?? environment["PGUSER"] ?? LoginName.current(environment: environment) ?? "postgres"
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        database = (path.isEmpty ? nil : path.removingPercentEncoding) ?? query["dbname"] ?? environment["PGDATABASE"] ?? user
        board = query["board"] ?? "board"
        guard !board.isEmpty, board.count <= 50,
              board.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
            throw refuse("board '\(board)' must be 1 to 50 of a-z, 0-9 and _ (it names the board's schema)")
        }
        let modeText = query["sslmode"] ?? environment["PGSSLMODE"] ?? "prefer"
        guard let mode = SSLMode(rawValue: modeText) else {
            throw refuse("sslmode '\(modeText)' is not one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        sslMode = mode
        rootCertificate = query["sslrootcert"] ?? environment["PGSSLROOTCERT"]
        passwordFile = query["passfile"]
        self.text = text
    }

    /// The host as `.pgpass` lines name it (`localhost` for a socket).
    var passwordFileHost: String {
        switch endpoint {
        case .tcp(let host, _): host
        case .socket: "localhost"
        }
    }

    var port: Int {
        switch endpoint {
        case .tcp(_, let port), .socket(_, let port): port
        }
    }
}
