import ArgumentParser
import BoardKit
import BoardModel
import BoardServer
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

    @Option(name: .long, help: "Address to listen on (127.0.0.1 keeps it on this machine).")
    var host = "127.0.0.1"

    @Option(name: .long, help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @Flag(name: .customLong("no-gzip"), help: "Never gzip responses (it has broken Outlook subscriptions).")
    var noGzip = false

    @Option(name: .customLong("state-file"), help: "Where the secret tokens are kept (default: ~/.config/boardkit/serve-tokens.json).")
    var stateFile: String?

    @Flag(name: .long, help: "Log only errors, not one line per request.")
    var quiet = false

    @OptionGroup var reading: ReadingFlags

    @Option(name: .long, help: "Calendar component: event (Google), todo (Thunderbird, Apple Reminders), or both.")
    var component: CalendarOptions.Component = .event

    @Option(name: .long, help: ArgumentHelp("Calendar reminder before the due date, such as -P1D or -PT2H (repeatable).", valueName: "DURATION"))
    var alarm: [String] = []

    @Flag(name: .customLong("include-done"), help: "Keep finished cards in the feeds.")
    var includeDone = false

    @Flag(name: .customLong("show-state"), help: "Show the state in event titles ([DOING] Fix login).")
    var showState = false

    func validate() throws {
        guard !boards.isEmpty else { throw ValidationError("give at least one --board NAME=PATH") }
        for entry in boards where !entry.contains("=") {
            throw ValidationError("--board takes NAME=PATH, e.g. team=board.json; got '\(entry)'")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535") }
    }

    func run() async throws {
        let pairs = boards.map { entry -> (name: String, path: String) in
            let parts = entry.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        let writer = WriterOptions(calendar: CalendarOptions(component: component, alarms: alarm,
                                                             includeDone: includeDone, showState: showState))
        let config = FeedServer.Configuration(
            boards: pairs, host: host, port: port, gzip: !noGzip,
            stateFile: stateFile ?? TokenStore.defaultPath,
            readerOptions: reading.readerOptions, writerOptions: writer)
        var logger = Logger(label: "boardkit.serve")
        logger.logLevel = quiet ? .error : .info
        let server: FeedServer
        do {
            server = try FeedServer(configuration: config, logger: logger)
        } catch {
            StandardStreams.err("boardkit serve: \(error)\n")
            throw ExitCode(1)
        }
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        try await server.run { boundPort in
            var lines = ""
            for feed in server.feeds {
                let paths = server.paths(of: feed)
                lines += "\(feed.name): http://\(host):\(boundPort)\(paths.calendar)\n"
                lines += "\(feed.name) report: http://\(host):\(boundPort)\(paths.report)\n"
                lines += "\(feed.name) board: http://\(host):\(boundPort)\(paths.page)"
                    + (server.isWritable(feed) ? "\n" : " (read-only: not a store)\n")
            }
            // Written straight away (not buffered) so scripts waiting for the URL see it.
            do throws(StandardStreams.Failure) {
                try StandardStreams.out(Array(lines.utf8))
            } catch {
                StandardStreams.err(error.diagnostic.description + "\n")
            }
        }
    }
}
