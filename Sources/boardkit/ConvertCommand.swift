import ArgumentParser
import BoardKit
import BoardModel
import BoardStore

/// `boardkit convert INPUT OUTPUT`: read any format, validate, write any format.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a board from one format to another (or normalise it).",
        discussion: "INPUT and OUTPUT may be '-' for standard input and output. Nothing is written when the input has errors; an existing OUTPUT is replaced only on success.")

    @Argument(help: "The board to read ('-' for standard input).")
    var input: String

    @Argument(help: "Where to write ('-' for standard output).")
    var output: String

    @OptionGroup var reading: ReadingFlags

    @OptionGroup var selection: FilterFlags
    @OptionGroup var writing: WritingFlags

    @Option(name: .customLong("events-out"), help: "Write the history to this events sidecar file (CSV output).")
    var eventsOut: String?

    @Flag(name: .long, help: "Treat warnings as errors.")
    var strict = false

    @Option(name: .long, help: "How to print diagnostics: text or json.")
    var diagnostics: DiagnosticsStyle = .text

    @Flag(name: .long, help: "No progress bar (it is shown only on a terminal, for runs over a second).")
    var quiet = false

    func run() throws {
        let progress = ProgressBar(quiet: quiet, labels: [.reading: "reading \(StoreLocation(input).shown)",
                                                          .writing: "writing \(StoreLocation(output).shown)"])
        // A store into a store is copied whole, log and all; a filter makes a new board of
        // the cards it keeps, imported as one step like any other board.
        if selection.filter == nil, BoardPipeline.copiesStore(input, to: output, from: reading.from, toFormat: writing.to) {
            let written = BoardPipeline.copyStore(input, to: output)
            progress.finish()
            WrittenSummary.print(output, written, after: written.diagnostics)
            return try DiagnosticOutput.finish(written.diagnostics, style: diagnostics)
        }
        let loaded = BoardPipeline.read(input, from: reading.from, options: reading.readerOptions, strict: strict)
        guard let read = loaded.board else {
            progress.finish()
            return try DiagnosticOutput.finish(loaded.diagnostics, style: diagnostics)
        }
        let board: Board
        switch WhereOption.narrow(read, where: selection.filter, now: .now()) {
        case .success(let narrowed): board = narrowed.board
        case .failure(let problem):
            progress.finish()
            return try DiagnosticOutput.finish(loaded.diagnostics + [problem], style: diagnostics)
        }
        // `--events FILE` names the sidecar of whichever side is CSV.
        let sidecar = eventsOut ?? (loaded.format == "csv" ? nil : reading.eventsIn)
        // Standard output has no extension: without --to it gets canonical JSON (the input's
        // format could be a store's or a workbook's bytes).
        let format = writing.to ?? (output == "-" ? "json" : nil)
        var options = writing.writerOptions(mapping: reading.mapping, events: sidecar, encoding: reading.encoding)
        // A store records who imported it, as its editing commands record who changed it.
        options.actor = StoreSession.loginName
        let written = BoardPipeline.write(board, to: output, format: format, options: options, strict: strict)
        progress.finish()
        WrittenSummary.print(output, written, after: loaded.diagnostics + written.diagnostics)
        DiagnosticOutput.finish(loaded.diagnostics + written.diagnostics, style: diagnostics, exitingWith: board)
    }
}
