import BoardModel
import BoardIO
import BoardJSON
import BoardXLSX
import BoardICS
import BoardCSV
import BoardForeign
import BoardStore

/// One format the command knows: its name, the file extensions that select it, and its
/// reader and writer (either may be absent for one-way formats).
public struct BoardFormat: Sendable {
    /// What `--from` and `--to` take (`json`, `csv`, `trello`).
    public let name: String
    /// Lower-case extensions without the dot.
    public let extensions: [String]
    /// One line for `boardkit formats` and the README.
    public let summary: String
    public let reader: (any BoardReader)?
    public let writer: (any BoardWriter)?
    /// Its files are bytes, not text (never written to a terminal).
    public let isBinary: Bool

    public init(name: String, extensions: [String], summary: String,
                reader: (any BoardReader)?, writer: (any BoardWriter)?, isBinary: Bool = false) {
        self.name = name
        self.extensions = extensions
        self.summary = summary
        self.reader = reader
        self.writer = writer
        self.isBinary = isBinary
    }
}

/// Every format, in sniffing order: a format whose content is more specific comes before
/// the one whose extension it shares (a Trello export is also a `.json` file).
/// Adding a format: a reader/writer pair in a target of its own (its folder, a row in
/// README's Layout and Package.swift), one line here, its codes in DiagnosticCatalog, and a
/// fuzz entry (Fuzz/): docs/design.md walks through it.
public enum FormatRegistry {
    /// boardkit's own store: the one format a `postgres://` address also names.
    public static let store = BoardFormat(name: "store", extensions: ["db", "sqlite", "sqlite3"], summary: "boardkit's own store (a SQLite file, or a postgres:// address): the board, its current values and the change log that undo, redo and history use; found by content; lossless", reader: StoreReader(), writer: StoreWriter(), isBinary: true)

    public static let all: [BoardFormat] = [
        // Formats register here, one line each.
        store,
        BoardFormat(name: "csv", extensions: ["csv", "tsv", "txt"], summary: "CSV, one row per card; column mappings for Jira, GitHub, Trello, Todoist, Asana, Kanboard, Plane; --events FILE for history", reader: CSVReader(), writer: CSVWriter()),
        // Foreign JSON formats: found by content (no extension of their own, so a .json output stays canonical JSON).
        BoardFormat(name: "trello", extensions: [], summary: "Trello board export JSON, .json found by content (lists, cards, checklists, custom fields, actions as history); also what Wekan, Planka and Focalboard import", reader: TrelloReader(), writer: TrelloWriter()),
        BoardFormat(name: "ics", extensions: ["ics", "ical", "ifb"], summary: "iCalendar (RFC 5545): cards with a due date as events and/or to-dos, the feed calendars subscribe to; reads other calendars' events and to-dos", reader: ICSReader(), writer: ICSWriter()),
        BoardFormat(name: "xlsx", extensions: ["xlsx", "xlsm"], summary: "Excel workbook: sheets Cards (dates as date cells, state dropdown, overdue in red), History, States, Board; lossless round trip; any workbook's first sheet or --sheet NAME through the column mappings", reader: BoardXLSXReader(), writer: BoardXLSXWriter(), isBinary: true),
        BoardFormat(name: "taskwarrior", extensions: [], summary: "Taskwarrior `task export` JSON, .json found by content; writes what `task import` takes", reader: TaskwarriorReader(), writer: TaskwarriorWriter()),
        BoardFormat(name: "json", extensions: ["json"], summary: "boardkit's canonical JSON (lossless)", reader: BoardJSONReader(), writer: BoardJSONWriter()),
    ]

    /// The format called `name` (case-insensitive).
    public static func named(_ name: String) -> BoardFormat? {
        all.first { $0.name == name.lowercased() }
    }

    /// Formats whose extension matches the path's.
    public static func candidates(forPath path: String) -> [BoardFormat] {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return [] }
        let ext = path[path.index(after: dot)...].lowercased()
        return all.filter { $0.extensions.contains(ext) }
    }

    /// The format for reading a file: `--from` if given, else the first format whose reader
    /// recognises the content, preferring those matching the extension; else the extension.
    public static func formatForReading(path: String, head: [UInt8], explicit: String?) -> BoardFormat? {
        if let explicit { return named(explicit) }
        let byExtension = candidates(forPath: path).filter { $0.reader != nil }
        let ordered = byExtension + all.filter { f in !byExtension.contains { $0.name == f.name } }
        for format in ordered {
            if let sniffer = format.reader as? any SniffingReader, sniffer.recognizes(head: head) {
                return format
            }
        }
        return byExtension.first
    }

    /// The format for writing: `--to` if given, else the extension.
    public static func formatForWriting(path: String, explicit: String?) -> BoardFormat? {
        if let explicit { return named(explicit) }
        if StoreLocation(path).isDatabase { return store }
        return candidates(forPath: path).first { $0.writer != nil }
    }
}
