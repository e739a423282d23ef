import BoardLocale
import BoardModel
import BoardEditing
import BoardIO
import BoardReport
import Foundation

/// `boardkit forecast`'s work, so the command only parses: read the board, settle `--as-of`
/// and `--date` in its zone, replay it, forecast, and write the answer atomically.
public struct ForecastJob {
    public var input: String
    public var from: String?
    public var readerOptions = ReaderOptions()
    public var strict = false
    /// `--as-of`: a date as `--due` takes it (`2026-11-20`, `today`, `-1w`, `friday`: the end of
    /// that day in the board's zone) or a timestamp; nil is now.
    public var asOf: String?
    /// `--date`: the day to count finished cards by, as `DateInput` reads it (`2026-12-19`,
    /// `+2w`, `friday`), counted from as-of.
    public var date: String?
    public var question = Forecast.Question()
    /// `--where`: the remaining cards are the open ones it names, and (with `pace` `.filter`)
    /// the sample their finished ones: the forecast `report --where` gives.
    public var filter: String?
    /// Whose finished cards the sample counts when a filter (`--where`, `--label`,
    /// `--assignee`) names the cards: theirs, or the whole board's (`--pace board`).
    public var pace = Forecast.Pace.filter
    /// `--label` and `--assignee` as conditions (`FilterExpression`): the same check of names
    /// as `--where`'s.
    public var labelOrAssignee = FilterExpression()
    public var format = ReportFormat.text
    public var locale = ReportLocale.en
    /// `-` for standard output.
    public var output = "-"

    public init(input: String) { self.input = input }

    /// What a run gave.
    public struct Outcome {
        /// The forecast written; nil when there was none (the diagnostics say why).
        public var forecast: Forecast?
        public var diagnostics: [Diagnostic]
        /// How long each step took: load and validate, the replay, the sample and trials, writing.
        public var timings: (load: Duration, replay: Duration, trials: Duration, write: Duration) = (.zero, .zero, .zero, .zero)
    }

    public func run() -> Outcome {
        let clock = ContinuousClock()
        let started = clock.now
        let loaded = BoardPipeline.read(input, from: from, options: readerOptions, strict: strict)
        guard let board = loaded.board else { return Outcome(forecast: nil, diagnostics: loaded.diagnostics) }
        let read = clock.now
        let zone = board.zone ?? .utc
        let now = Instant.now(in: zone)
        let moment = asOf.flatMap { AsOfOption.moment($0, in: zone, now: now, day: .end) } ?? now
        var question = self.question
        question.date = date.flatMap { DateInput.parse($0, zone: zone, now: moment) }.map { due in
            switch due {
            case .date(let d): d
            case .instant(let i): zone.calendarDate(of: i)
            }
        }
        // The cards a filter names: --where, or --label/--assignee (checked against the board
        // the same way: a name it lacks is an error, never zero cards).
        let named: (filter: CardFilter, said: String?)
        switch Self.named(filter: filter, labelOrAssignee: labelOrAssignee, on: board, now: moment) {
        case .failure(let problem): return Outcome(forecast: nil, diagnostics: loaded.diagnostics + [problem])
        case .success(let found): named = found
        }
        question.described = named.said
        question.pace = pace
        question.lastRecordedMs = DoneSample.lastRecorded(board, asOfMs: moment.epochMilliseconds)
        // The pace of the cards named is that of the board narrowed to them, as the report
        // narrows it; the whole board's keeps the board and counts the named cards only.
        let sampled = pace == .filter && named.said != nil ? board.keeping(named.filter, now: moment) : board
        if pace == .board { question.filter = named.filter }
        // The replay's weekly tallies are not used: one week keeps them small.
        let replay = BoardReplay.make(sampled, zone: zone, options: ReportOptions(asOf: moment, weeks: 1))
        let replayed = clock.now
        let place = SourceLocation(file: input)
        let made = Forecast.make(sampled, replay, zone: zone, question: question)
        let forecasted = clock.now
        let forecast: Forecast
        switch made {
        case .failure(let refusal):
            return Outcome(forecast: nil, diagnostics: loaded.diagnostics + [Diagnostic(refusal.message, at: place)])
        case .success(let answer):
            forecast = answer
        }
        var diagnostics = loaded.diagnostics
        if forecast.isThin {
            diagnostics.append(Diagnostic(ReportMessage.forecastThinSample(done: forecast.sample.done, days: forecast.sample.days), at: place))
            if strict { diagnostics = diagnostics.strict() }
            if diagnostics.hasErrors { return Outcome(forecast: nil, diagnostics: diagnostics) }
        }
        let bytes = ForecastOutput.render(forecast, asOf: zone.localize(moment), format: format, locale: locale)
        let written = AtomicOutput(target: output).write { temp in
            FileManager.default.createFile(atPath: temp, contents: Data(bytes))
                ? [] : [Diagnostic(ReportMessage.cannotWriteReport, at: SourceLocation(file: output))]
        }
        return Outcome(forecast: written.hasErrors ? nil : forecast, diagnostics: diagnostics + written,
                       timings: (read - started, replayed - read, forecasted - replayed, clock.now - forecasted))
    }
}

extension ForecastJob {
    /// The filter `--where`, or `--label` and `--assignee` together, name on `board`, and the
    /// filter as said; no filter and nothing said when none is given.
    static func named(filter: String?, labelOrAssignee: FilterExpression, on board: Board, now: Instant)
        -> Result<(filter: CardFilter, said: String?), Diagnostic> {
        if let filter { return WhereOption.filter(filter, on: board, now: now) }
        var combined = CardFilter()
        for condition in labelOrAssignee.conditions {
            switch WhereOption.resolve(FilterExpression(conditions: [condition]), on: board, now: now, source: "--\(condition.key.rawValue)") {
            case .failure(let problem): return .failure(problem)
            case .success(let named):
                combined.label = named.filter.label ?? combined.label
                combined.assignee = named.filter.assignee ?? combined.assignee
            }
        }
        return .success((combined, combined.isEmpty ? nil : labelOrAssignee.description))
    }
}

extension Forecast.Refusal {
    /// The diagnostic's wording for this refusal.
    var message: ReportMessage {
        switch self {
        case .nothingDone(let sample): .forecastNothingDone(from: sample.from, to: sample.to)
        case .dateOutOfRange(let date, let asOf): .forecastDateOutOfRange(date, asOf: asOf)
        case .unknownState(let name): .forecastUnknownState(name)
        }
    }
}
