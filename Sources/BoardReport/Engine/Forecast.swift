import BoardModel

/// A whole forecast as every output shows it: the sample it drew from, when the remaining
/// cards are likely done, and (when a day was asked about) how many are likely done by it,
/// as calendar days in the board's zone.
public struct Forecast: Sendable, Equatable {
    /// What to forecast: which cards remain, how far back the sample goes, how many trials.
    public struct Question: Sendable, Equatable {
        /// The open cards counted as remaining (those in `state` and meeting `filter`), unless
        /// `cards` gives the number outright.
        public var filter = CardFilter()
        /// A state as a person names it (`Board.state(named:)`: its id or name, any case).
        public var state: String?
        public var cards: Int?
        /// The day to count finished cards by; nil asks only when.
        public var date: CalendarDate?
        /// How many weeks back from as-of the sample goes.
        public var historyWeeks = 12
        public var trials = ThroughputForecast.Trials()
        /// The filter the cards were chosen by, as it was written (`label=bug`), for the
        /// outputs to say; nil: every open card.
        public var described: String?
        /// Whose finished cards the sample counts, for the outputs to say: the caller gives
        /// `make` the board (narrowed or whole) or the sample that holds them.
        public var pace = Pace.filter
        /// The last moment the whole board recorded anything (`DoneSample.lastRecorded`),
        /// when `make` is given the board narrowed by a filter: a filter's cards being quiet
        /// is their pace, not the end of the history. Nil: the board given's.
        public var lastRecordedMs: Int64?
        public init() {}
    }

    /// Whose finished cards the sample counts (`--pace`).
    public enum Pace: String, Sendable, Equatable, CaseIterable {
        /// Those of the cards the filter names (every card without one): the pace of the work
        /// asked about, as ActionableAgile narrows its data.
        case filter
        /// The whole board's, whatever the filter: the team's pace.
        case board
    }

    /// Fewer finished cards than this, or fewer days of history than `fewestDays`, is said.
    public static let fewestDone = 10
    public static let fewestDays = 21

    public var asOfDate: CalendarDate
    public var sample: DoneSample
    /// The filter the cards were chosen by, as written; nil: every open card.
    public var described: String?
    /// Whose finished cards `sample` counts.
    public var pace: Pace
    /// How many trials, with which seed.
    public var trials: ThroughputForecast.Trials
    public var when: ThroughputForecast.When
    /// How many cards are likely done by a day asked about.
    public struct ByDate: Sendable, Equatable {
        public var date: CalendarDate
        /// For each of `ThroughputForecast.levels`, the count at least that share of trials reached.
        public var counts: [Int]
    }
    public var howMany: ByDate?

    /// The dates by which each of `ThroughputForecast.levels` of the trials finished; nil past
    /// the horizon.
    public var dates: [CalendarDate?] { when.days.map { $0.map(asOfDate.addingDays) } }
    /// The last day a trial may run to: "later than this" when a date is nil.
    public var horizon: CalendarDate { asOfDate.addingDays(ThroughputForecast.horizonDays) }
    /// True when the sample is too small to trust much (see `fewestDone`, `fewestDays`).
    public var isThin: Bool { sample.done < Self.fewestDone || sample.days < Self.fewestDays }

    /// Why a forecast cannot be made.
    public enum Refusal: Error, Sendable, Equatable {
        /// No card was finished in the sample: every trial would run forever.
        case nothingDone(DoneSample)
        /// The day to count by is not after as-of, or past the horizon.
        case dateOutOfRange(CalendarDate, asOf: CalendarDate)
        /// `state` names no state of the board.
        case unknownState(String)
    }

    /// The forecast for `question` on `board` replayed as of `replay.asOfMs`, drawing from
    /// `sample` when given (the whole board's, for a board narrowed with `--pace board`),
    /// else from the replay's.
    public static func make(_ board: Board, _ replay: BoardReplay, zone: Zone,
                            question: Question, sample given: DoneSample? = nil) -> Result<Forecast, Refusal> {
        let sample = given ?? DoneSample(replay, weeks: question.historyWeeks, zone: zone,
                                         lastRecordedMs: question.lastRecordedMs ?? DoneSample.lastRecorded(board, asOfMs: replay.asOfMs))
        guard sample.done > 0 else { return .failure(.nothingDone(sample)) }
        // The trials start from as-of, wherever the sample ends.
        let asOfDate = zone.calendarDate(of: Instant(epochMilliseconds: replay.asOfMs))
        var filter = question.filter
        if let wanted = question.state {
            guard let state = board.state(named: wanted) else { return .failure(.unknownState(wanted)) }
            filter.state = state.id
        }
        var daysAhead: Int?
        if let date = question.date {
            let days = date.daysSinceEpoch - asOfDate.daysSinceEpoch
            guard (1...ThroughputForecast.horizonDays).contains(days) else { return .failure(.dateOutOfRange(date, asOf: asOfDate)) }
            daysAhead = days
        }
        let remaining = question.cards ?? openCards(board, replay, zone: zone, filter: filter)
        var forecast = Forecast(asOfDate: asOfDate, sample: sample, trials: question.trials,
                                when: ThroughputForecast.when(sample.perDay, remaining: remaining, trials: question.trials),
                                described: question.described, pace: question.pace)
        if let date = question.date, let daysAhead {
            let counts = ThroughputForecast.howMany(sample.perDay, days: daysAhead, trials: question.trials)
            forecast.howMany = ByDate(date: date, counts: counts)
        }
        return .success(forecast)
    }

    private init(asOfDate: CalendarDate, sample: DoneSample, trials: ThroughputForecast.Trials, when: ThroughputForecast.When,
                 described: String?, pace: Pace) {
        self.asOfDate = asOfDate
        self.described = described
        self.pace = pace
        self.sample = sample
        self.trials = trials
        self.when = when
    }

    /// Cards on the board at as-of (not archived) whose state is not done, meeting `filter`
    /// (its state, when it names one, is the card's state at as-of).
    static func openCards(_ board: Board, _ replay: BoardReplay, zone: Zone, filter: CardFilter) -> Int {
        let now = Instant(epochMilliseconds: replay.asOfMs)
        // The card's own `state` is today's; the replay's is the one at as-of.
        var rest = filter
        rest.state = nil
        var count = 0
        for c in board.cards.indices where replay.isActive(c) && replay.category(c) != .done {
            if let state = filter.state, replay.states.ids[Int(replay.state[c])] != state { continue }
            if rest.isEmpty || rest.matches(board.cards[c], category: replay.category(c), now: now, zone: zone) { count += 1 }
        }
        return count
    }
}
