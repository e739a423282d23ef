/// The sheets and reserved columns of the workbook boardkit writes, shared by the writer and
/// the reader so that the two cannot drift apart.
///
/// - **Cards**: one row per card in the tabular layout CSV uses (BoardTabular), then hidden
///   `boardkit:` columns that make the round trip exact (see `ExactColumn`).
/// - **History**: one event per row.
/// - **States**: the state catalogue; the Cards state dropdown lists its names.
/// - **Board**: key/value rows: format, id, name, time zone, export time, metadata, extras.
/// - **Comments**, **Checklists**, **Attachments**, **Links** (each only when some card has
///   one: a board without a conversation gives the workbook it gave before): a card's
///   conversation, one row per element (a checklist item; a checklist without items is one
///   row without an item) in the card's order, a table a person can filter.
/// - **Overflow** (hidden, only when needed): texts longer than a cell holds, in pieces.
///
/// A sheet that would pass Excel's 1,048,576 rows continues in `Cards (2)`, `History (2)` …
enum WorkbookSchema {
    static let cards = "Cards"
    static let history = "History"
    static let states = "States"
    static let board = "Board"
    static let overflow = "Overflow"
    static let comments = "Comments"
    static let checklists = "Checklists"
    static let attachments = "Attachments"
    static let links = "Links"

    /// The value of the Board sheet's `format` row that marks a workbook as boardkit's own.
    static let formatMarker = "boardkit/1"

    /// Excel's row limit, header included.
    static let maxRows = Worksheet.maxRows

    /// The name of the `part`-th sheet (0-based) of a sheet continued over several.
    static func continuation(_ base: String, part: Int) -> String {
        part == 0 ? base : "\(base) (\(part + 1))"
    }

    /// The part number of `name` if it continues `base` (`History (3)` → 2), else nil.
    static func part(of name: String, base: String) -> Int? {
        if name == base { return 0 }
        guard name.hasPrefix(base + " ("), name.hasSuffix(")") else { return nil }
        let digits = name.dropFirst(base.count + 2).dropLast()
        guard let n = Int(digits), n >= 2 else { return nil }
        return n - 1
    }

    /// Board sheet keys.
    enum BoardKey {
        static let format = "format"
        static let id = "id"
        static let name = "name"
        static let timeZone = "timezone"
        static let exported = "exported"
        static let metadataPrefix = "metadata:"
        static let extrasPrefix = "extras:"
    }

    /// History sheet columns, in order. `changes` (the fields an event changed, as compact
    /// JSON: `FieldChangesText`) came later than the others; the reader finds every column by
    /// its header, so workbooks written before it still read.
    static let historyHeader = ["card", "at", "type", "from", "to", "actor", "changes",
                                ExactColumn.prefix + "at", ExactColumn.prefix + "extras"]
    /// States sheet columns, in order.
    static let statesHeader = ["id", "name", "category", "wip limit", ExactColumn.prefix + "extras"]
    /// Comments sheet columns; the hidden ones keep the exact instants (`ExactInstant`).
    static let commentsHeader = ["card", "id", "author", "at", "text", "edited",
                                 ExactColumn.prefix + "at", ExactColumn.prefix + "edited"]
    /// Checklists sheet columns: one row per item; `done` a boolean cell. The hidden
    /// `boardkit:checklist` is the checklist's place on its card (1, 2…), so two checklists of
    /// one name without ids stay two; a row a person adds without it joins by name and id.
    static let checklistsHeader = ["card", "checklist", "checklist id", "item", "done", "due", "assignee",
                                   ExactColumn.prefix + "due", ExactColumn.prefix + "checklist"]
    /// Attachments sheet columns: `size` a number of bytes, `upload` a boolean cell.
    static let attachmentsHeader = ["card", "name", "url", "type", "size", "at", "by", "upload",
                                    ExactColumn.prefix + "at"]
    /// Links sheet columns: both sides of a link are rows, as on the cards.
    static let linksHeader = ["card", "type", "other card"]
    /// Overflow sheet columns.
    static let overflowHeader = ["sheet", "key", "column", "part", "text"]
}

/// The hidden columns of the Cards sheet (and History's), named `boardkit:…`. A person can
/// ignore them; edits to the visible cells win over them (see `ExactInstant`).
enum ExactColumn: String, CaseIterable, Sendable {
    /// The exact instant behind a date-time cell, when the cell alone cannot give it back.
    case due, start, created, updated, completed
    /// The card's unknown keys (raw JSON), as one JSON object.
    case extras
    /// Names of custom fields whose value is the empty string (an empty cell reads as none).
    case emptyFields = "empty-fields"

    static let prefix = "boardkit:"

    var header: String { ExactColumn.prefix + rawValue }

    init?(header: String) {
        guard header.hasPrefix(ExactColumn.prefix) else { return nil }
        self.init(rawValue: String(header.dropFirst(ExactColumn.prefix.count)))
    }
}
