import ArgumentParser
import BoardKit
import BoardLocale
import BoardModel
import BoardEditing
import BoardReport

/// `boardkit forecast INPUT`: when the open cards are likely done, and how many by a date, by
/// Monte Carlo over the board's own daily throughput.
struct ForecastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forecast",
        abstract: "When will the open cards be done, and how many by a date: odds from the board's own throughput.",
        discussion: """
        The sample is the number of cards finished on each day of the last --history weeks up to \
        --as-of, in the board's time zone. Each trial draws days from it at random, from the day \
        after --as-of, until the remaining cards are done (or, with --date, sums the days up to that \
        date); the answers are what 50, 85 and 95 % of the trials reached. The remaining cards are \
        every open card (not done, not archived), those --label, --assignee and --state (or --where) \
        name, or --cards N. With --where, --label or --assignee the sample is the finished cards of \
        those the filter names, as report --where has it; --pace board takes the whole board's. The odds assume the days ahead resemble the sample. How to read them: docs/report.md.
        """)

    @Argument(help: "The board to read ('-' for standard input).")
    var input: String

    // `.unconditional`: `--as-of -1w` is a week ago, not another flag.
    @Option(name: .customLong("as-of"), parsing: .unconditional, help: ArgumentHelp("The moment to forecast from: YYYY-MM-DD, today, yesterday, -1w, friday… (the end of that day in the board's zone) or a timestamp (default: now).", valueName: "DATE"))
    var asOf: String?

    @Option(name: .long, help: ArgumentHelp("Also say how many cards are likely done by this day: YYYY-MM-DD, +2w, friday… (counted from --as-of).", valueName: "DATE"))
    var date: String?

    @Option(name: .long, help: ArgumentHelp("Forecast for this many cards instead of the open ones.", valueName: "N"))
    var cards: Int?

    @Option(name: .long, help: "Only the open cards with this label.")
    var label: String?

    @Option(name: .long, help: "Only the open cards with this assignee.")
    var assignee: String?

    @Option(name: .long, help: "Only the open cards in this state (its id or name, any case).")
    var state: String?

    @OptionGroup var selection: FilterFlags

    @Option(name: .long, help: "With a filter: whose finished cards the sample counts, the cards it names (filter, as report --where) or the whole board's (board).")
    var pace: Forecast.Pace = .filter

    @Option(name: .long, help: ArgumentHelp("How far back the sample goes: 12w (weeks).", valueName: "WEEKS"))
    var history: String = "12w"

    @Option(name: .long, help: "How many futures to draw (1 to 10,000,000).")
    var trials: Int = 10_000

    @Option(name: .long, help: "The seed of the draws: the same seed gives the same answer on every machine.")
    var seed: UInt64 = 1

    /// The forecast's own outputs (the report has it in html and xlsx).
    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, md, json
        var report: ReportFormat {
            switch self {
            case .text: .text
            case .md: .markdown
            case .json: .json
            }
        }
    }

    @Option(name: .long, help: "text, md or json.")
    var format: Format = .text

    @Option(name: .long, help: "Language of labels and dates: en or ko.")
    var locale: ReportLocale = .en

    @Option(name: .shortAndLong, help: "Where to write ('-' for standard output).")
    var output: String = "-"

    @OptionGroup var reading: ReadingFlags

    @Flag(name: .long, help: "Treat warnings (a thin sample among them) as errors.")
    var strict = false

    @Option(name: .long, help: "How to print diagnostics: text or json.")
    var diagnostics: DiagnosticsStyle = .text

    @Flag(name: .long, help: "Print how long loading, the replay, the sample and trials, and writing took (standard error).")
    var timings = false

    /// `12w` or `12`: weeks.
    private var historyWeeks: Int? {
        Int(history.hasSuffix("w") ? String(history.dropLast()) : history)
    }

    func validate() throws {
        guard let weeks = historyWeeks, (1...520).contains(weeks) else {
            throw ValidationError("--history takes 1w to 520w; got '\(history)'")
        }
        guard (1...10_000_000).contains(trials) else { throw ValidationError("--trials takes 1 to 10,000,000; got \(trials)") }
        if let asOf, !AsOfOption.isValid(asOf) {
            throw ValidationError("--as-of: \(AsOfOption.accepted); got '\(asOf)'")
        }
        if let date, DateInput.parse(date, zone: .utc, now: Instant(epochMilliseconds: 0)) == nil {
            throw ValidationError("--date: \(DateInput.accepted); got '\(date)'")
        }
        if let cards {
            guard cards >= 0 else { throw ValidationError("--cards takes 0 or more; got \(cards)") }
            guard label == nil, assignee == nil, state == nil, selection.filter == nil else {
                throw ValidationError("--cards gives the number of cards outright: it does not go with --label, --assignee, --state or --where")
            }
        }
        if selection.filter != nil, label != nil || assignee != nil || state != nil {
            throw ValidationError("--where names the cards itself ('label=bug,state=doing'): it does not go with --label, --assignee or --state")
        }
    }

    func run() throws {
        var job = ForecastJob(input: input)
        job.from = reading.from
        job.readerOptions = reading.readerOptions
        job.strict = strict
        job.asOf = asOf
        job.date = date
        job.labelOrAssignee = FilterExpression(conditions: [(FilterExpression.Key.label, label), (.assignee, assignee)].compactMap { key, value in
            value.map { FilterExpression.Condition(key: key, relation: .equals, value: $0) }
        })
        job.question.state = state
        job.question.cards = cards
        job.filter = selection.filter
        job.pace = pace
        job.question.historyWeeks = historyWeeks ?? 12
        job.question.trials = ThroughputForecast.Trials(count: trials, seed: seed)
        job.format = format.report
        job.locale = locale
        job.output = output
        let done = job.run()
        guard let forecast = done.forecast else {
            return try DiagnosticOutput.finish(done.diagnostics, style: diagnostics)
        }
        if timings {
            let t = done.timings
            StandardStreams.err("forecast timings: load+validate \(Seconds(t.load)), replay \(Seconds(t.replay)), sample+trials \(Seconds(t.trials)), write \(Seconds(t.write))\n")
        }
        WrittenSummary.print(output, "\(format.rawValue) forecast as of \(forecast.asOfDate), \(Counted(forecast.when.remaining, "card")), \(Counted(trials, "trial"))",
                             after: done.diagnostics)
        do { try DiagnosticOutput.finish(done.diagnostics, style: diagnostics) } catch { DiagnosticOutput.exit(1) }
        DiagnosticOutput.exit(0)
    }
}
