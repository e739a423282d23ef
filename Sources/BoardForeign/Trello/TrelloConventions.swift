import Foundation
import BoardModel
import BoardIO

/// Names under which a board read from Trello keeps what the model has no place for, and
/// the extension keys boardkit's Trello writer adds (other importers ignore them), so that
/// Trello → board → Trello → board gives the same board.
public enum TrelloKeys {
    // Card fields.
    /// "true" when the card's due date is marked complete.
    public static let dueComplete = "trello.dueComplete"
    /// The card's checklists as text (`## Name` then `- [x] item` lines); also appended to the body.
    public static let checklists = "trello.checklists"
    /// The card's attachments, one per line: `name <url>` (or the URL alone when it is the name).
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

/// A card's checklists, rendered as text for the body and the `trello.checklists` field,
/// and parsed back from that text by the writer.
struct TrelloChecklist: Equatable {
    struct Item: Equatable {
        var name: String
        var complete: Bool
    }
    var name: String
    var items: [Item]

    /// `## Name` then one `- [x] item` / `- [ ] item` line per item; checklists separated by a
    /// blank line. Line breaks inside names become spaces.
    static func render(_ lists: [TrelloChecklist]) -> String {
        func oneLine(_ s: String) -> String {
            s.contains(where: \.isNewline) ? String(s.map { $0.isNewline ? " " : $0 }) : s
        }
        return lists.map { list in
            (["## " + oneLine(list.name)] + list.items.map { "- [\($0.complete ? "x" : " ")] " + oneLine($0.name) })
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    static func parse(_ text: String) -> [TrelloChecklist] {
        var out: [TrelloChecklist] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("## ") {
                out.append(TrelloChecklist(name: String(line.dropFirst(3)), items: []))
            } else if line.hasPrefix("- [") && line.count >= 6 {
                let mark = line[line.index(line.startIndex, offsetBy: 3)]
                let name = String(line.dropFirst(6))
                if out.isEmpty { out.append(TrelloChecklist(name: "Checklist", items: [])) }
                out[out.count - 1].items.append(Item(name: name, complete: mark == "x" || mark == "X"))
            }
        }
        return out
    }

    /// The body with the checklist section appended.
    static func body(desc: String, section: String) -> String {
        if section.isEmpty { return desc }
        return desc.isEmpty ? section : desc + "\n\n" + section
    }

    /// The description without the section `body(desc:section:)` appended (the body as is when
    /// it does not end with it).
    static func desc(body: String, section: String) -> String {
        if section.isEmpty { return body }
        if body == section { return "" }
        if body.hasSuffix("\n\n" + section) { return String(body.dropLast(section.count + 2)) }
        return body
    }
}

/// A card's attachment links as field text: one `name <url>` per line.
struct TrelloAttachment: Equatable {
    var name: String
    var url: String

    static func render(_ items: [TrelloAttachment]) -> String {
        items.map { $0.name.isEmpty || $0.name == $0.url ? $0.url : "\($0.name) <\($0.url)>" }
            .joined(separator: "\n")
    }

    static func parse(_ text: String) -> [TrelloAttachment] {
        text.split(separator: "\n").map { line in
            if line.hasSuffix(">"), let open = line.range(of: " <", options: .backwards) {
                return TrelloAttachment(name: String(line[..<open.lowerBound]),
                                        url: String(line[open.upperBound..<line.index(before: line.endIndex)]))
            }
            return TrelloAttachment(name: String(line), url: String(line))
        }
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
