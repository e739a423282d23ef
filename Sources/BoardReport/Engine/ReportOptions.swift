import BoardModel

/// What a report is asked for: the moment it describes and how far back its weekly figures go.
public struct ReportOptions: Sendable {
    /// The moment the report describes. Events after it are ignored and cards created after it
    /// do not exist yet, so an old report can be produced again exactly.
    public var asOf: Instant
    /// How many ISO weeks the weekly figures cover, ending with the week that holds `asOf`.
    public var weeks: Int
    /// How many days ahead "due soon" looks (cards due on as-of's date through that many days later).
    public var dueSoonDays: Int
    /// Which cards the board was narrowed to before the report, as the filter was written
    /// (`assignee=mina, due=week`): the report's title says it. Nil: every card.
    public var filter: String?
    /// A store's card numbers by card id (`#12`, as its commands take them): the lists name
    /// cards by them. Empty for a board from a file.
    public var cardNumbers: [String: Int64] = [:]
    /// With `--pace board` on a narrowed board: the whole board's sample, which the forecast
    /// draws from instead of the narrowed cards'. Nil: the cards reported on are the sample.
    public var boardSample: DoneSample?
    /// The last moment the whole board recorded anything (`DoneSample.lastRecorded`), for a
    /// narrowed board's forecast; nil: the board reported on's.
    public var lastRecordedMs: Int64?

    public init(asOf: Instant, weeks: Int = 8, dueSoonDays: Int = 7, filter: String? = nil, boardSample: DoneSample? = nil,
                lastRecordedMs: Int64? = nil) {
        self.asOf = asOf
        self.weeks = max(1, weeks)
        self.dueSoonDays = max(0, dueSoonDays)
        self.filter = filter
        self.boardSample = boardSample
        self.lastRecordedMs = lastRecordedMs
    }
}

/// Turns the `--as-of` text into a moment in the board's zone.
public enum AsOf {
    /// `2026-11-20` is the last moment of that day in `zone` (the report as the day closed,
    /// so a card due that day is due today, not overdue); a timestamp with an offset is that
    /// instant; a timestamp without one is read in `zone`. Nil when the text is not a date.
    public static func parse(_ text: String, in zone: Zone) -> Instant? {
        switch ISO8601.parse(Array(text.utf8)) {
        case .date(let d)?:
            return zone.localize(zone.startOfDay(d.addingDays(1)).adding(milliseconds: -1))
        case .instant(let i)?:
            return i
        case .local(let t)?:
            return zone.instant(t)
        case nil:
            return nil
        }
    }

}

extension Instant {
    func adding(milliseconds: Int64) -> Instant {
        Instant(epochMilliseconds: epochMilliseconds + milliseconds, offsetSeconds: offsetSeconds)
    }
}
