/// Everything a user can tell a reader. One record for all formats, as in pandoc: each
/// reader uses the fields that concern it and ignores the rest.
public struct ReaderOptions: Sendable {
    /// `--timezone`: the zone for times written without an offset (Jira's exports, floating
    /// iCalendar times). Nil means the board's zone.
    public var timeZone: String?
    /// `--mapping NAME|FILE`: a column-mapping preset name or a mapping file (CSV, XLSX).
    public var mapping: String?
    /// `--state-map 'QA=doing'`: state names onto categories (or onto state ids), applied
    /// after the format's own guesses.
    public var stateMap: [String: String]
    /// `--encoding CP949`: the text encoding of a legacy file (CSV).
    public var encoding: String?
    /// `--sheet NAME`: the worksheet to read (XLSX).
    public var sheet: String?
    /// `--events FILE`: a sidecar file of events (CSV).
    public var eventsPath: String?
    /// `--columns title=storyName,due=Prazo`: which header holds an attribute (tabular
    /// formats), over the mapping's own and boardkit's aliases. Attribute name → header.
    public var columns: [String: String] = [:]
    /// `--skip-invalid`: leave out items that cannot be read instead of refusing the file.
    public var invalidItems: InvalidItemPolicy = .refuse
    /// `--date-order month-first|day-first`: how slash dates read (tabular formats), over the
    /// mapping's `slashDates` and what a column's own values show.
    public var dateOrder: SlashDateOrder?
    /// `--header-row N`: the row holding the headers (tabular formats; 1 is the first row of
    /// the sheet or file). Nil: the first row that looks like a header.
    public var headerRow: Int?

    public init(timeZone: String? = nil, mapping: String? = nil, stateMap: [String: String] = [:],
                encoding: String? = nil, sheet: String? = nil, eventsPath: String? = nil) {
        self.timeZone = timeZone
        self.mapping = mapping
        self.stateMap = stateMap
        self.encoding = encoding
        self.sheet = sheet
        self.eventsPath = eventsPath
    }
}
