import ArgumentParser
import BoardKit
import BoardModel
import BoardStore

/// `boardkit init`: a new store, empty or imported from any file boardkit reads.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a board's store: empty (To do / Doing / Done) or imported from a file.",
        discussion: "Never overwrites an existing file. An import is one step: 'boardkit undo' takes it back.")

    @OptionGroup var store: StoreFlags

    @Option(name: .long, help: ArgumentHelp("A board to import, in any format boardkit reads (history included).", valueName: "FILE"))
    var from: String?

    @Option(name: .long, help: "The format of --from (default: from its extension and content).")
    var format: String?

    @Option(name: .long, help: "The board's name (default: the imported board's, else the file's name).")
    var name: String?

    @OptionGroup var reader: ReaderFlags

    @OptionGroup var actor: ActorFlag

    @Flag(name: .long, help: "Treat warnings in the imported file as errors.")
    var strict = false

    @Flag(name: .long, help: "No progress bar (it is shown only on a terminal, for runs over a second).")
    var quiet = false

    func run() throws {
        let progress = ProgressBar(quiet: quiet, labels: [.reading: "reading \(from ?? "")", .writing: "importing into \(StoreLocation(store.path).shown)"])
        let setup = StoreSetup(path: store.path, source: from, format: format, readerOptions: reader.readerOptions,
                               name: name, timeZone: reader.timezone, actor: actor.name, strict: strict)
        let created = setup.create()
        progress.finish()
        if let summary = created.summary { print(summary) }
        try DiagnosticOutput.finish(created.diagnostics, style: .text)
    }
}
