import BoardModel
import BoardIO

/// Everything a weekly report shows, computed once from the board and rendered by any of the
/// renderers (text, Markdown, HTML, JSON, XLSX).
public struct WeeklyReport: Sendable {
    public var boardID: String
    public var boardName: String
    /// The filter the board was narrowed by (`ReportOptions.filter`), nil for every card.
    public var filter: String?
    /// The zone the report's days and weeks are in.
    public var timeZone: String
    /// The moment described, in the board's offset at that moment.
    public var asOf: Instant
    /// as-of's calendar date in the board's zone.
    public var asOfDate: CalendarDate
    public var weeks: [ReportWeeks.Week]
    /// The first moment of the window's first week and of the week after its last.
    public var windowStart: Instant
    public var windowEnd: Instant

    public var counts: StateCounts
    public var wip: WIPStatus
    public var overdue: OverdueList
    public var dueSoon: DueSoon
    public var doneThisWeek: DoneThisWeek
    public var createdVsCompleted: CreatedVsCompleted
    public var throughput: Throughput
    public var flow: CumulativeFlow
    public var flowTimes: FlowTimes
    public var aging: Aging
    public var perAssignee: Breakdown
    public var perLabel: Breakdown
    /// Created, completed, overdue and in progress beside last week's.
    public var sinceLastWeek: SinceLastWeek
    /// When the open cards are likely done (`Forecast.Question()`'s defaults); nil when the
    /// sample has no finished card (a note says so).
    public var forecast: Forecast?
    public var notes: [ReportNote]
    /// A store's card numbers by card id (`ReportOptions.cardNumbers`), for the lists.
    public var cardNumbers: [String: Int64]

    /// Cards the board has, events it has, and how many of each the report could use.
    public var cardCount: Int
    public var eventCount: Int
    public var cardsWithHistory: Int

    /// Computes the report. Pure: the same board and options give the same report.
    public init(board: Board, options: ReportOptions) {
        let zone = board.zone ?? .utc
        let replay = BoardReplay.make(board, zone: zone, options: options)
        self.init(board: board, replay: replay, zone: zone, options: options)
    }

    /// Computes the report from a replay already made (lets a benchmark time the two apart).
    public init(board: Board, replay: BoardReplay, zone: Zone, options: ReportOptions) {
        boardID = board.id
        boardName = board.name
        filter = options.filter
        cardNumbers = options.cardNumbers
        timeZone = zone.identifier
        asOf = zone.localize(options.asOf)
        asOfDate = zone.calendarDate(of: options.asOf)
        weeks = replay.weeks.weeks
        windowStart = zone.localize(Instant(epochMilliseconds: replay.weeks.bounds[0]))
        windowEnd = zone.localize(Instant(epochMilliseconds: replay.weeks.bounds[replay.weeks.bounds.count - 1]))
        counts = StateCounts(replay)
        wip = WIPStatus(counts, states: replay.states)
        // Two independent groups of sections, one per core.
        let dueSoonDays = options.dueSoonDays
        let (dueDates, times) = concurrently({ () -> (OverdueList, DueSoon, Breakdown, Breakdown) in
            let overdue = OverdueList(board, replay, zone: zone)
            return (overdue, DueSoon(board, replay, zone: zone, days: dueSoonDays),
                    .perAssignee(board, replay, overdue: overdue.cardIndices),
                    .perLabel(board, replay, overdue: overdue.cardIndices))
        }, { () -> (FlowTimes, Aging) in
            (FlowTimes(board, replay, zone: zone), Aging(board, replay))
        })
        (overdue, dueSoon, perAssignee, perLabel) = dueDates
        (flowTimes, aging) = times
        // The board at the last moment of last week: what this week's figures are set beside.
        var before = options
        before.asOf = Instant(epochMilliseconds: replay.weeks.bounds[replay.weeks.bounds.count - 2] - 1)
        sinceLastWeek = SinceLastWeek(board: board, replay: replay, lastWeek: BoardReplay.make(board, zone: zone, options: before),
                                      zone: zone, overdueNow: overdue)
        doneThisWeek = DoneThisWeek(flowTimes, weeks: replay.weeks)
        createdVsCompleted = CreatedVsCompleted(replay)
        throughput = Throughput(replay)
        flow = CumulativeFlow(replay)
        cardCount = board.cards.count
        eventCount = board.events.count
        cardsWithHistory = board.cards.count - replay.cardsWithoutHistory
        // The same question `boardkit forecast --where` asks of the same cards, so the two agree.
        var question = Forecast.Question()
        question.described = options.filter
        question.pace = options.boardSample == nil ? .filter : .board
        question.lastRecordedMs = options.lastRecordedMs
        forecast = try? Forecast.make(board, replay, zone: zone, question: question, sample: options.boardSample).get()

        var notes: [ReportNote] = []
        if zone.identifier != board.timeZone { notes.append(.unknownTimeZone(board.timeZone)) }
        if counts.total + counts.archived == 0 { notes.append(.noCards) }
        if !board.cards.isEmpty && !board.cards.contains(where: { $0.due != nil }) { notes.append(.noDueDates) }
        if board.events.isEmpty && !board.cards.isEmpty {
            notes.append(.noEvents)
        } else if replay.cardsWithoutHistory > 0 {
            notes.append(.cardsWithoutHistory(replay.cardsWithoutHistory))
        }
        if replay.cardsWithoutCreated > 0 { notes.append(.cardsWithoutCreated(replay.cardsWithoutCreated)) }
        if replay.eventsOutOfOrder > 0 { notes.append(.eventsOutOfOrder(replay.eventsOutOfOrder)) }
        if replay.eventsAfterAsOf > 0 { notes.append(.eventsAfterAsOf(replay.eventsAfterAsOf)) }
        if replay.eventsForUnknownCards > 0 { notes.append(.eventsForUnknownCards(replay.eventsForUnknownCards)) }
        if replay.movesWithoutState > 0 { notes.append(.movesWithoutState(replay.movesWithoutState)) }
        let unknown = Array(replay.states.ids[replay.states.definedCount...])
        if !unknown.isEmpty { notes.append(.unknownStates(unknown)) }
        if flowTimes.finishedWithoutDoing > 0 { notes.append(.finishedWithoutDoing(flowTimes.finishedWithoutDoing)) }
        if flowTimes.finished.isEmpty && counts.total + counts.archived > 0 { notes.append(.nothingFinished) }
        if let forecast {
            if forecast.isThin { notes.append(.forecastThinSample(done: forecast.sample.done, days: forecast.sample.days)) }
            if let end = forecast.sample.historyEnd {
                notes.append(.forecastHistoryEnds(end, days: forecast.asOfDate.daysSinceEpoch - end.daysSinceEpoch))
            }
        } else if counts.total + counts.archived > 0 {
            notes.append(.forecastNothingDone)
        }
        self.notes = notes
    }
}
