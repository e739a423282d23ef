import ArgumentParser
import BoardKit
import BoardModel

/// `boardkit validate FILE`: print every diagnostic; exit 1 when there are errors.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a board and print its diagnostics.")

    @Argument(help: "The board to check ('-' for standard input).")
    var input: String

    @OptionGroup var reading: ReadingFlags

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Option(name: .long, help: "How to print diagnostics: text or json.")
    var diagnostics: DiagnosticsStyle = .text

    func run() throws {
        let loaded = BoardPipeline.read(input, from: reading.from, options: reading.readerOptions, strict: strict)
        if diagnostics == .text, !loaded.diagnostics.hasErrors, let board = loaded.board {
            print("\(input): \(Counted(board.cards.count, "card")), \(Counted(board.states.count, "state")), \(Counted(board.events.count, "event")) (\(loaded.format ?? "?"))")
        }
        guard let board = loaded.board else {
            return try DiagnosticOutput.finish(loaded.diagnostics, style: diagnostics, toStandardOutput: true)
        }
        DiagnosticOutput.finish(loaded.diagnostics, style: diagnostics, toStandardOutput: true, exitingWith: board)
    }
}
