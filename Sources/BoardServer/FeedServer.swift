import BoardModel
import BoardIO
import BoardStore
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization
import HTTPTypes

/// `boardkit serve`: boards over HTTP (Hummingbird), one secret URL per board: the board
/// page and its API (changes through BoardStore when the board is a store, read-only
/// otherwise), the calendar feed and the live report, each following the file as it changes.
public struct FeedServer: Sendable {
    /// What to serve and how.
    public struct Configuration: Sendable {
        /// (name in the URL, board file in any format boardkit reads).
        public var boards: [(name: String, path: String)]
        public var host: String
        /// 0 picks a free port (reported to `onRunning`).
        public var port: Int
        /// Serve gzip to clients that ask for it (off with `--no-gzip`: it has broken
        /// Outlook subscriptions).
        public var gzip: Bool
        /// Where the secret tokens are kept.
        public var stateFile: String
        public var readerOptions: ReaderOptions
        public var writerOptions: WriterOptions
        /// How a store's changes reach the disk: grouped (the changes that arrive together share
        /// one transaction and one fsync, each still its own step, each answered once on disk).
        public var commits: CommitMode = .grouped
        /// Where people reach the server behind a reverse proxy (`--public-url`): the printed
        /// URLs start with it, and its host is the one other origin a page's write may come
        /// from (a proxy's X-Forwarded-Host is never taken on trust).
        public var publicURL: String?
        /// Serve boards without people open (anyone with the open link changes them under the
        /// name they type) beyond this machine: on a loopback address they are served open anyway.
        public var open = false
        /// A company login in front (`--trust-proxy`): the proxies' addresses (CIDR), the header
        /// they name the person in, and the role of people the board does not list.
        public var trustedProxies: [String] = []
        public var userHeader = "Remote-User"
        public var proxyRole: AccessRole = .viewer
        /// Requests one address may make per minute that open nothing (a wrong or revoked
        /// link) before every request from it is answered 429 for the rest of the minute;
        /// 0: no limit (`--failed-attempts`).
        public var failedAttempts = 30
        /// The most connections the server keeps to one PostgreSQL database, shared by all its
        /// boards there (`--database-connections`).
        public var databaseConnections = BoardStore.defaultDatabaseConnections

        public init(boards: [(name: String, path: String)], host: String = "127.0.0.1", port: Int = 8080,
                    gzip: Bool = true, stateFile: String = TokenStore.defaultPath,
                    readerOptions: ReaderOptions = ReaderOptions(), writerOptions: WriterOptions = WriterOptions()) {
            self.boards = boards
            self.host = host
            self.port = port
            self.gzip = gzip
            self.stateFile = stateFile
            self.readerOptions = readerOptions
            self.writerOptions = writerOptions
        }
    }

    /// Why the server did not start, said as diagnostics (`diagnostics`).
    public enum StartFailure: Error, CustomStringConvertible {
        case badName(String)
        case duplicateName(String)
        case tokens(TokenStore.Failure)
        case board(String, [Diagnostic])
        case store(String, StoreError)
        /// The page's stylesheet or script is missing from the installation (where it was looked for).
        case assets(String)
        /// A `--trust-proxy` value that is not an address or CIDR range.
        case proxyRange(String)
        /// A `--user-header` that is not a header name.
        case userHeader(String)
        /// Even one board's store would leave too few descriptors for connections.
        case openFiles(needed: Int, limit: Int)

        /// Each coded and located: a flag's problem at the flag, a board's at its file.
        public var diagnostics: [Diagnostic] {
            switch self {
            case .badName(let name): return [Diagnostic(ServeMessage.badBoardName(name), at: SourceLocation(file: "--board"))]
            case .duplicateName(let name): return [Diagnostic(ServeMessage.boardNameTwice(name), at: SourceLocation(file: "--board"))]
            case .tokens(.unreadable(let path, let why)):
                return [Diagnostic(ServeMessage.tokenFile(saving: false, reason: why), at: SourceLocation(file: path))]
            case .tokens(.unwritable(let path, let why)):
                return [Diagnostic(ServeMessage.tokenFile(saving: true, reason: why), at: SourceLocation(file: path))]
            case .board(_, let diagnostics): return diagnostics
            case .store(_, let error): return [error.diagnostic]
            case .assets(let folder): return [Diagnostic(ServeMessage.assetsMissing, at: SourceLocation(file: folder))]
            case .proxyRange(let text): return [Diagnostic(ServeMessage.badProxyRange(text), at: SourceLocation(file: "--trust-proxy"))]
            case .userHeader(let name): return [Diagnostic(ServeMessage.badUserHeader(name), at: SourceLocation(file: "--user-header"))]
            case .openFiles(let needed, let limit):
                return [Diagnostic(ServeMessage.tooFewOpenFiles(needed: needed, limit: limit), at: SourceLocation(file: "ulimit -n"))]
            }
        }

