import BoardModel

/// Everything a user can tell a writer. One record for all formats, as in pandoc: each
/// writer uses the fields that concern it and ignores the rest.
public struct WriterOptions: Sendable {
    /// `--mapping NAME|FILE`: write the columns of another tool's import format (CSV, XLSX).
    public var mapping: String?
    /// `--events FILE`: where a format without history puts the events (CSV).
    public var eventsPath: String?
    /// `--excel`: UTF-8 with a byte-order mark and CRLF line ends (CSV).
    public var excel: Bool
    /// `--encoding`: the text encoding to write (CSV).
    public var encoding: String?
    /// `--delimiter`: the byte between fields (CSV and its events sidecar): `,`, `;` or tab.
    /// Nil means a comma, or a tab when the output is named `.tsv` (the pipeline sets it
    /// from the name the user gave, since writers only see a temporary path).
    public var delimiter: UInt8?
    /// The moment of export, for formats that record one (XLSX's Board sheet). Fixed by the
    /// caller so that tests and repeated exports can be byte-identical.
    public var exportedAt: Instant?
    /// Options of the calendar writer.
    public var calendar: CalendarOptions
    /// Who an import into a store is recorded as, in its change log.
    public var actor: String?

    public init(mapping: String? = nil, eventsPath: String? = nil, excel: Bool = false,
                encoding: String? = nil, delimiter: UInt8? = nil, exportedAt: Instant? = nil,
                calendar: CalendarOptions = CalendarOptions(), actor: String? = nil) {
        self.mapping = mapping
        self.eventsPath = eventsPath
        self.excel = excel
        self.encoding = encoding
        self.delimiter = delimiter
        self.exportedAt = exportedAt
        self.calendar = calendar
        self.actor = actor
    }
}

/// What an iCalendar feed holds and how it looks to a calendar app.
public struct CalendarOptions: Sendable, Equatable {
    /// Which iCalendar components carry the cards.
    public enum Component: String, Sendable, CaseIterable {
        /// VEVENT: what Google Calendar shows from a subscribed feed.
        case event
        /// VTODO: Thunderbird, Apple Reminders, Nextcloud Tasks, Evolution.
        case todo
        /// Both, with distinct UIDs.
        case both
    }

    public var component: Component
    /// `--alarm -P1D`: reminders before the due moment (ISO 8601 durations), repeatable.
    public var alarms: [String]
    /// `--include-done`: keep cards whose state is done (left out by default).
    public var includeDone: Bool
    /// Prefix SUMMARY with the state's name (`[DOING] Fix login`).
    public var showState: Bool
    /// X-WR-CALNAME / NAME; the board's name when nil.
    public var calendarName: String?

    public init(component: Component = .event, alarms: [String] = [], includeDone: Bool = false,
                showState: Bool = false, calendarName: String? = nil) {
        self.component = component
        self.alarms = alarms
        self.includeDone = includeDone
        self.showState = showState
        self.calendarName = calendarName
    }
}
