import Foundation
import BoardModel
import BoardIO

/// Names under which a board read from Trello keeps what the model has no place for, and
/// the extension keys boardkit's Trello writer adds (other importers ignore them), so that
/// Trello → board → Trello → board gives the same board.
public enum TrelloKeys {
    // Card fields.
    /// Where a board converted before the model had `Card.dueComplete` kept a met due
    /// ("true"); the writer still reads it.
    public static let dueComplete = "trello.dueComplete"
    /// Where a board converted by boardkit before #44 kept a card's checklists as text (and
    /// appended them to the body); the writer still turns it into checklists (`TrelloLegacyFields`).
    public static let checklists = "trello.checklists"
    /// Where a board converted before #44 kept a card's attachments as text, one `name <url>`
    /// per line; the writer still turns it into attachments.
    public static let attachments = "trello.attachments"
    /// Fields with this prefix are Trello's own; any other field is a custom field.
    public static let prefix = "trello."

    // Board metadata.
    public static let url = "trello.url"
    public static let desc = "trello.desc"
    /// Label colours, one `name=color` per line.
    public static let labelColors = "trello.labels"
    /// Members' full names, one `username=Full Name` per line.
    public static let memberNames = "trello.members"
    /// Custom field types, one `name=type` per line (text, number, date, checkbox, list).
    public static let customFieldTypes = "trello.customFields"
    /// Ids of the states that were archived (closed) lists, comma-separated.
    public static let closedLists = "trello.closedLists"

    /// Extension key of the export object, a list and a card: boardkit's own values.
    public static let boardkit = "boardkit"
    /// List keys: the state id and category, so a board's states survive a trip through Trello.
    public static let listState = "boardkitState"
    public static let listCategory = "boardkitCategory"

    /// How many actions Trello's JSON export holds at most: the last 1,000.
    public static let actionLimit = 1000

    /// Trello's label colours (a label with no name shows its colour).
    public static let colors = ["green", "yellow", "orange", "red", "purple", "blue", "sky", "lime", "pink", "black"]
}

/// Trello's 24-hex-digit ids (MongoDB ObjectIds).
enum TrelloID {
    /// The creation second an ObjectId carries in its first 8 hex digits.
    static func creationTime(_ id: String) -> Instant? {
        let u = Array(id.utf8)
        guard u.count == 24, u.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }),
              let seconds = Int64(String(id.prefix(8)), radix: 16) else { return nil }
        return Instant(epochSeconds: seconds)
    }

    /// A deterministic ObjectId-shaped id for something boardkit writes (a list, a label…),
    /// so that writing the same board twice gives the same file.
    static func make(_ kind: String, _ key: String) -> String {
        let a = StableID.make(prefix: "", from: [kind, key])
        let b = StableID.make(prefix: "", from: [key, kind])
        return a + b.prefix(8)
    }
}

/// Trello's timestamps: ISO 8601 in UTC with milliseconds (`2026-11-02T09:00:00.000Z`).
enum TrelloDate {
    static func format(_ i: Instant) -> String {
        let l = i.utc.local
        var out: [UInt8] = []
        out.reserveCapacity(24)
        ISO8601.appendLocal(LocalDateTime(date: l.date, hour: l.hour, minute: l.minute, second: l.second), to: &out)
        let ms = l.millisecond
        out.append(UInt8(ascii: "."))
        out.append(48 + UInt8(ms / 100))
        out.append(48 + UInt8(ms / 10 % 10))
        out.append(48 + UInt8(ms % 10))
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }
}

/// `name=value` lines, the form board metadata keeps small Trello tables in.
enum KeyValueLines {
    static func render(_ pairs: [(String, String)]) -> String {
        pairs.map { "\($0.0.replacingOccurrences(of: "\n", with: " "))=\($0.1.replacingOccurrences(of: "\n", with: " "))" }
            .joined(separator: "\n")
    }

    /// Splits each line at the last `=` (names may hold `=`, values here never do).
    static func pairs(_ text: String?) -> [(String, String)] {
        guard let text else { return [] }
        var out: [(String, String)] = []
        for line in text.split(separator: "\n") {
            guard let eq = line.lastIndex(of: "=") else { continue }
            out.append((String(line[..<eq]), String(line[line.index(after: eq)...])))
        }
        return out
    }

    static func parse(_ text: String?) -> [String: String] {
        Dictionary(pairs(text), uniquingKeysWith: { _, b in b })
    }
}
