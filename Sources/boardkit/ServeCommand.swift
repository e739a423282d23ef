import ArgumentParser
import BoardKit
import BoardModel
import BoardIO
import BoardServer
import BoardStore
import Foundation
import Logging

/// `boardkit serve --board team=board.json`: each board's due dates as a calendar feed that
/// Google, Apple, Outlook and Thunderbird subscribe to, plus a live weekly report page.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve boards as web pages, calendar feeds and live weekly reports.",
        discussion: """
        Each board gets a secret URL, printed at start: http://HOST:PORT/TOKEN/NAME/ is the board page \
        (a store's board can be changed there: add, edit, move, undo; any other file is shown read-only), \
        …/TOKEN/NAME.ics the calendar feed, …/TOKEN/NAME/report.html the weekly report. Tokens are kept \
        in the state file so subscriptions survive restarts. The board file is followed: a change made \
        elsewhere shows in the next response. Stop with Ctrl-C (SIGINT) or SIGTERM.
        """)

    @Option(name: .customLong("board"), help: ArgumentHelp("A board to serve, NAME=PATH (repeatable); PATH in any format boardkit reads.", valueName: "NAME=PATH"))
    var boards: [String] = []

    @Option(name: .long, help: ArgumentHelp("Read the boards and settings from a YAML file (docs/serve.md); a flag given beside it wins over the file's setting. SIGHUP reads it again.", valueName: "FILE"))
    var config: String?

    @Option(name: .customLong("public-url"), help: ArgumentHelp("Where people reach the server, behind a reverse proxy (the printed URLs start with it).", valueName: "URL"))
    var publicURL: String?

    // Host and port have no defaults here: one given is told from none, which leaves the
    // configuration file's (`FeedServer.Configuration` holds the defaults).
    @Option(name: .long, help: "Address to listen on (default: 127.0.0.1, which keeps it on this machine).")
    var host: String?

    @Option(name: .long, help: "Port to listen on (default: 8080; 0 picks a free one).")
    var port: Int?

    @Flag(name: .customLong("no-gzip"), help: "Never gzip responses (it has broken Outlook subscriptions).")
    var noGzip = false

    @Option(name: .customLong("state-file"), help: "Where the secret tokens are kept (default: ~/.config/boardkit/serve-tokens.json).")
    var stateFile: String?

    @Option(name: .long, help: "How a store's changes reach the disk: grouped (changes that arrive together share one fsync, each answered once it is on disk) or each (one fsync per change, for comparison).")
    var commit: CommitChoice = .grouped

    enum CommitChoice: String, ExpressibleByArgument, CaseIterable {
        case grouped, each
        var mode: CommitMode { self == .grouped ? .grouped : .each }
    }

    @Flag(name: .long, help: "Serve boards without people open (anyone with the board link changes them, under a typed name) beyond this machine; on 127.0.0.1 they are open anyway.")
    var open = false

    @Option(name: .customLong("trust-proxy"), parsing: .upToNextOption, help: ArgumentHelp("Addresses (or CIDR ranges) of a company login's reverse proxy: a request from one names its person in --user-header.", valueName: "CIDR"))
    var trustProxy: [String] = []

    @Option(name: .customLong("user-header"), help: "The header the trusted proxy names the person in (default: Remote-User).")
    var userHeader: String?

    @Option(name: .customLong("proxy-role"), help: "The role of a person the proxy names whom the board's people do not list: viewer (default), editor or admin.")
    var proxyRole: AccessRoleChoice?

    @Option(name: .customLong("failed-attempts"), help: ArgumentHelp("Requests one address may make per minute with a link that opens nothing before all its requests are answered 429 for the rest of the minute (default 30; 0: no limit).", valueName: "N"))
    var failedAttempts: Int?

    @Option(name: .customLong("database-connections"), help: ArgumentHelp("The most connections kept to one PostgreSQL database, shared by all the boards served from it (default \(BoardStore.defaultDatabaseConnections)).", valueName: "N"))
    var databaseConnections: Int?

    @Flag(name: .long, help: "Print every route under a board's URL with the reach it needs (feeds, read, write, admin), and exit.")
    var routes = false

    @Flag(name: .long, help: "Log only errors, not one line per request.")
    var quiet = false

    @Flag(name: .long, help: "Log each read of a board's store too (it is read once per change, whatever is asked).")
    var verbose = false

    @OptionGroup var reading: ReadingFlags

    @OptionGroup var calendar: CalendarFlags

    func validate() throws {
        if routes { return }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0…65535") }
        if let failedAttempts, failedAttempts < 0 { throw ValidationError("--failed-attempts must be 0 (no limit) or more") }
        if let databaseConnections, databaseConnections < 1 { throw ValidationError("--database-connections must be 1 or more") }
        if quiet && verbose { throw ValidationError("--quiet and --verbose say opposite things: give one") }
        if config != nil {
            guard boards.isEmpty else { throw ValidationError("give the boards with --board or in --config, not both") }
            return
        }
        guard !boards.isEmpty else { throw ValidationError("give at least one --board NAME=PATH (or --config FILE)") }
        for entry in boards where !entry.contains("=") {
            throw ValidationError("--board takes NAME=PATH, e.g. team=board.json; got '\(entry)'")
        }
    }

    func run() async throws {
        if routes {
            for route in FeedServer.routes {
                print("\(route.method.padding(toLength: 7, withPad: " ", startingAt: 0)) /TOKEN/NAME\(route.path.isEmpty ? "/" : route.path)  \(route.reach)")
            }
            return
        }
        let settings = try self.settings()
        var logger = Logger(label: "boardkit.serve")
        logger.logLevel = settings.quiet ? .error : verbose ? .debug : .info
        let server: FeedServer
        do {
            server = try FeedServer(configuration: settings.configuration, logger: logger)
        } catch {
            try DiagnosticOutput.finish(error.diagnostics, style: .text)
            throw ExitCode(1)
        }
        let reload = ReloadOnHangUp { [self, logger] in
            // SIGHUP: the file again with the same flags over it (or the same flags), the
            // boards swapped in place.
            do {
                try server.reload(try self.settings().configuration)
                logger.info("reloaded: \(server.feeds.map(\.name).joined(separator: ", "))")
            } catch {
                logger.error("reload failed, still serving the previous boards:\n\(error)")
            }
        }
        defer { reload.cancel() }
        let host = settings.configuration.host.contains(":") ? "[\(settings.configuration.host)]" : settings.configuration.host
        do {
            try await server.run { boundPort in
                let local = "http://\(host):\(boundPort)"
                let base = settings.configuration.publicURL ?? local
                // Behind a proxy the printed URLs are the public ones; where it listens is said first.
                var lines = settings.configuration.publicURL == nil ? "" : "listening on \(local)\n"
                for feed in server.feeds {
                    lines += Self.urls(of: feed, server: server, base: base, login: !settings.configuration.trustedProxies.isEmpty)
                }
                // Written straight away (not buffered) so scripts waiting for the URL see it.
                do throws(StandardStreams.Failure) {
                    try StandardStreams.out(Array(lines.utf8))
                } catch {
                    StandardStreams.err(error.diagnostic.description + "\n")
                }
            }
        } catch let failure as FeedServer.StartFailure {
            try DiagnosticOutput.finish(failure.diagnostics, style: .text)
            throw ExitCode(1)
        }
    }

    /// What `serve` prints for one board: its feed, report and page URLs, each with the link
    /// that opens it, or where to find the link instead.
    static func urls(of feed: BoardFeed, server: FeedServer, base: String, login: Bool) -> String {
        let paths = server.paths(of: feed)
        let rotated = "(the store's feed link is not this state file's: rotated, or made by a serve with another --state-file; 'boardkit access rotate' prints a new one)"
        var lines = "\(feed.name): " + (paths.calendar.map { base + $0 } ?? rotated) + "\n"
        if let calendar = paths.calendar {
            lines += "\(feed.name) feed of one person: \(base)\(calendar)?assignee=NAME (also label=, state=, due=week: docs/filter.md)\n"
        }
        lines += "\(feed.name) report: " + (paths.report.map { base + $0 } ?? rotated) + "\n"
        let readOnly = server.isWritable(feed) ? "" : (!feed.isStore ? " (read-only: not a store)" : " (read-only: the store is on read-only media)")
        if let page = paths.page {
            lines += "\(feed.name) board: \(base)\(page)\(readOnly)\n"
        } else if login {
            lines += "\(feed.name) board: \(base)/\(FeedServer.loginPathToken)/\(feed.name)/ (through the company login)\(readOnly)\n"
        } else {
            lines += "\(feed.name) board: each person's own link (boardkit access add NAME --board \(feed.path))\(readOnly)\n"
        }
        return lines
    }

    /// The settings to serve with: the configuration file's (`--config`), else the defaults
    /// with the boards of `--board`; then each flag given in place of what they say, so a
    /// flag wins over the file (a unit's `--port` beside a serve.yaml it shares). The file
    /// has no settings for how boards are read: the reading flags say it either way.
    private func settings() throws -> ServeConfigFile.Settings {
        let pairs = boards.map { entry -> (name: String, path: String) in
            let parts = entry.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        var settings = try config.map { try Self.read($0) }
            ?? ServeConfigFile.Settings(configuration: FeedServer.Configuration(boards: pairs), quiet: false)
        if let host { settings.configuration.host = host }
        if let port { settings.configuration.port = port }
        if let stateFile { settings.configuration.stateFile = stateFile }
        if let publicURL { settings.configuration.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        if noGzip { settings.configuration.gzip = false }
        if quiet { settings.quiet = true }
        if open { settings.configuration.open = true }
        if !trustProxy.isEmpty { settings.configuration.trustedProxies = trustProxy }
        if let userHeader { settings.configuration.userHeader = userHeader }
        if let proxyRole { settings.configuration.proxyRole = proxyRole.role }
        if let failedAttempts { settings.configuration.failedAttempts = failedAttempts }
        if let databaseConnections { settings.configuration.databaseConnections = databaseConnections }
        settings.configuration.commits = commit.mode
        settings.configuration.readerOptions = reading.readerOptions
        settings.configuration.writerOptions.calendar = calendar.options(over: settings.configuration.writerOptions.calendar)
        return settings
    }

    /// A configuration file, or its diagnostics and exit 1.
    private static func read(_ path: String) throws -> ServeConfigFile.Settings {
        switch ServeConfigFile.read(path) {
        case .success(let settings): return settings
        case .failure(let failure):
            try DiagnosticOutput.finish(failure.diagnostics, style: .text)
            throw ExitCode(1)
        }
    }
}

/// Runs `action` on each SIGHUP (which would otherwise end the process), until cancelled.
final class ReloadOnHangUp: @unchecked Sendable {
    /// Set once; DispatchSource is thread-safe but not marked Sendable.
    private let source: any DispatchSourceSignal

    init(_ action: @escaping @Sendable () -> Void) {
        signal(SIGHUP, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        source.setEventHandler(handler: action)
        source.resume()
    }

    func cancel() { source.cancel() }
}
