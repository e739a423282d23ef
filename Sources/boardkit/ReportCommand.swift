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

    @Option(name: .shortAndLong, help: "Where to write ('-' for standard output).")
    var output: String = "-"

    @OptionGroup var reading: ReadingFlags

    @OptionGroup var selection: FilterFlags

    @Flag(name: .long, help: "Treat warnings in the input as errors.")
    var strict = false

    @Option(name: .long, help: "How to print diagnostics: text or json.")
    var diagnostics: DiagnosticsStyle = .text

    @Flag(name: .long, help: "Print how long loading, computing and writing took (standard error).")
    var timings = false

    @Flag(name: .long, help: "No progress bar (it is shown only on a terminal, for runs over a second).")
    var quiet = false

    func validate() throws {
        guard (1...520).contains(weeks) else { throw ValidationError("--weeks takes 1 to 520; got \(weeks)") }
        if let asOf, ISO8601.parse(Array(asOf.utf8)) == nil {
            throw ValidationError("--as-of takes a date (2026-11-20) or a timestamp (2026-11-20T18:00:00+09:00); got '\(asOf)'")
        }
        if template != nil, job.resolvedFormat == .json || job.resolvedFormat == .xlsx {
            throw ValidationError("--template applies to text, md and html reports, not \(job.resolvedFormat.rawValue)")
        }
    }

    private var job: ReportJob {
        var job = ReportJob(input: input)
        job.from = reading.from
        job.readerOptions = reading.readerOptions
        job.strict = strict
        job.asOf = asOf
        job.weeks = weeks
        job.format = format
        job.templatePath = template
        job.locale = locale
        job.output = output
        job.filter = selection.filter
        return job
    }

    func run() throws {
        let job = self.job
        let progress = ProgressBar(quiet: quiet, labels: [.reading: "reading \(input)"])
        let done = job.run()
        progress.finish()
        guard let counts = done.counts, let moment = done.asOf else {
            return try DiagnosticOutput.finish(done.diagnostics, style: diagnostics)
        }
        if timings {
            let t = done.timings
            StandardStreams.err("report timings: load+validate \(Seconds(t.load)), compute \(Seconds(t.compute)), render+write \(Seconds(t.write)) (\(counts.cards) cards, \(counts.events) events)\n")
        }
        WrittenSummary.print(output, "\(job.resolvedFormat.rawValue) report as of \(moment.local.date), \(Counted(weeks, "week")), \(Counted(counts.cards, "card"))",
                             after: done.diagnostics)
        do { try DiagnosticOutput.finish(done.diagnostics, style: diagnostics) } catch { DiagnosticOutput.exit(1) }
        DiagnosticOutput.exit(0)
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension ReportLocale: ExpressibleByArgument {}
