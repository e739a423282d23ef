import ArgumentParser
import BoardModel
import BoardIO

/// Flags every command that reads a board takes: the format, then how to read it.
struct ReadingFlags: ParsableArguments {
    @Option(name: .long, help: "Input format (default: from the extension and the content).")
    var from: String?

    @OptionGroup var reader: ReaderFlags

    @OptionGroup var password: PasswordFileFlag

    var readerOptions: ReaderOptions { reader.readerOptions }
    var mapping: String? { reader.mapping }
    var encoding: String? { reader.encoding }
    var eventsIn: String? { reader.eventsIn }
}

/// How to read an input, whatever its format. Each maps onto one `ReaderOptions` field.
/// (`init --from FILE` takes these without `ReadingFlags`' own `--from FORMAT`.)
struct ReaderFlags: ParsableArguments {
    @Option(name: .long, help: "Column mapping for tabular input: a preset name (jira, github, trello, todoist, asana, kanboard, plane) or a mapping file.")
    var mapping: String?

    @Option(name: .customLong("state-map"), help: ArgumentHelp("Map a state name onto a category or state, e.g. 'QA=doing' (repeatable).", valueName: "NAME=STATE"))
    var stateMap: [String] = []

    @Option(name: .long, help: "Time zone for times written without an offset (default: the board's zone).")
    var timezone: String?

    @Option(name: .long, help: "Text encoding of a legacy CSV file (CP949, LATIN1, …).")
    var encoding: String?

    @Option(name: .long, help: "Worksheet to read from a workbook (default: the first).")
    var sheet: String?

    @Option(name: .customLong("events"), help: "Events sidecar file (CSV history): read with a CSV input, else written with a CSV output.")
    var eventsIn: String?

    @Option(name: .long, help: ArgumentHelp("Which column holds what, for tabular input, over the mapping: e.g. 'title=storyName,state=Etat,due=Prazo' (repeatable).", valueName: "ATTRIBUTE=HEADER,…"))
    var columns: [String] = []

    @Flag(name: .customLong("skip-invalid"), help: "Leave out items that cannot be read (a row, a card, a task, a calendar event), each with its diagnostic as a warning and a count, instead of refusing the whole file.")
    var skipInvalid = false

    @Option(name: .customLong("date-order"), help: ArgumentHelp("How slash dates read in tabular input, where 03/04/25 reads two ways (default: the mapping's rule, else the order the column's other dates show).", valueName: "month-first|day-first"))
    var dateOrder: SlashDateOrder?

    @Option(name: .customLong("header-row"), help: ArgumentHelp("The row holding the headers in tabular input, 1 being the first (default: the first row that looks like a header, among the first 10).", valueName: "N"))
    var headerRow: Int?

    func validate() throws {
        if let headerRow, headerRow < 1 {
            throw ValidationError("--header-row counts from 1 (the first row); got \(headerRow)")
        }
        for entry in stateMap where !entry.contains("=") {
            throw ValidationError("--state-map takes NAME=STATE, e.g. 'QA=doing'; got '\(entry)'")
        }
        for entry in columnEntries where !entry.contains("=") {
            throw ValidationError("--columns takes ATTRIBUTE=HEADER pairs, e.g. 'title=storyName,due=Prazo'; got '\(entry)'")
        }
    }

    /// `--columns` entries, split at commas (`title=storyName,due=Prazo`).
    private var columnEntries: [String] {
        columns.flatMap { $0.split(separator: ",").map(String.init) }
    }

    var readerOptions: ReaderOptions {
        var map: [String: String] = [:]
        for entry in stateMap {
            let parts = entry.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { map[String(parts[0])] = String(parts[1]) }
        }
        var options = ReaderOptions(timeZone: timezone, mapping: mapping, stateMap: map, encoding: encoding,
                                    sheet: sheet, eventsPath: eventsIn)
        options.invalidItems = skipInvalid ? .leaveOut : .refuse
        options.dateOrder = dateOrder
        options.headerRow = headerRow
        for entry in columnEntries {
            let parts = entry.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { options.columns[String(parts[0]).trimmingCharacters(in: .whitespaces)] = String(parts[1]) }
        }
        return options
    }
}

/// Flags that shape an output. Each maps onto one `WriterOptions` field.
struct WritingFlags: ParsableArguments {
    @Option(name: .long, help: "Output format (default: from the extension; canonical JSON for '-', standard output).")
    var to: String?

    @Flag(name: .long, help: "CSV for Excel: UTF-8 with a byte-order mark and CRLF line ends.")
    var excel = false

    @Option(name: .long, help: "CSV field delimiter: ',', ';' or tab (default: tab for a .tsv output, else ',').")
    var delimiter: CSVDelimiter?

    @OptionGroup var calendar: CalendarFlags

    @Option(name: .customLong("calendar-name"), help: "Calendar name (default: the board's name).")
    var calendarName: String?

    func writerOptions(mapping: String?, events: String?, encoding: String?) -> WriterOptions {
        WriterOptions(mapping: mapping, eventsPath: events, excel: excel, encoding: encoding,
                      delimiter: delimiter?.byte, calendar: calendar.options(over: CalendarOptions(calendarName: calendarName)))
    }
}

/// How due dates become a calendar: for `convert … out.ics` and `serve`'s feeds alike.
struct CalendarFlags: ParsableArguments {
    // No default here: `serve` tells a component given from none, which leaves its
    // configuration file's.
    @Option(name: .long, help: "Calendar component: event (Google), todo (Thunderbird, Apple Reminders), or both (default: event).")
    var component: CalendarOptions.Component?

    @Option(name: .long, help: ArgumentHelp("Calendar reminder before the due date, an ISO 8601 duration such as -P1D or -PT2H (repeatable).", valueName: "DURATION"))
    var alarm: [String] = []

    @Flag(name: .customLong("include-done"), help: "Keep finished cards in a calendar or feed.")
    var includeDone = false

    @Flag(name: .customLong("show-state"), help: "Show the state in calendar titles ([DOING] Fix login).")
    var showState = false

    /// `base` with each of these flags that was given in its place.
    func options(over base: CalendarOptions) -> CalendarOptions {
        var options = base
        if let component { options.component = component }
        if !alarm.isEmpty { options.alarms = alarm }
        if includeDone { options.includeDone = true }
        if showState { options.showState = true }
        return options
    }
}

extension CalendarOptions.Component: ExpressibleByArgument {}

/// How diagnostics are printed.
enum DiagnosticsStyle: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension SlashDateOrder: ExpressibleByArgument {
    /// The orders a person can ask for (`unknown` is what a column says when it cannot tell).
    public static var allValueStrings: [String] { [Self.monthFirst, .dayFirst].map(\.rawValue) }
}
