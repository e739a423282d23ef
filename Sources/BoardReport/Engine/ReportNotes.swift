import BoardModel

/// What the report must say about its own data: empty boards, missing history, figures that
/// could not be computed. Renderers turn each note into a sentence in the report's language.
public enum ReportNote: Sendable, Equatable {
    /// The board has no cards (at as-of).
    case noCards
    /// No card has a due date, so there is nothing overdue or due soon to find.
    case noDueDates
    /// The board has no history at all; created/completed times stood in.
    case noEvents
    /// Some cards have no history: `count` of them; their throughput, flow and lead time come
    /// from `created`/`completed`, their cycle time and aging are unknown.
    case cardsWithoutHistory(Int)
    /// Cards with neither history nor a creation time: counted as always there.
    case cardsWithoutCreated(Int)
    /// Events not in time order in the file; the report sorted them.
    case eventsOutOfOrder(Int)
    /// Events after as-of, left out.
    case eventsAfterAsOf(Int)
    /// Events naming cards the board does not have, left out.
    case eventsForUnknownCards(Int)
    /// Moves without a target state, left out.
    case movesWithoutState(Int)
    /// States cards or events use that the board does not define.
    case unknownStates([String])
    /// Finished cards that never entered a doing state: no cycle time for them.
    case finishedWithoutDoing(Int)
    /// No card finished in the window: cycle and lead time have no values.
    case nothingFinished
    /// The board's time zone is not a known IANA name; UTC was used.
    case unknownTimeZone(String)
    /// No card was finished in the forecast's sample: there is no forecast.
    case forecastNothingDone
    /// The forecast's sample has few finished cards (`done`) or few days: its dates are rough.
    case forecastThinSample(done: Int, days: Int)
    /// The board recorded nothing after `end`, `days` before as-of's day: the forecast's
    /// sample ends on `end` (`DoneSample.historyEnd`).
    case forecastHistoryEnds(CalendarDate, days: Int)

    /// A stable id for scripts (the JSON report's `notes[].code`).
    public var code: String {
        switch self {
        case .noCards: return "no-cards"
        case .noDueDates: return "no-due-dates"
        case .noEvents: return "no-events"
        case .cardsWithoutHistory: return "cards-without-history"
        case .cardsWithoutCreated: return "cards-without-created"
        case .eventsOutOfOrder: return "events-out-of-order"
        case .eventsAfterAsOf: return "events-after-as-of"
        case .eventsForUnknownCards: return "events-for-unknown-cards"
        case .movesWithoutState: return "moves-without-state"
        case .unknownStates: return "unknown-states"
        case .finishedWithoutDoing: return "finished-without-doing"
        case .nothingFinished: return "nothing-finished"
        case .unknownTimeZone: return "unknown-time-zone"
        case .forecastNothingDone: return "forecast-nothing-done"
        case .forecastThinSample: return "forecast-thin-sample"
        case .forecastHistoryEnds: return "forecast-history-ends"
        }
    }

    /// The count the note is about, if any.
    public var count: Int? {
        switch self {
        case .cardsWithoutHistory(let n), .cardsWithoutCreated(let n), .eventsOutOfOrder(let n),
             .eventsAfterAsOf(let n), .eventsForUnknownCards(let n), .movesWithoutState(let n),
             .finishedWithoutDoing(let n), .forecastThinSample(let n, _), .forecastHistoryEnds(_, let n):
            return n
        case .unknownStates(let ids): return ids.count
        default: return nil
        }
    }
}