        /// The diagnostics as `serve` prints them (and its log says a failed reload).
        public var description: String {
            DiagnosticRendering.text(diagnostics)
        }
    }

    public let configuration: Configuration
    /// The boards served now (a reload replaces them).
    let boards: ServedBoards
    let assets: PageAssets
    let gate: AccessGate
    let logger: Logger
    /// The open-file limit, raised at start; a reload's boards are checked against it.
    let fileLimit: OpenFileLimit
    /// The boards' stores open now, within the descriptors the limit leaves them.
    let stores: OpenStores

    /// Checks what can be refused before listening: the names, the company login, the
    /// limit on open files. The boards are read by `run`, once the server listens.
    public init(configuration: Configuration, logger: Logger) throws(StartFailure) {
        guard let assets = PageAssets.load() else { throw .assets(PageAssets.folder) }
        self.gate = AccessGate(login: try Self.companyLogin(configuration), allowsOpen: Self.allowsOpen(configuration), logger: logger)
        let limit = OpenFileLimit.raised()
        if let before = limit.raisedFrom { logger.info("open-file limit raised from \(before) to \(limit.soft) (the hard limit)") }
        try ServedBoards.check(configuration, limit: limit)
        BoardStore.databaseConnections = configuration.databaseConnections
        self.stores = OpenStores(room: limit.roomForStores(inUse: OpenFileLimit.inUse() ?? 0))
        self.boards = ServedBoards()
        self.fileLimit = limit
        self.configuration = configuration
        self.assets = assets
        self.logger = logger
    }

    /// Loads (or creates) the tokens and reads every board once, each served as soon as it
    /// is read (a thousand boards take seconds: the first answers at once).
    func openBoards() async throws(StartFailure) {
        let opened = await BlockingWork.run { [self] () -> Result<[ServedBoards.Board], StartFailure> in
            Result { () throws(StartFailure) in
                try ServedBoards.open(configuration, limit: fileLimit, stores: stores, logger: logger,
                                      preferring: { boards.asked }, each: boards.add)
            }
        }
        boards.replace(with: try opened.get())
        logAccess()
    }

    /// Boards without people are served open on a loopback address, or anywhere with `--open`;
    /// behind a public URL the server is reached from elsewhere, whatever it listens on.
    static func allowsOpen(_ configuration: Configuration) -> Bool {
        configuration.open || (IPRange.isLoopback(host: configuration.host) && configuration.publicURL == nil)
    }

    private static func companyLogin(_ configuration: Configuration) throws(StartFailure) -> CompanyLogin? {
        guard !configuration.trustedProxies.isEmpty else { return nil }
        var ranges: [IPRange] = []
        for text in configuration.trustedProxies {
            guard let range = IPRange(text) else { throw .proxyRange(text) }
            ranges.append(range)
        }
        guard let header = HTTPField.Name(configuration.userHeader) else { throw .userHeader(configuration.userHeader) }
        return CompanyLogin(proxies: ranges, header: header, role: configuration.proxyRole)
    }

    /// One line per board saying how people get in, so an open board is never open unawares.
    private func logAccess() {
        for board in boards.all where board.isOpen {
            if gate.allowsOpen {
                logger.notice("\(board.feed.name): no people have access yet, so it is served open: anyone with its board link changes it under the name they type (boardkit access add gives people their own links)")
            } else {
                logger.notice("\(board.feed.name): no people have access, and open mode is for this machine only: its page is not served (feeds are); give people access with boardkit access add, or serve it open with --open")
            }
        }
    }

    /// The boards in the order configured.
    public var feeds: [BoardFeed] { boards.all.map(\.feed) }

