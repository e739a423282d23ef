import ArgumentParser
import BoardKit
import Foundation

/// `boardkit`: converts kanban boards between formats, reports on them and serves their due
/// dates as calendar feeds. Each subcommand only parses its flags and calls BoardKit.
@main
struct Boardkit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boardkit",
        abstract: "Convert kanban boards between formats, report on them, serve their due dates as calendars, and work on a board of your own.",
        discussion: """
        Exit status: 0 done (warnings allowed), 1 the input has errors or the conversion was \
        refused, 2 wrong usage.
        """,
        version: BuildInfo.line,
        subcommands: [ConvertCommand.self, ValidateCommand.self, ReportCommand.self, ForecastCommand.self,
                      ServeCommand.self, AccessCommand.self, SampleCommand.self, FormatsCommand.self, CodesCommand.self,
                      InitCommand.self, AddCommand.self, EditCommand.self, MoveCommand.self,
                      ArchiveCommand.self, RestoreCommand.self, DeleteCommand.self, ShowCommand.self,
                      CommentCommand.self, CheckCommand.self, LinkCommand.self, AttachCommand.self,
                      HistoryCommand.self, UndoCommand.self, RedoCommand.self, SyncCommand.self, RemindCommand.self,
                      VersionCommand.self])

    /// Like ArgumentParser's `main`, but wrong usage exits 2 (the documented contract)
    /// rather than ArgumentParser's 64.
    static func main() async {
        // Past `ulimit -f` a write fails with EFBIG and the usual message and clean-up follow,
        // rather than SIGXFSZ ending the process with a temporary file left behind.
        signal(SIGXFSZ, SIG_IGN)
        let commands = configuration.subcommands.map { $0._commandName }
        if let message = UnknownCommand.message(Array(CommandLine.arguments.dropFirst()), commands: commands) {
            StandardStreams.err(message + "\n")
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            DiagnosticOutput.exit(0)
        } catch {
            let code = exitCode(for: error)
            if let exit = error as? ExitCode {
                DiagnosticOutput.exit(exit.rawValue)
            }
            if code == .success {
                exit(withError: error)
            }
            if code == .validationFailure {
                let message = fullMessage(for: error)
                StandardStreams.err(message + "\n")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
