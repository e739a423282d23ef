import ArgumentParser
import BoardKit
import BoardLocale
import BoardModel
import BoardReport
import BoardStore
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
        --mail-to mails the report instead (the text, an HTML part of tables, the XLSX report with \
        --attach xlsx) through the system's mailer, `sendmail -t -i`: docs/mail.md. \
        Definitions of every figure: docs/report.md.
        """)

    @Argument(help: "The board to read ('-' for standard input).")
    var input: String

    // `.unconditional`: `--as-of -1w` is a week ago, not another flag.
    @Option(name: .customLong("as-of"), parsing: .unconditional, help: ArgumentHelp("The moment to report on: YYYY-MM-DD, today, yesterday, -1w, friday… (the end of that day in the board's zone) or a timestamp (default: now).", valueName: "DATE"))
    var asOf: String?

    @Option(name: .long, help: "How many ISO weeks the weekly figures cover, ending with the week of --as-of.")
    var weeks: Int = 8

    @Option(name: .long, help: "text, md, html, json or xlsx (default: from -o's extension, else text).")
    var format: ReportFormat?

    @Option(name: .long, help: ArgumentHelp("A Mustache template of your own for text, md or html (see docs/report.md for its keys).", valueName: "FILE"))
    var template: String?

    @Option(name: .long, help: "Language of labels and dates: en or ko.")
    var locale: ReportLocale = .en

    @Option(name: .long, help: ArgumentHelp("The longest list shown (overdue, due soon, done this week, aging, per assignee and label): a number, or all.", valueName: "N"))
    var limit: String = "\(ReportRenderer.listLimit)"

    /// `--limit` as a number: `all` is every entry.
    private var listLimit: Int? { limit == "all" ? Int.max : Int(limit).flatMap { $0 >= 1 ? $0 : nil } }

    @Option(name: .shortAndLong, help: "Where to write ('-' for standard output).")
    var output: String = "-"

    @Option(name: .customLong("mail-to"), help: ArgumentHelp("Mail the report to these addresses, separated by commas, rather than write it.", valueName: "ADDRESSES"))
    var mailTo: String?


    @Option(name: .long, help: "The mail's subject (default: the report's title, the board's name and the week).")
    var subject: String?

    @Option(name: .long, help: "Attach the report in this format to the mail: xlsx.")
    var attach: MailAttachment?

    @OptionGroup var mailer: MailerFlags

    @OptionGroup var reading: ReadingFlags

    @OptionGroup var selection: FilterFlags

    @Option(name: .long, help: "With --where: whose finished cards the forecast's sample counts, the cards it names (filter) or the whole board's (board).")
    var pace: Forecast.Pace = .filter

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
        guard listLimit != nil else { throw ValidationError("--limit takes a number of 1 or more, or all; got '\(limit)'") }
        if let asOf, !AsOfOption.isValid(asOf) {
            throw ValidationError("--as-of: \(AsOfOption.accepted); got '\(asOf)'")
        }
        if mailTo == nil {
            for (flag, given) in [("--subject", subject != nil), ("--attach", attach != nil)] + mailer.given.map({ ($0, true) }) where given {
                throw ValidationError("\(flag) goes with --mail-to")
            }
        } else {
            for (flag, given) in [("-o", output != "-"), ("--format", format != nil), ("--template", template != nil)] where given {
                throw ValidationError("\(flag) does not go with --mail-to: the mail holds the text report, its HTML tables and, with --attach xlsx, the workbook")
            }
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
        job.pace = pace
        job.listLimit = listLimit ?? ReportRenderer.listLimit
        job.mail = mailTo.map { to in
            var mail = ReportMailing(to: to)
            mail.from = mailer.mailFrom
            mail.subject = subject
            mail.attachXLSX = attach == .xlsx
            mail.sendmail = mailer.sendmail
            return mail
        }
        return job
    }

    func run() throws {
        let job = self.job
        let progress = ProgressBar(quiet: quiet, labels: [.reading: "reading \(StoreLocation(input).shown)"])
        let done = job.run()
        progress.finish()
        guard let counts = done.counts, let moment = done.asOf else {
            return try DiagnosticOutput.finish(done.diagnostics, style: diagnostics)
        }
        if timings {
            let t = done.timings
            StandardStreams.err("report timings: load+validate \(Seconds(t.load)), compute \(Seconds(t.compute)), render+write \(Seconds(t.write)) (\(counts.cards) cards, \(counts.events) events)\n")
        }
        if job.mail != nil {
            if !done.mailedTo.isEmpty {
                print("Mailed the report as of \(moment.local.date) (\(Counted(weeks, "week")), \(Counted(counts.cards, "card"))) "
                      + "to \(Counted(done.mailedTo.count, "address", plural: "addresses")): \(done.mailedTo.joined(separator: ", "))")
            }
        } else {
            WrittenSummary.print(output, "\(job.resolvedFormat.rawValue) report as of \(moment.local.date), \(Counted(weeks, "week")), \(Counted(counts.cards, "card"))",
                                 after: done.diagnostics)
        }
        do { try DiagnosticOutput.finish(done.diagnostics, style: diagnostics) } catch { DiagnosticOutput.exit(1) }
        DiagnosticOutput.exit(0)
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension Forecast.Pace: ExpressibleByArgument {}
extension ReportLocale: ExpressibleByArgument {}

/// What `report --attach` adds to the mail.
enum MailAttachment: String, ExpressibleByArgument, CaseIterable { case xlsx }
