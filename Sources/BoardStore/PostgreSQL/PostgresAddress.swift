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

    /// The query parameters boardkit honours, each at most once.
    static let parameters: Set<String> = ["board", "sslmode", "sslrootcert", "host", "port", "user", "dbname", "passfile"]

    /// Nil when `text` is not a PostgreSQL address (a file's path); `invalidAddress` when it
    /// is one that cannot be used, naming it as `shown` does. A parameter boardkit would not
    /// honour is refused rather than passed over: one it does not take, one given twice, one
    /// without a value, and one that says again what the URL says before its query.
    init?(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError) {
        guard Self.isAddress(text) else { return nil }
        let shown = Self.shown(text)
        func refuse(_ problem: StoreError.AddressProblem) -> StoreError { .invalidAddress(shown, problem: problem) }
        guard let url = URLComponents(string: text) else { throw refuse(.notAURL) }
        if url.password != nil { throw refuse(.password(parameter: nil)) }
        let items = url.queryItems ?? []
        if let secret = items.first(where: { Self.isPassword($0.name) }) { throw refuse(.password(parameter: secret.name)) }
        var query: [String: String] = [:]
        for item in items {
            guard Self.parameters.contains(item.name) else { throw refuse(.unknownParameter(item.name, known: Self.parameters.sorted())) }
            guard let value = item.value else { throw refuse(.parameterWithoutValue(item.name)) }
            guard query.updateValue(value, forKey: item.name) == nil else { throw refuse(.repeatedParameter(item.name)) }
        }
        // An IPv6 literal's brackets are the URL's, not the host's (URLComponents keeps them).
        let urlHost = url.host.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
            .map { $0.hasPrefix("[") && $0.hasSuffix("]") ? String($0.dropFirst().dropLast()) : $0 }
        let urlUser = url.user.flatMap { $0.removingPercentEncoding }
        let path = url.path.hasPrefix("/") ? String(url.path.dropFirst()) : url.path
        let urlDatabase = path.isEmpty ? nil : path.removingPercentEncoding
        let saidTwice: [(parameter: String, inURL: Bool)] = [
            ("host", urlHost != nil), ("port", url.port != nil), ("user", urlUser != nil), ("dbname", urlDatabase != nil),
        ]
        if let restated = saidTwice.first(where: { $0.inURL && query[$0.parameter] != nil }) {
            throw refuse(.restatedInQuery(restated.parameter))
        }
        let portText = url.port.map(String.init) ?? query["port"] ?? environment["PGPORT"] ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else { throw refuse(.port(portText)) }
        let host = urlHost ?? query["host"] ?? environment["PGHOST"] ?? "/var/run/postgresql"
        endpoint = host.hasPrefix("/") ? .socket(path: host + "/.s.PGSQL.\(port)", port: port) : .tcp(host: host, port: port)
        user = urlUser ?? query["user"] ?? environment["PGUSER"] ?? LoginName.current(environment: environment) ?? "postgres"
        database = urlDatabase ?? query["dbname"] ?? environment["PGDATABASE"] ?? user
        board = query["board"] ?? "board"
        guard !board.isEmpty, board.count <= 50,
              board.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }) else {
            throw refuse(.board(board))
        }
        let modeText = query["sslmode"] ?? environment["PGSSLMODE"] ?? "prefer"
        guard let mode = SSLMode(rawValue: modeText) else {
            throw refuse(.sslMode(modeText, accepted: SSLMode.allCases.map(\.rawValue)))
        }
        sslMode = mode
        rootCertificate = query["sslrootcert"] ?? environment["PGSSLROOTCERT"]
        passwordFile = query["passfile"]
        self.text = text
    }

    /// `text` as a message may show it: without a password, wherever the address holds one
    /// (before the `@`, `password=`, `sslpassword=`). Where a password would end in text too
    /// broken to read as a URL cannot be told, so such text that could hold one (an `@`, or
    /// "password" anywhere) is shown as its scheme alone.
    static func shown(_ text: String) -> String {
        let scheme = String(text.prefix { $0 != ":" }) + "://…"
        guard var url = URLComponents(string: text) else {
            return text.contains("@") || text.lowercased().contains("password") ? scheme : text
        }
        let items = url.percentEncodedQueryItems ?? []
        let isSecret = { (item: URLQueryItem) in Self.isPassword(item.name.removingPercentEncoding ?? item.name) }
        guard url.password != nil || items.contains(where: isSecret) else { return text }
        url.password = nil
        let kept = items.filter { !isSecret($0) }
        url.percentEncodedQueryItems = kept.isEmpty ? nil : kept
        return url.string ?? scheme
    }

    /// A parameter that holds a password (libpq's `password` and `sslpassword`, in any case).
    private static func isPassword(_ parameter: String) -> Bool {
        ["password", "sslpassword"].contains(parameter.lowercased())
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
