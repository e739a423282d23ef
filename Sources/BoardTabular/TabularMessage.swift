import BoardModel
import BoardIO

/// The diagnostics of the column mapping CSV and XLSX share: mapping files, the header, the
/// values of the rows, what a table layout cannot hold (`Diagnostic` tells where a target's
/// messages go). Column names are the headers as the file writes them.
public enum TabularMessage: DiagnosticMessage, Equatable {
    // The rows.
    /// The zone times without an offset were to be read in is not one (UTC is used).
    case invalidTimeZone(String)
    /// Column `column` (1-based) has no header.
    case emptyHeader(column: Int)
    /// No column holds the title. `mapping` is the named mapping's name and its title
    /// headers (nil for boardkit's own); `headers` are the file's.
    case noTitleColumn(mapping: String?, titleHeaders: [String], headers: [String])
    /// The header is row `row`; `passed` rows above it are passed over, the first of them
    /// holding `firstPassed`.
    case headerRow(row: Int, passed: Int, firstPassed: [String])
    /// `--header-row N` names a row that is not there or holds nothing.
    case noHeaderRow(Int)
    /// `--columns NAME=…` where NAME is no attribute.
    case columnsNotAnAttribute(String)
    /// `--columns NAME=HEADER` where the file has no such header; `headers` are its own.
    case columnsNoSuchHeader(name: String, header: String, headers: [String])
    /// No column was read as the state; `column` names begun or done work on `cards` cards
    /// (`shown`: the first few such values), and every card is in `todo`.
    case stateColumnUnread(todo: String, column: String, cards: Int, shown: [String])
    /// A row of `kind` is neither a card (`cardKinds`), a section nor a note.
    case rowSkipped(kind: String, cardKinds: [String])
    /// A value its attribute cannot take, kept as a custom field named after its column.
    case valueKept(column: String, value: String, reason: KeptReason)
    case impossibleDate(column: String, value: String)
    /// A slash date that reads two ways (`first`, `second`, ISO) and nothing in its column
    /// settles which.
    case ambiguousDate(column: String, value: String, first: String, second: String)
    /// The same, in a column whose dates show both orders: `shown` reads only `order`,
    /// `other` only the other order.
    case mixedDateOrders(column: String, value: String, first: String, second: String,
                         shown: String, order: SlashDateOrder, other: String)
    /// `count` slash dates that read both ways were read in `order`, as `shown` shows.
    case dateOrderShown(column: String, order: SlashDateOrder, shown: String, count: Int)
    /// What a table layout (`layout`: the mapping's name) cannot hold.
    case notWritten(TableLoss, layout: String)

    // Mappings (`--mapping NAME|FILE`).
    /// Neither a preset (`presets`, in order) nor a readable file.
    case noSuchMapping(String, presets: [String])
    case mappingNotAnObject
    case mappingColumnsNotAMap
    case mappingNotAnAttribute(String)
    case mappingColumnNotHeaders(String)
    case mappingDateFormatIncomplete(String)
    case mappingSlashDates(String)
    case mappingDateOnlyNotADate(String)
    case mappingDateOnlyNotAList
    case mappingRowsNoKind
    case mappingWriteNoHeader(index: Int)
    case mappingWriteValue(index: Int, value: String)
    case mappingWriteFormat(index: Int, pattern: String)
    case mappingWriteDateFormat(index: Int, pattern: String)

    /// Why a value was kept as a custom field.
    public enum KeptReason: Sendable, Equatable {
        case notACategory, notANumber, notABool
        /// Not a duration before the due (`-P1D`) nor a timestamp with its offset.
        case notAReminder
        /// Not `date;author;text` with a date the mapping reads.
        case notAComment
        /// Neither `date;author;name;url` nor a URL.
        case notAnAttachment
        /// Not a date in ISO 8601 nor in the mapping's `formats` (their patterns).
        case notADate(formats: [String])
    }

