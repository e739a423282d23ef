import ArgumentParser
import BoardKit
import BoardModel
import BoardReport
import Foundation

/// `boardkit report INPUT`: the weekly status report of a board, as of a moment.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Weekly status report: counts, WIP, overdue, throughput, cumulative flow, cycle and lead time.",
        discussion: """
        --as-of rebuilds the board at that moment from its history, so an earlier report can be \
        produced again exactly. A date means the end of that day in the board's time zone. \
        The format comes from --format, else from the extension of -o, else text. \
        Definitions of every figure: docs/report.md.
        """)

    @Argument(help: "The board to read ('-' for standard input).")
    var input: String

    @Option(name: .customLong("as-of"), help: ArgumentHelp("The moment to report on: YYYY-MM-DD (the end of that day in the board's zone) or a timestamp (default: now).", valueName: "DATE"))
    var asOf: String?

    @Option(name: .long, help: "How many ISO weeks the weekly figures cover, ending with the week of --as-of.")
    var weeks: Int = 8

    @Option(name: .long, help: "text, md, html, json or xlsx (default: from -o's extension, else text).")
    var format: ReportFormat?

    @Option(name: .long, help: ArgumentHelp("A Mustache template of your own for text, md or html (see docs/report.md for its keys).", valueName: "FILE"))
    var template: String?

    @Option(name: .long, help: "Language of labels and dates: en or ko.")
    var locale: ReportLocale = .en

    @Option(name: .shortAndLong, help: "Where to write ('-' for standard output, the default).")
    var output: String = "-"

    @OptionGroup var reading: ReadingFlags

    @Flag(name: .long, help: "Treat warnings in the input as errors.")
    var strict = false

    @Option(name: .long, help: "How to print diagnostics: text or json.")
    var diagnostics: DiagnosticsStyle = .text

    @Flag(name: .long, help: "Print how long loading, computing and writing took (standard error).")
    var timings = false

    func validate() throws {
        guard (1...520).contains(weeks) else { throw ValidationError("--weeks takes 1 to 520; got \(weeks)") }
        if let asOf, ISO8601.parse(Array(asOf.utf8)) == nil {
            throw ValidationError("--as-of takes a date (2026-11-20) or a timestamp (2026-11-20T18:00:00+09:00); got '\(asOf)'")
        }
        if template != nil, let f = resolvedFormat, f == .json || f == .xlsx {
            throw ValidationError("--template applies to text, md and html reports, not \(f.rawValue)")
        }
    }

    private var resolvedFormat: ReportFormat? {
        format ?? (output == "-" ? .text : ReportFormat.forPath(output) ?? .text)
    }

    func run() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let loaded = BoardPipeline.read(input, from: reading.from, options: reading.readerOptions, strict: strict)
        guard let board = loaded.board else {
            return try DiagnosticOutput.finish(loaded.diagnostics, style: diagnostics)
        }
        let readDone = clock.now
        let zone = board.zone ?? .utc
        let moment = asOf.flatMap { AsOf.parse($0, in: zone) } ?? AsOf.now(in: zone)
        let report = WeeklyReport(board: board, options: ReportOptions(asOf: moment, weeks: weeks))
        let computed = clock.now
        let written = AtomicOutput(target: output).write { temp in
            ReportRenderer.write(report, format: resolvedFormat ?? .text, locale: locale,
                                 templatePath: template, to: temp)
        }
        if timings {
            func s(_ d: Duration) -> String {
                let ms = d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
                return "\(ms / 1000).\(String(ms % 1000 + 1000).dropFirst()) s"
            }
            let line = "report timings: load+validate \(s(readDone - started)), compute \(s(computed - readDone)), render+write \(s(clock.now - computed)) (\(board.cards.count) cards, \(board.events.count) events)\n"
            StandardStreams.err(line)
        }
        WrittenSummary.print(output, "\((resolvedFormat ?? .text).rawValue) report as of \(moment.local.date), \(weeks) weeks, \(board.cards.count) cards",
                             after: loaded.diagnostics + written)
        DiagnosticOutput.finish(loaded.diagnostics + written, style: diagnostics, exitingWith: board)
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension ReportLocale: ExpressibleByArgument {}
