import BoardLocale
import BoardModel
import BoardReport
import BoardIO
import BoardMail

/// `boardkit report`'s work, so the command only parses: read the board, settle `--as-of`
/// in its zone, compute the weekly report, render it and write it atomically, or mail it.
public struct ReportJob {
    public var input: String
    public var from: String?
    public var readerOptions = ReaderOptions()
    public var strict = false
    /// `--as-of`: a date as `--due` takes it (`2026-11-20`, `today`, `-1w`, `friday`: the end of
    /// that day in the board's zone) or a timestamp; nil is now.
    public var asOf: String?
    public var weeks = 8
    /// Nil: from the output's extension, else text.
    public var format: ReportFormat?
    public var templatePath: String?
    public var locale = ReportLocale.en
    /// `-` for standard output.
    public var output = "-"
    /// `--where`: the report of the cards it names, its title saying so (`WhereOption`).
    public var filter: String?
    /// `--pace`: whose finished cards the forecast section draws from, with `filter`: the
    /// cards it names (as `boardkit forecast --where` does), or the whole board's.
    public var pace = Forecast.Pace.filter
    /// `--limit`: the longest list the text, Markdown, HTML and mail reports show (`Int.max`: all).
    public var listLimit = ReportRenderer.listLimit
    /// Set: the report is mailed (text, HTML tables, the XLSX attached if asked), not written.
    public var mail: ReportMailing?

    public init(input: String) { self.input = input }

    /// The format the report is written in.
    public var resolvedFormat: ReportFormat {
        format ?? (output == "-" ? .text : ReportFormat.forPath(output) ?? .text)
    }

    /// What a run gave.
    public struct Outcome {
        /// How many cards and events the board read has; nil when reading failed.
        public var counts: (cards: Int, events: Int)?
        public var diagnostics: [Diagnostic]
        /// The moment reported on, when there was a board.
        public var asOf: Instant?
        /// How long each step took: load and validate, compute, render and write.
        public var timings: (load: Duration, compute: Duration, write: Duration)
        /// Whom the report was mailed to, when it was mailed.
        public var mailedTo: [String] = []
    }

    public func run() -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        // Addresses are checked before the board is read: a typo costs nothing.
        var recipients: (to: [MailAddress], from: MailAddress?)?
        if let mail {
            switch mail.addresses() {
            case .success(let addresses): recipients = addresses
            case .failure(let error): return Outcome(counts: nil, diagnostics: [error.diagnostic], asOf: nil, timings: (.zero, .zero, .zero))
            }
        }
        var loaded = BoardPipeline.read(input, from: from, options: readerOptions, strict: strict)
        guard var board = loaded.board else {
            return Outcome(counts: nil, diagnostics: loaded.diagnostics, asOf: nil, timings: (clock.now - started, .zero, .zero))
        }
        loaded.board = nil
        let read = clock.now
        let zone = board.zone ?? .utc
        let now = Instant.now(in: zone)
        let moment = asOf.flatMap { AsOfOption.moment($0, in: zone, now: now, day: .end) } ?? now
        // Narrowed as of the report's moment: "due=week" is the week as the report sees it.
        let narrowed: (board: Board, said: String?)
        switch WhereOption.narrow(board, where: filter, now: moment) {
        case .success(let result): narrowed = result
        case .failure(let problem):
            return Outcome(counts: nil, diagnostics: loaded.diagnostics + [problem], asOf: nil, timings: (read - started, .zero, .zero))
        }
        // The whole board's pace is sampled before the board is narrowed.
        let lastRecorded = DoneSample.lastRecorded(board, asOfMs: moment.epochMilliseconds)
        let boardSample = pace == .board && narrowed.said != nil
            ? DoneSample(BoardReplay.make(board, zone: zone, options: ReportOptions(asOf: moment, weeks: 1)),
                         weeks: Forecast.Question().historyWeeks, zone: zone, lastRecordedMs: lastRecorded)
            : nil
        board = narrowed.board
        var options = ReportOptions(asOf: moment, weeks: weeks, filter: narrowed.said, boardSample: boardSample, lastRecordedMs: lastRecorded)
        options.cardNumbers = RemindJob.storeNumbers(input)
        let report = WeeklyReport(board: board, options: options)
        let counts = (cards: board.cards.count, events: board.events.count)
        // The report holds all it shows: the board (most of the memory at a million cards)
        // is let go while the report is written, so the two are not in memory at once, and
        // on another core, so the freeing costs the writing nothing.
        freeInBackground(consume board)
        board = Board()
        let computed = clock.now
        if let mail, let recipients {
            let sent = mail.send(report, locale: locale, to: recipients.to, from: recipients.from, listLimit: listLimit)
            return Outcome(counts: counts, diagnostics: loaded.diagnostics + sent, asOf: moment,
                           timings: (read - started, computed - read, clock.now - computed),
                           mailedTo: sent.hasErrors ? [] : recipients.to.map(\.text))
        }
        let written = AtomicOutput(target: output).write { temp in
            ReportRenderer.write(report, format: resolvedFormat, locale: locale, templatePath: templatePath, to: temp, listLimit: listLimit)
        }
        return Outcome(counts: counts, diagnostics: loaded.diagnostics + written, asOf: moment,
                       timings: (read - started, computed - read, clock.now - computed))
    }
}
