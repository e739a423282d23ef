import BoardLocale
import BoardModel
import BoardStore

/// `boardkit show CARD`: one card whole, for a terminal: its fields, then its checklists,
/// attachments, links and the comments in time order (each with its id, which `comment
/// --edit` and `--remove` take), times in the board's zone.
public struct CardShowText {
    public var board: Board
    public var card: StoredCard
    /// The cards the links name that the board has, by id: a link shows as `#N 'title'`
    /// where it can, and by the id it keeps where the board lacks that card.
    public var linked: [String: StoredCard]

    public init(board: Board, card: StoredCard, linked: [String: StoredCard] = [:]) {
        self.board = board
        self.card = card
        self.linked = linked
    }

    public func render() -> String {
        let zone = board.zone ?? .utc
        let c = card.card
        var out = "#\(card.number) \(c.title)\n"
        var facts = ["id: \(c.id)", "state: \(board.state(withID: c.state)?.name ?? c.state)"]
        if let due = c.due { facts.append("due: \(ReportLocale.en.due(due, zone: zone))") }
        if let start = c.start { facts.append("start: \(ReportLocale.en.due(start, zone: zone))") }
        if !c.labels.isEmpty { facts.append("labels: \(c.labels.joined(separator: ", "))") }
        if !c.assignees.isEmpty { facts.append("assignees: \(c.assignees.joined(separator: ", "))") }
        if !c.reminders.isEmpty {
            facts.append("reminders: " + c.reminders.map { ReportLocale.en.reminder($0, due: c.due, zone: zone) }.joined(separator: "; "))
        }
        if let url = c.url { facts.append("url: \(url)") }
        if c.archived { facts.append("archived") }
        out += facts.map { "  \($0)\n" }.joined()
        if !c.body.isEmpty { out += "\n" + indented(c.body) }
        for list in c.checklists {
            out += "\n\(list.name) (\(list.doneCount)/\(list.items.count))\n"
            for item in list.items {
                var line = "  [\(item.done ? "x" : " ")] \(item.text)"
                if let due = item.due { line += "  due \(ReportLocale.en.due(due, zone: zone))" }
                if let who = item.assignee { line += "  @\(who)" }
                out += line + "\n"
            }
        }
        if !c.attachments.isEmpty {
            out += "\nAttachments\n"
            for a in c.attachments {
                var line = "  \(a.name) <\(a.url)>"
                if let size = a.size { line += " \(size) bytes" }
                if let type = a.type { line += " \(type)" }
                out += line + "\n"
            }
        }
        if !c.links.isEmpty {
            out += "\nLinks\n" + c.links.map { link in
                let other = linked[link.card].map { "#\($0.number) '\($0.card.title)'" } ?? "\(link.card) (not on this board)"
                return "  \(link.type.rawValue) \(other)\n"
            }.joined()
        }
        if !c.comments.isEmpty {
            out += "\nComments\n"
            for comment in c.comments {
                let local = zone.local(comment.at)
                let edited = comment.edited == nil ? "" : " (edited)"
                out += "  \(comment.author ?? "someone"), \(local.date) \(two(local.hour)):\(two(local.minute))\(edited) [\(comment.id)]\n"
                out += indented(comment.text, by: 4)
            }
        }
        return out
    }

    private func indented(_ text: String, by spaces: Int = 2) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 + "\n" }.joined()
    }

    private func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
