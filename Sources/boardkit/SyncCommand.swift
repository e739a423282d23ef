import ArgumentParser
import BoardKit
import BoardModel
import BoardStore
import BoardSync
import BoardIO
import Foundation

/// `boardkit sync [URL]`: two-way sync of the store with a CalDAV to-do list.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Sync the board both ways with a CalDAV to-do list (Nextcloud, Radicale, Fastmail…).",
        discussion: """
        Each card is a to-do; a to-do finished in another app moves its card to done. The store \
        remembers the URL and the user, so later a plain 'boardkit sync' does it. The password \
        comes from --password-file or $BOARDKIT_CALDAV_PASSWORD, never from the command line.
        """)

    @Argument(help: "The collection's URL (remembered after the first sync).")
    var url: String?

    @OptionGroup var store: BoardFlag

    @Option(name: .long, help: "The server's user name (remembered).")
    var user: String?

    @Option(name: .customLong("password-file"), help: ArgumentHelp("A file whose first line is the password.", valueName: "FILE"))
    var passwordFile: String?

    @Flag(name: .customLong("dry-run"), help: "Say what would change, both ways; change nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Do not verify the server's HTTPS certificate.")
    var insecure = false

    @Option(name: .long, help: ArgumentHelp("A reminder before each due date, such as -P1D or -PT2H (repeatable); remembered for later syncs.",
                                            valueName: "DURATION"))
    var alarm: [String] = []

    @Flag(name: .customLong("no-alarm"), help: "Remove the reminders boardkit wrote (and stop writing them).")
    var noAlarm = false

    @Flag(name: .customLong("force-delete"),
          help: "Delete the cards of to-dos gone from the server even when all or most of them went (refused otherwise).")
    var forceDelete = false

    @Flag(name: .customLong("new-remote"),
          help: "Sync with the URL as a new collection: forget the one remembered, put every card there, delete nothing.")
    var newRemote = false

    @Flag(name: .long, help: "Exit 1 (sync-incomplete) when a to-do that changed on the server meanwhile was left for the next sync.")
    var complete = false

    @Flag(name: .long, help: "No progress bar (it is shown only on a terminal, for runs over a second).")
    var quiet = false

    func run() async throws {
        let progress = ProgressBar(quiet: quiet, labels: [.receiving: "fetching changed to-dos", .sending: "sending changed cards"])
        let report: SyncReport
        let session: StoreSession
        do {
            // Cleared before anything is printed, whichever way the sync ends.
            defer { progress.finish() }
            session = try StoreSession(path: store.path, actor: nil)
            var options = SyncOptions(url: url, user: user, insecure: insecure, dryRun: dryRun,
                                      alarms: noAlarm ? [] : alarm.isEmpty ? nil : alarm,
                                      forceDelete: forceDelete, newRemote: newRemote)
            options.password = try password()
            try DiagnosticOutput.finish(BoardSync.cautions(session.store, options: options), style: .text)
            report = try await BoardSync.run(session.store, options: options)
        } catch let stopped as SyncStopped {
            // What the sync warned of before it stopped is said too: the next one does not
            // read those to-dos again.
            var d = stopped.error.diagnostic
            if d.location == nil { d.location = SourceLocation(file: store.path) }
            try DiagnosticOutput.finish(stopped.warnings + [d], style: .text)
            return
        } catch let error as SyncError {
            var d = error.diagnostic
            if d.location == nil { d.location = SourceLocation(file: store.path) }
            try DiagnosticOutput.finish([d], style: .text)
            return
        } catch let error as StoreError {
            var d = error.diagnostic
            if d.location == nil { d.location = SourceLocation(file: store.path) }
            try DiagnosticOutput.finish([d], style: .text)
            return
        }
        try DiagnosticOutput.finish(report.warnings, style: .text)
        let text = session.sentences()
        for event in report.pulled { print(text.clause(event)) }
        if report.dryRun { for line in report.planned { print(line) } }
        print(SyncSummary.line(report, store: store.path))
        if complete, report.left > 0 {
            try DiagnosticOutput.finish([SyncError.incomplete(url: report.url, left: report.left).diagnostic], style: .text)
        }
    }

    /// The password: the file's first line, else the environment; nil when neither.
    private func password() throws(SyncError) -> String? {
        if let passwordFile {
            let first: String
            switch PasswordFile.text(of: passwordFile) {
            case .success(let text): first = PasswordFile.firstLine(of: text)
            case .failure(let failure): throw .passwordFile(path: passwordFile, message: SystemError.text(failure.errno))
            }
            if first.isEmpty { throw .emptyPassword(path: passwordFile) }
            return first
        }
        return ProcessInfo.processInfo.environment["BOARDKIT_CALDAV_PASSWORD"]
    }
}

/// The last line a sync prints.
enum SyncSummary {
    static func line(_ r: SyncReport, store: String) -> String {
        let verb = r.dryRun ? "Would sync" : "Synced"
        return "\(verb) \(store) with \(r.url): from the server \(Counted(r.added, "new card")), \(Counted(r.updated, "card")) changed, "
            + "\(r.deleted) deleted; to the server \(Counted(r.created, "new to-do")), \(Counted(r.pushed, "to-do")) changed, "
            + "\(r.removed) removed; \(Counted(r.conflicts, "conflict"))\(r.conflicts > 0 ? " (see boardkit history)" : "")"
            + (r.left > 0 ? "; \(Counted(r.left, "to-do")) changed on the server meanwhile, left for the next sync" : "")
            + (r.refused > 0 ? "; \(Counted(r.refused, "to-do")) refused by the server (see the warnings above)." : ".")
    }
}
