import BoardIO
import BoardModel

/// One change to a card's conversation, applied to the card as stored when the step's
/// transaction starts (as a patch's label changes are), so two people commenting at once
/// both land. Who wrote a comment and when is the step's actor and time, never a name or
/// a time a request carries. A link's other side is an edit of the other card in the same
/// step (`boardkit link`).
public enum ConversationChange: Sendable, Equatable {
    /// A comment added after the others.
    case comment(text: String)
    /// The comment's text replaced, marked edited at the step's time.
    case editComment(id: String, text: String)
    case removeComment(id: String)
    /// The item (by its text) in the checklist named `checklist`: added when missing (the
    /// checklist too), its state set when `done` is given.
    case check(checklist: String, item: String, done: Bool?)
    /// The item taken out of its checklist (the checklist too, once empty).
    case uncheck(checklist: String, item: String)
    case link(CardLink)
    case unlink(CardLink)
    case attach(Attachment)
    /// Every attachment with this URL taken off.
    case detach(url: String)
    /// The comments as another copy of the card holds them, ids and times as they are there
    /// (a sync's merge of a to-do's comments with the card's).
    case comments([CardComment])
    /// The attachments as another copy of the card holds them (a sync's merge).
    case attachments([Attachment])

    /// `card` with the change made in `step`.
    func applied(to card: Card, in step: StepInfo) -> Card {
        var c = card
        switch self {
        case .comment(let text):
            // Unique on the card: its number among the card's comments is in the id.
            let id = StableID.make(prefix: "c-", from: [c.id, step.at.description, step.actor ?? "", text, String(c.comments.count)])
            c.comments.append(CardComment(id: id, author: step.actor, at: step.at, text: text))
        case .editComment(let id, let text):
            for k in c.comments.indices where c.comments[k].id == id {
                c.comments[k].text = text
                c.comments[k].edited = step.at
            }
        case .removeComment(let id):
            c.comments.removeAll { $0.id == id }
        case .check(let name, let item, let done):
            let list = c.checklists.firstIndex { $0.name == name } ?? {
                c.checklists.append(Checklist(name: name))
                return c.checklists.count - 1
            }()
            if let k = c.checklists[list].items.firstIndex(where: { $0.text == item }) {
                if let done { c.checklists[list].items[k].done = done }
            } else {
                c.checklists[list].items.append(ChecklistItem(text: item, done: done ?? false))
            }
        case .uncheck(let name, let item):
            guard let list = c.checklists.firstIndex(where: { $0.name == name }) else { break }
            c.checklists[list].items.removeAll { $0.text == item }
            if c.checklists[list].items.isEmpty { c.checklists.remove(at: list) }
        case .link(let link):
            if !c.links.contains(link) { c.links.append(link) }
        case .unlink(let link):
            c.links.removeAll { $0 == link }
        case .attach(var attachment):
            attachment.at = attachment.at ?? step.at
            attachment.by = attachment.by ?? step.actor
            c.attachments.append(attachment)
        case .detach(let url):
            c.attachments.removeAll { $0.url == url }
        case .comments(let comments):
            c.comments = comments
        case .attachments(let attachments):
            c.attachments = attachments
        }
        return c
    }
}