    public var code: DiagnosticCode {
        switch self {
        case .invalidTimeZone: .invalidTimeZone
        case .emptyHeader: .tabularEmptyHeader
        case .noTitleColumn: .tabularNoTitleColumn
        case .headerRow: .tabularHeaderRow
        case .noHeaderRow: .tabularNoHeaderRow
        case .stateColumnUnread: .tabularStateColumnUnread
        case .rowSkipped: .tabularRowSkipped
        case .valueKept: .tabularValueKept
        case .impossibleDate: .invalidDate
        case .ambiguousDate, .mixedDateOrders: .tabularAmbiguousDate
        case .dateOrderShown: .tabularDateOrderShown
        case .notWritten: .dataNotWritten
        case .columnsNotAnAttribute, .columnsNoSuchHeader, .noSuchMapping, .mappingNotAnObject, .mappingColumnsNotAMap,
             .mappingNotAnAttribute, .mappingColumnNotHeaders, .mappingDateFormatIncomplete, .mappingSlashDates,
             .mappingDateOnlyNotADate, .mappingDateOnlyNotAList, .mappingRowsNoKind, .mappingWriteNoHeader,
             .mappingWriteValue, .mappingWriteFormat, .mappingWriteDateFormat: .tabularBadMapping
        }
    }

    public var text: String {
        switch self {
        case .invalidTimeZone(let zone):
            return "'\(zone)' is not an IANA time-zone name; times without an offset are read as UTC"
        case .emptyHeader(let n):
            return "column \(n) has no header; its values are kept as field 'column \(n)'"
        case .noTitleColumn(let mapping, let titleHeaders, let headers):
            // A named preset says which of its own columns it takes the title from.
            let expected = mapping.map { "mapping '\($0)''s title column (\(titleHeaders.map { "'\($0)'" }.joined(separator: " or ")))" }
                ?? "title column (Title, Summary, Name, Task, Card Name, Content…)"
            let names = Self.quoted(headers)
            return "the header has no \(expected); it has \(names.isEmpty ? "no names" : names). Say which column holds the title with --columns title=HEADER, or name the mapping with --mapping"
        case .headerRow(let row, let passed, let firstPassed):
            let band = firstPassed.filter { !$0.trimmingSpaces.isEmpty }.prefix(3)
                .map { "'\($0.count > 60 ? String($0.prefix(57)) + "..." : $0)'" }.joined(separator: ", ")
            let rows = passed == 1 ? "the row above it (\(band)) is not a card" : "the \(passed) rows above it (\(band)…) are not cards"
            return "the header is row \(row); \(rows). Say --header-row N if the header is another row"
        case .noHeaderRow(let n):
            return "--header-row \(n): row \(n) is not there or holds nothing; nothing to read cards by"
        case .columnsNotAnAttribute(let name):
            return "--columns: '\(name)' is not an attribute (\(Self.attributeNames))"
        case .columnsNoSuchHeader(let name, let header, let headers):
            return "--columns: \(name)=\(header), but the header has no column '\(header)' (it has \(Self.quoted(headers)))"
        case .stateColumnUnread(let todo, let column, let n, let shown):
            return "no column was read as the state, so every card is in '\(todo)'; '\(column)' names states of work begun or done on \(n) \(n == 1 ? "card" : "cards") (\(Self.quoted(shown))). If it is the state, say --columns state='\(column)'"
        case .rowSkipped(let kind, let cardKinds):
            return "a row of kind '\(kind)' is neither a card (\(cardKinds.joined(separator: ", "))), a section nor a note; skipped"
        case .valueKept(let column, let value, let reason):
            let why = switch reason {
            case .notACategory: "is not a state category (To Do, In Progress, Done)"
            case .notANumber: "is not a number"
            case .notABool: "is not true or false"
            case .notAReminder: "is not a reminder (a duration before the due, -P1D, or a timestamp with its offset)"
            case .notAComment: "is not a comment as 'date;author;text' with a date this mapping reads"
            case .notAnAttachment: "is not an attachment as 'date;author;name;url' or a URL"
            case .notADate(let formats): "is not a date this mapping reads (ISO 8601\(formats.isEmpty ? "" : ", " + formats.joined(separator: ", ")))"
            }
            return "\(column) '\(value)' \(why); kept as custom field '\(column)'"
        case .impossibleDate(let column, let value):
            return "\(column) '\(value)' is not a real date"
        case .ambiguousDate(let column, let value, let first, let second):
            return Self.ambiguous(column, value, first, second, why: "no other date in this column settles it (a day over 12)")
        case .mixedDateOrders(let column, let value, let first, let second, let shown, let order, let other):
            let opposite: SlashDateOrder = order == .monthFirst ? .dayFirst : .monthFirst
            return Self.ambiguous(column, value, first, second,
                                  why: "this column has dates of both orders ('\(shown)' reads only \(Self.words(order)), '\(other)' only \(Self.words(opposite)))")
        case .dateOrderShown(let column, let order, let shown, let count):
            let dates = count == 1 ? "1 date that reads both ways was" : "\(count) dates that read both ways were"
            return "\(column): slash dates read \(Self.words(order)), as '\(shown)' shows; \(dates) read so. --date-order \(order == .monthFirst ? "day-first" : "month-first") reads them the other way"
        case .notWritten(let loss, let layout):
            switch loss {
            case .attribute(let attribute, let n):
                return "\(Counted(n, "card's", plural: "cards'")) \(attribute) not written: the \(layout) layout has no column for it"
            case .customFieldValues(let n):
                return "\(Counted(n, "custom field value")) not written: the \(layout) layout writes no custom fields"
            case .emptyFieldValues(let n):
                return "\(Counted(n, "empty custom field value")) not written: an empty cell reads back as no value"
            case .unknownCardKeys(let n):
                return "\(Counted(n, "unknown card key")) not written: a table keeps only known attributes and fields"
            case .nonFinitePositions(let n):
                return "\(Counted(n, "position")) that \(Counted.verb(n, "is not a finite number", "are not finite numbers")) written as text"
            }
        case .noSuchMapping(let name, let presets):
            return "'\(name)' is neither a mapping preset (\(presets.joined(separator: ", "))) nor a readable mapping file"
        case .mappingNotAnObject:
            return "not a JSON object; a mapping file is {\"name\": …, \"columns\": {…}}"
        case .mappingColumnsNotAMap:
            return "'columns' must map attributes to header lists"
        case .mappingNotAnAttribute(let name):
            return "'columns' has '\(name)', which is not an attribute (\(Self.attributeNames))"
        case .mappingColumnNotHeaders(let name):
            return "'columns.\(name)' must be a header or a list of headers"
        case .mappingDateFormatIncomplete(let pattern):
            return "date format '\(pattern)' needs a year, a month and a day (yyyy, MM or MMM, dd)"
        case .mappingSlashDates(let order):
            return "'slashDates' is 'month-first', 'day-first' or 'unknown', not '\(order)'"
        case .mappingDateOnlyNotADate(let name):
            return "'dateOnly' lists date attributes a card keeps as a calendar date (due, start), not '\(name)'"
        case .mappingDateOnlyNotAList:
            return "'dateOnly' must be a list such as [\"due\", \"start\"]"
        case .mappingRowsNoKind:
            return "'rows' needs 'kind', the header of the column saying what a row is"
        case .mappingWriteNoHeader(let k):
            return "write.columns[\(k)] has no 'header'"
        case .mappingWriteValue(let k, let value):
            return "write.columns[\(k)].value '\(value)' is not an attribute"
        case .mappingWriteFormat(let k, let pattern):
            return "write.columns[\(k)].format '\(pattern)' is not a date layout"
        case .mappingWriteDateFormat(let k, let pattern):
            return "write.columns[\(k)].dateFormat '\(pattern)' is not a date layout"
        }
    }

