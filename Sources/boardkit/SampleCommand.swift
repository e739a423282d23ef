import ArgumentParser
import BoardKit
import BoardModel
import BoardSample

/// `boardkit sample`: a realistic generated board for tests, demos and benchmarks.
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Generate a realistic board (any output format, from the extension).")

    @Option(name: .long, help: "Number of cards.")
    var cards = 40

    @Option(name: .long, help: "Weeks of history.")
    var weeks = 8

    @Option(name: .long, help: "Random seed: the same seed gives the same board.")
    var seed: UInt64 = 1

    @Option(name: .long, help: "End of the history, an ISO 8601 instant (default 2026-11-20T09:00:00Z).")
    var until: String?

    @Option(name: .shortAndLong, help: "Where to write ('-' for standard output).")
    var output: String

    @Option(name: .long, help: "Output format (default: from the extension).")
    var to: String?

    func validate() throws {
        guard cards >= 0 else { throw ValidationError("--cards must be 0 or more") }
        guard weeks >= 1 else { throw ValidationError("--weeks must be 1 or more") }
        if let until, ISO8601.parseInstant(until) == nil {
            throw ValidationError("--until takes an instant with an offset, such as 2026-11-20T09:00:00Z")
        }
    }

    func run() throws {
        let end = until.flatMap(ISO8601.parseInstant) ?? SampleBoard.defaultUntil
        let progress = ProgressBar(quiet: false, labels: [.writing: "writing \(output)"])
        let board = SampleBoard(cards: cards, weeks: weeks, seed: seed, until: end).generate()
        let written = BoardPipeline.write(board, to: output, format: to ?? (output == "-" ? "json" : nil))
        progress.finish()
        WrittenSummary.print(output, written, after: written.diagnostics)
        try DiagnosticOutput.finish(written.diagnostics, style: .text)
    }
}
