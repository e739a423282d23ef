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
    /// `--as-of`: a date (the end of that day in the board's zone) or a timestamp; nil is now.
    public var asOf: String?
    /// `--date`: the day to count finished cards by, as `DateInput` reads it (`2026-12-19`,
    /// `+2w`, `friday`), counted from as-of.
    public var date: String?
    public var question = Forecast.Question()
    /// `--where`: the remaining cards are the open ones it names (the sample stays the whole
    /// board's: the team's pace, not only these cards').
    public var filter: String?
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
        let moment = asOf.flatMap { AsOf.parse($0, in: zone) } ?? AsOf.now(in: zone)
        // The replay's weekly tallies are not used: one week keeps them small.
        let replay = BoardReplay.make(board, zone: zone, options: ReportOptions(asOf: moment, weeks: 1))
        let replayed = clock.now
        var question = self.question
        question.date = date.flatMap { DateInput.parse($0, zone: zone, now: moment) }.map { due in
            switch due {
            case .date(let d): d
            case .instant(let i): zone.calendarDate(of: i)
            }
        }
        // The remaining cards a filter names: --where, or --label/--assignee (checked against
        // the board the same way: a name it lacks is an error, never zero cards).
        if let filter {
            switch WhereOption.filter(filter, on: board, now: moment) {
            case .failure(let problem): return Outcome(forecast: nil, diagnostics: loaded.diagnostics + [problem])
            case .success(let named): question.filter = named.filter
            }
        }
        for condition in labelOrAssignee.conditions {
            switch WhereOption.resolve(FilterExpression(conditions: [condition]), on: board, now: moment, source: "--\(condition.key.rawValue)") {
            case .failure(let problem): return Outcome(forecast: nil, diagnostics: loaded.diagnostics + [problem])
            case .success(let named):
                question.filter.label = named.filter.label ?? question.filter.label
                question.filter.assignee = named.filter.assignee ?? question.filter.assignee
            }
        }
        let place = SourceLocation(file: input)
        let made = Forecast.make(board, replay, zone: zone, question: question)
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