    /// Serves the boards of `configuration` from now on (SIGHUP), keeping the ones that did
    /// not change; the host and port stay as they were (they need a restart). On a failure
    /// the boards served stay as they were.
    public func reload(_ configuration: Configuration) throws(StartFailure) {
        try ServedBoards.check(configuration, limit: fileLimit)
        let opened = try ServedBoards.open(configuration, reusing: boards.all, limit: fileLimit, stores: stores, logger: logger)
        // Only a reload that succeeded changes anything, its connections' limit included.
        BoardStore.databaseConnections = configuration.databaseConnections
        boards.replace(with: opened)
    }

    /// Every route under a board's `/TOKEN/NAME` and the reach it needs (`feeds`, `read`,
    /// `write`, `admin`), as `serve --routes` prints them for proxy rules and tests.
    public static var routes: [(method: String, path: String, reach: String)] {
        BoardRoutes.all.map { ($0.method.rawValue, $0.path, $0.reach.description) }
    }

    /// What stands in a board URL's token place behind a company login: `/-/team/`.
    public static let loginPathToken = CompanyLogin.pathToken

    /// Letters, digits, `.`, `_`, `-`, and not `.` or `..`: what a board name in a URL may be.
    static func isBoardName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { ICSNameBytes.contains($0) } && name != "." && name != ".."
    }

    /// The paths each board is served at (append to `http://host:port`): its feed and report
    /// by its feed link (nil once rotated elsewhere), its page by its open link (nil when it
    /// has people, or when open mode is not served here: each person has their own).
    public func paths(of feed: BoardFeed) -> (calendar: String?, report: String?, page: String?) {
        guard let board = boards.board(named: feed.name) else { return (nil, nil, nil) }
        let feedToken = board.feedLinkCurrent ? board.secrets.feed : nil
        return (feedToken.map { "/\($0)/\(feed.name).ics" }, feedToken.map { "/\($0)/\(feed.name)/report.html" },
                board.isOpen && gate.allowsOpen ? "/\(board.secrets.open)/\(feed.name)/" : nil)
    }

    /// True when the board is a store, so its page can change it.
    public func isWritable(_ feed: BoardFeed) -> Bool {
        boards.all.first { $0.feed.name == feed.name }?.desk.store != nil
    }

    /// The Hummingbird application: routes, request log, header limits.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        let page = PageResponder(boards: boards, assets: assets)
        let router = Router(context: BoardRequestContext.self)
        router.add(middleware: RequestLog(logger: logger))
        BoardRoutes(boards: boards, gate: gate, attempts: FailedAttempts(limit: configuration.failedAttempts),
                    writes: WriteGuard(publicAuthority: configuration.publicURL.flatMap(PageRequest.authority(of:))),
                    responders: Responders(feeds: FeedResponder(gzip: configuration.gzip), page: page))
            .add(to: router)
        // Headers beyond 16 KiB are refused (431/400) before any handler runs.
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .seconds(60),
            httpDecoderConfiguration: .init(maxHeaderFieldSize: 16 * 1024, maxHeaderListSize: 16 * 1024,
                                            maxHeaderFieldCount: 100))
        return Application(
            responder: PublicPathPrefix(publicURL: configuration.publicURL, inner: router.buildResponder()),
            server: .http1(configuration: http1),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "boardkit"),
            onServerRunning: { [logger] channel in
                await AcceptFailureLog.install(on: channel, logger: logger)
                await onRunning(channel.localAddress?.port ?? 0)
            },
            logger: logger)
    }

    /// Listens, reads the boards (`openBoards`), then calls `onRunning` with the port, and
    /// serves until SIGINT or SIGTERM, then finishes the requests in flight and returns. A
    /// board that cannot be served stops the server, its `StartFailure` thrown.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let start = Start()
        let app = application { [self] port in
            // Beside the server, which takes connections only once this returns.
            Task {
                do throws(StartFailure) {
                    try await openBoards()
                } catch {
                    await start.stop(error)
                    return
                }
                await onRunning(port)
            }
        }
        let services = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        start.group.withLock { $0 = services }
        try await services.run()
        if let failure = start.failure.withLock({ $0 }) { throw failure }
    }

    /// How a start that fails after listening stops the server it started.
    private final class Start: Sendable {
        let group = Mutex<ServiceGroup?>(nil)
        let failure = Mutex<StartFailure?>(nil)

        func stop(_ error: StartFailure) async {
            failure.withLock { $0 = error }
            await group.withLock { $0 }?.triggerGracefulShutdown()
        }
    }
}

/// Letters, digits, `.`, `_`, `-`: what a board name in a URL may hold.
private let ICSNameBytes: Set<UInt8> = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".utf8))
