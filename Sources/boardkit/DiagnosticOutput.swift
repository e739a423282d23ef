import ArgumentParser
import BoardKit
import BoardModel
import Foundation

/// Prints diagnostics and turns them into the command's exit status.
enum DiagnosticOutput {
    /// Prints to standard error (or `toStandardOutput`), then exits 1 if there were errors.
    static func finish(_ diagnostics: [Diagnostic], style: DiagnosticsStyle,
                       toStandardOutput: Bool = false) throws {
        let text = style == .json ? DiagnosticJSON.render(diagnostics, wordingRemedies: RemedyWords.text)
                                  : DiagnosticRendering.text(diagnostics, wordingRemedies: RemedyWords.text)
        if !text.isEmpty {
            do throws(StandardStreams.Failure) {
                // What was printed before goes first, so the lines stay in order.
                if toStandardOutput, let failure = StandardStreams.flushPrinted() { throw failure }
                try StandardStreams.write(Array(text.utf8), to: toStandardOutput ? STDOUT_FILENO : STDERR_FILENO)
            } catch {
                // Diagnostics that cannot be printed make the run a failure (say so on stderr if
                // it is stdout that failed).
                if error.stream == STDOUT_FILENO { StandardStreams.err(error.diagnostic.description + "\n") }
                throw ExitCode(1)
            }
        }
        if diagnostics.hasErrors { throw ExitCode(1) }
    }

    /// Ends the process with `status`, or 1 when what the command printed could not be
    /// written (a full disk, a closed standard output).
    static func exit(_ status: Int32) -> Never {
        if let failure = StandardStreams.flushPrinted() {
            StandardStreams.err(failure.diagnostic.description + "\n")
            Foundation.exit(1)
        }
        Foundation.exit(status)
    }

    /// `finish`, then ends the process at once with `board` still alive: freeing a board of a
    /// million cards (millions of strings and arrays) takes longer than some conversions,
    /// and the process is ending anyway.
    static func finish(_ diagnostics: [Diagnostic], style: DiagnosticsStyle, toStandardOutput: Bool = false,
                       exitingWith board: Board) -> Never {
        withExtendedLifetime(board) {
            do {
                try finish(diagnostics, style: style, toStandardOutput: toStandardOutput)
            } catch {
                exit(1)
            }
            exit(0)
        }
    }
}
