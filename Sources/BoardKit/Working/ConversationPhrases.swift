import BoardIO
import BoardLocale
import BoardModel

/// What a change to a card's conversation did, in a few words a history line can hold:
/// `commented "Okta first…"`, `ticked "Write tests"`, `linked parent #7 'Okta'`. The change log
/// keeps each part whole (old and new JSON); the words come from comparing the two.
struct ConversationPhrases {
    var locale: ReportLocale
    /// Sets a person's text apart (`HistoryText`'s isolates on a page).
    var written: (String) -> String
    /// Names the card a link is to, by its id.
    var card: (String) -> String

    /// The phrases for one logged change of `part`.
    func phrases(_ part: ConversationPart, old: FieldValue?, new: FieldValue?) -> [String] {
        var before = Card(id: "", title: "", state: ""), after = before
        before.set(part, to: old)
        after.set(part, to: new)
        switch part {
        case .comments: return comments(before.comments, after.comments)
        case .checklists: return checklists(before.checklists, after.checklists)
        case .attachments: return attachments(before.attachments, after.attachments)
        case .links: return links(before.links, after.links)
        }
    }

    private func ko(_ english: String, _ korean: String) -> String { locale == .ko ? korean : english }

    /// A comment's first line, cut at 60 characters, quoted.
    private func quoted(_ text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        let short = line.count > 60 ? String(line.prefix(60)) + "…" : (line.count < text.count ? line + "…" : line)
        return "\"\(written(short))\""
    }

    private func comments(_ old: [CardComment], _ new: [CardComment]) -> [String] {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let now = Set(new.map(\.id))
        var out: [String] = []
        for c in new {
            if let was = before[c.id] {
                if was.text != c.text { out.append(ko("edited a comment to \(quoted(c.text))", "댓글을 \(quoted(c.text))(으)로 고침")) }
            } else {
                out.append(ko("commented \(quoted(c.text))", "댓글 \(quoted(c.text))을 남김"))
            }
        }
        for c in old where !now.contains(c.id) { out.append(ko("removed the comment \(quoted(c.text))", "댓글 \(quoted(c.text))을 지움")) }
        return out
    }

    private func checklists(_ old: [Checklist], _ new: [Checklist]) -> [String] {
        func items(_ lists: [Checklist]) -> [String: ChecklistItem] {
            var out: [String: ChecklistItem] = [:]
            for list in lists { for item in list.items { out[list.name + "\u{0}" + item.text] = item } }
            return out
        }
        let before = items(old), after = items(new)
        var out: [String] = []
        for list in new {
            for item in list.items {
                let name = quoted(item.text)
                switch before[list.name + "\u{0}" + item.text] {
                case nil where item.done:
                    out.append(ko("added \(name) to \(written(list.name)), ticked", "\(written(list.name))에 \(name) 항목을 추가하고 완료함"))
                case nil: out.append(ko("added \(name) to \(written(list.name))", "\(written(list.name))에 \(name) 항목을 추가함"))
                case let was? where was.done != item.done:
                    out.append(item.done ? ko("ticked \(name)", "\(name) 항목을 완료함") : ko("unticked \(name)", "\(name) 항목의 완료를 취소함"))
                default: break
                }
            }
        }
        for list in old {
            for item in list.items where after[list.name + "\u{0}" + item.text] == nil {
                out.append(ko("removed \(quoted(item.text)) from \(written(list.name))", "\(written(list.name))에서 \(quoted(item.text)) 항목을 지움"))
            }
        }
        return out
    }

    private func attachments(_ old: [Attachment], _ new: [Attachment]) -> [String] {
        let before = Set(old), after = Set(new)
        return new.filter { !before.contains($0) }.map { ko("attached \(quoted($0.name))", "\(quoted($0.name))을 첨부함") }
            + old.filter { !after.contains($0) }.map { ko("removed the attachment \(quoted($0.name))", "첨부 \(quoted($0.name))을 지움") }
    }

    private func links(_ old: [CardLink], _ new: [CardLink]) -> [String] {
        let before = Set(old), after = Set(new)
        return new.filter { !before.contains($0) }.map { ko("linked \($0.type.rawValue) \(card($0.card))", "\(card($0.card)) 카드와 연결함(\($0.type.rawValue))") }
            + old.filter { !after.contains($0) }.map { ko("unlinked \($0.type.rawValue) \(card($0.card))", "\(card($0.card)) 카드와의 연결을 끊음(\($0.type.rawValue))") }
    }
}
