import ArgumentParser
import BoardModel
import Foundation

/// Prints diagnostics and turns them into the command's exit status.
enum DiagnosticOutput {
    /// Prints to standard error (or `toStandardOutput`), then exits 1 if there were errors.
    static func finish(_ diagnostics: [Diagnostic], style: DiagnosticsStyle,
                       toStandardOutput: Bool = false) throws {
        let text = style == .json ? DiagnosticRendering.json(diagnostics)
                                  : DiagnosticRendering.text(diagnostics)
        if !text.isEmpty {
            let handle = toStandardOutput ? FileHandle.standardOutput : FileHandle.standardError
            handle.write(Data(text.utf8))
        }
        if diagnostics.hasErrors { throw ExitCode(1) }
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
                Foundation.exit(1)
            }
            Foundation.exit(0)
        }
    }
}

/// A one-line progress note on standard error, only when it is a terminal.
struct ProgressLine {
    private let enabled = isatty(STDERR_FILENO) != 0

    func show(_ text: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(text)".utf8))
    }

    func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