    private static let attributeNames =
        "id, title, body, state, stateCategory, due, dueComplete, start, created, updated, completed, labels, assignees, reminders, position, archived, url, comments, attachments, parent, children, blockedBy, blocks, relates, duplicates, field:NAME, ignore"

    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }

    private static func words(_ order: SlashDateOrder) -> String {
        order == .dayFirst ? "day first (DD/MM)" : "month first (MM/DD)"
    }

    private static func ambiguous(_ column: String, _ value: String, _ first: String, _ second: String, why: String) -> String {
        "\(column) '\(value)' could be \(first) or \(second): \(why); say --date-order month-first or day-first (or \"slashDates\" in a mapping file)"
    }
}

extension FieldChangesText.Failure {
    /// What is wrong with the cell's text, for the reader's diagnostic at the cell.
    public var text: String {
        switch self {
        case .notAnArray: "the changes are not a JSON array"
        case .textAfterArray: "text after the end of the changes' array"
        case .listNotClosed: "the list of changes is not closed with ']'"
        case .notAnObject(let n): "change \(n) is not a JSON object"
        case .keyNotAString(let n): "change \(n) has a key that is not a JSON string"
        case .noColon(let n, let key): "change \(n) has no ':' after \"\(key)\""
        case .fieldNotAString(let n): "change \(n)'s \"field\" is not a string"
        case .badValue(let n, let side): "change \(n)'s \"\(side)\" is not a string, an array of strings or null"
        case .unknownKey(let n, let key): "change \(n) has the key \"\(key)\"; a change holds only field, old and new"
        case .changeNotClosed(let n): "change \(n) is not closed with '}'"
        case .noField(let n): "change \(n) has no \"field\""
        }
    }
}
