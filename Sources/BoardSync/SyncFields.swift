import BoardEditing
import BoardICS
import BoardModel
import BoardStore

/// The card fields a sync carries, as `FieldChange` names and values: what is compared,
/// merged and remembered as the base. Assignees, custom fields and positions stay local
/// (a to-do has no place for them that other apps keep). Reminders travel as VALARMs: one
/// set on the phone is the card's, one set here rings on the phone. Comments and
/// attachments travel as COMMENT and ATTACH, links as RELATED-TO (naming the other card's
/// to-do by its UID, `TodoUIDs`), all three merged element by element (`ThreadMerge`);
/// checklists have no place in a to-do, so they stay local.
enum SyncFields {
    static let names = ["title", "body", "state", "due", "start", "labels", "url", "reminders", "comments", "attachments", "links"]

    /// A card's synced values. Times to the second: iCalendar has no finer unit, and a
    /// difference a server cannot hold must not look like a change on every sync.
    static func values(of card: Card) -> [String: FieldValue] {
        var out: [String: FieldValue] = [:]
        for name in names {
            switch name {
            case "due": if let d = card.due { out[name] = .text(seconds(d).description) }
            case "start": if let d = card.start { out[name] = .text(seconds(d).description) }
            case "reminders":
                let carried = carriedReminders(of: card)
                if !carried.isEmpty { out[name] = .list(carried.map(\.description)) }
            default:
                if let part = ThreadMerge.part(named: name) {
                    if let v = card.value(of: part) { out[name] = v }
                } else if let v = card.value(of: name) {
                    out[name] = v
                }
            }
        }
        return out
    }

    /// A to-do's values on `board`: its state from boardkit's own property when STATUS agrees
    /// with that state's category, else the board's first state of STATUS's category (a to-do
    /// completed in another app is done, whatever boardkit last wrote).
    static func values(of todo: ICSTodoResource.Todo, on board: Board) -> [String: FieldValue] {
        var card = todo.card
        card.state = state(of: todo, on: board)
        return values(of: card)
    }

    /// What the ledger remembers as both sides' values after reading `todo`: its values, with
    /// the state the resource names (X-BOARDKIT-STATE), so a to-do finished elsewhere whose
    /// named state is still the old one gets boardkit's done state back on the push.
    static func agreed(_ todo: ICSTodoResource.Todo, on board: Board) -> [String: FieldValue] {
        var agreed = values(of: todo, on: board)
        if let named = todo.state, named != agreed["state"]?.description { agreed["state"] = .text(named) }
        return agreed
    }

    static func state(of todo: ICSTodoResource.Todo, on board: Board) -> String {
        let category: StateCategory = switch todo.status {
        case "COMPLETED"?, "CANCELLED"?: .done
        case "IN-PROCESS"?: .doing
        case nil where todo.card.completed != nil: .done
        default: .todo
        }
        if let own = todo.state, board.category(ofState: own) == category { return own }
        return board.states.first { $0.category == category }?.id ?? board.states.first?.id ?? ""
    }

    /// The fields of `values` (a to-do's) that no card may hold, with why: the rules the
    /// terminal and the page keep (BoardEditing's `CardText`: a title of one line, at most 500
    /// characters; no control characters in notes…). What passes is taken as the other app
    /// wrote it (not trimmed: a push would rewrite the to-do for a space).
    static func refused(_ values: [String: FieldValue]) -> [String: CardText.Problem] {
        var refused: [String: CardText.Problem] = [:]
        func check<T>(_ field: String, _ result: Result<T, CardText.Problem>) {
            if case .failure(let problem) = result { refused[field] = problem }
        }
        // A title must be there; the other fields may be absent (cleared).
        check("title", CardText.title(values["title"]?.description ?? ""))
        if case .text(let body)? = values["body"] { check("body", CardText.body(body)) }
        if case .text(let url)? = values["url"] { check("url", CardText.url(url)) }
        if case .list(let labels)? = values["labels"] { check("labels", CardText.items(labels)) }
        return refused
    }

    /// The store's edits that give `card` the values `changes` names (nil: the field cleared);
    /// a move into a done state keeps the to-do's completion time, `completed`.
    static func edits(_ changes: [String: FieldValue?], to card: Card, completed: Instant? = nil) -> [CardEdit] {
        var patch = CardPatch()
        var state: String?
        for (name, change) in changes {
            let value: FieldValue? = change
            let text: String? = if case .text(let s)? = value { s } else { nil }
            switch name {
            case "title": patch.title = text ?? ""
            case "body": patch.body = text ?? ""
            case "due": patch.due = .some(text.flatMap { DueDate(iso: $0) })
            case "start": patch.start = .some(text.flatMap { DueDate(iso: $0) })
            case "url": patch.url = .some(text)
            case "labels":
                let labels: [String] = if case .list(let items)? = value { items } else { [] }
                (patch.addLabels, patch.removeLabels) = ListEdit.change(from: card.labels, to: labels)
            case "state": state = text
            case "comments", "attachments":
                var merged = card
                guard let part = ThreadMerge.part(named: name), merged.set(part, to: value) else { break }
                patch.conversation.append(part == .comments ? .comments(merged.comments) : .attachments(merged.attachments))
            case "reminders":
                let items: [String] = if case .list(let items)? = value { items } else { [] }
                let wanted = items.compactMap { Reminder(text: $0) }
                patch.addReminders = wanted.filter { !card.reminders.contains($0) }
                // One a to-do cannot carry (before a due the card lacks) was never there to remove.
                let carried = carriedReminders(of: card)
                patch.removeReminders = card.reminders.filter { carried.contains($0) && !wanted.contains($0) }
            default: break
            }
        }
        var edits: [CardEdit] = []
        if patch != CardPatch() { edits.append(.update(card: card.id, patch)) }
        if let state, state != card.state { edits.append(.move(card: card.id, state: state, position: nil, completed: completed)) }
        return edits
    }

    /// The edits that give `card` the links `value` holds (the change log's JSON text; nil:
    /// none), each added or taken off both ways round where the other card is on the board
    /// (`onBoard`), as the terminal's `link` does.
    static func linkEdits(_ value: FieldValue?, to card: Card,
                          onBoard: (String) throws(StoreError) -> Bool) throws(StoreError) -> [CardEdit] {
        var wanted = card
        guard wanted.set(.links, to: value) else { return [] }
        var edits: [CardEdit] = []
        func edit(_ link: CardLink, removing: Bool) throws(StoreError) {
            let both = CardEdit.linking(card.id, link.type, link.card, removing: removing)
            edits += try onBoard(link.card) ? both : Array(both.prefix(1))
        }
        for link in wanted.links where !card.links.contains(link) { try edit(link, removing: false) }
        for link in card.links where !wanted.links.contains(link) { try edit(link, removing: true) }
        return edits
    }

    /// The reminders a to-do can carry: those with a moment (one before the due needs a due).
    static func carriedReminders(of card: Card) -> [Reminder] {
        card.reminders.filter { reminder in
            if case .beforeDue = reminder { return card.due != nil }
            return true
        }
    }

    private static func seconds(_ d: DueDate) -> DueDate {
        guard case .instant(let i) = d else { return d }
        return .instant(Instant(epochSeconds: i.epochSeconds, offsetSeconds: i.offsetSeconds))
    }
}
