import Foundation
import BoardModel

/// A board converted from Trello by boardkit before #44 kept checklists and attachments as
/// text fields (`TrelloKeys.checklists`, appended to the body too, and
/// `TrelloKeys.attachments`). The reader no longer makes them; the writer reads them back
/// into checklists and attachments for a card that has none of its own, so such a board
/// still goes back to Trello whole.
enum TrelloLegacyFields {
    /// The checklists of a `## Name` / `- [x] item` section.
    static func checklists(_ section: String) -> [Checklist] {
        var out: [Checklist] = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("## ") {
                out.append(Checklist(name: String(line.dropFirst(3))))
            } else if line.hasPrefix("- [") && line.count >= 6 {
                let mark = line[line.index(line.startIndex, offsetBy: 3)]
                if out.isEmpty { out.append(Checklist(name: "Checklist")) }
                out[out.count - 1].items.append(ChecklistItem(text: String(line.dropFirst(6)), done: mark == "x" || mark == "X"))
            }
        }
        return out
    }

    /// The description without the checklist section the old reader appended to it (the
    /// body as is when it does not end with it).
    static func desc(body: String, section: String) -> String {
        if section.isEmpty { return body }
        if body == section { return "" }
        if body.hasSuffix("\n\n" + section) { return String(body.dropLast(section.count + 2)) }
        return body
    }

    /// The links of `name <url>` lines (a line that is only a URL names itself).
    static func attachments(_ text: String) -> [Attachment] {
        text.split(separator: "\n").map { line in
            if line.hasSuffix(">"), let open = line.range(of: " <", options: .backwards) {
                return Attachment(name: String(line[..<open.lowerBound]),
                                  url: String(line[open.upperBound..<line.index(before: line.endIndex)]), upload: false)
            }
            return Attachment(name: String(line), url: String(line), upload: false)
        }
    }
}
