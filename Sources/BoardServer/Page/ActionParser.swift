import BoardEditing
import BoardModel
import BoardStore
import Foundation

/// Turns a request's fields into card edits, checking each against the board: a state it
/// has, a date the board's zone can read, text by BoardEditing's rules (the terminal's).
/// Errors name the field.
struct ActionParser {
    /// The board's name, zone and states.
    let header: Board
    let now: Instant

    private var zone: Zone { header.zone ?? .utc }

    /// `POST cards`: a new card (title required; state by id or name, else the first one).
    func add(_ f: ActionFields) throws(FieldProblem) -> CardEdit {
        let title = try self.title(f, required: true)!
        let asked = try f.text("state").flatMap { $0.isEmpty ? nil : $0 }.map(state)
        guard var card = NewCard.draft(title: title, body: try body(f) ?? "", in: asked, of: header) else {
            throw .invalid("state", "the board has no states")
        }
        card.due = try date(f, "due") ?? nil
        card.dueComplete = try f.bool("dueComplete") ?? false
        card.start = try date(f, "start") ?? nil
        card.labels = try items(f, "labels") ?? []
        card.assignees = try items(f, "assignees") ?? []
        card.reminders = try reminders(f) ?? []
        card.url = try url(f) ?? nil
        if case .map(let fields)? = f["fields"] { card.fields = fields.compactMapValues { $0 } }
        return .add(card)
    }

    /// `PATCH cards/ID` or the edit form: the fields given change, the rest stay. Lists
    /// are the whole new list (`ListEdit.change`).
    /// A `state` that differs adds a move to the same step.
    func update(_ current: StoredCard, _ f: ActionFields) throws(FieldProblem) -> [CardEdit] {
        let id = current.card.id
        var patch = CardPatch()
        patch.title = try title(f, required: false)
        patch.body = try body(f)
        patch.due = try date(f, "due")
        patch.dueComplete = try f.bool("dueComplete")
        patch.start = try date(f, "start")
        patch.url = try url(f)
        if let labels = try items(f, "labels") {
            (patch.addLabels, patch.removeLabels) = ListEdit.change(from: current.card.labels, to: labels)
        }
        if let assignees = try items(f, "assignees") {
            (patch.addAssignees, patch.removeAssignees) = ListEdit.change(from: current.card.assignees, to: assignees)
        }
        if let reminders = try reminders(f) {
            (patch.addReminders, patch.removeReminders) = ListEdit.change(from: current.card.reminders, to: reminders)
        }
        if case .map(let fields)? = f["fields"] { patch.fields = fields }
        var edits: [CardEdit] = [.update(card: id, patch)]
        if let name = try f.text("state"), !name.isEmpty {
            let target = try state(name)
            if target.id != current.card.state { edits.append(.move(card: id, state: target.id, position: nil)) }
        }
        return edits
    }

    /// `POST cards/ID/move`: `state` (id or name; the card's own when absent) and an
    /// optional 1-based `position` in that column.
    func move(_ current: StoredCard, _ f: ActionFields) throws(FieldProblem) -> CardEdit {
        let name = try f.text("state").flatMap { $0.isEmpty ? nil : $0 }
        let target = try name.map(state)?.id ?? current.card.state
        let position = try f.integer("position")
        if let position, position < 1 { throw .invalid("position", "must be a whole number from 1") }
        return .move(card: current.card.id, state: target, position: position)
    }

    /// `POST cards/ID/comments`: `text`, kept exactly as written. The author and time are
    /// the step's (the person the request is from), never fields of the request.
    func comment(_ current: StoredCard, _ f: ActionFields) throws(FieldProblem) -> CardEdit {
        guard let raw = try f.text("text"), !raw.allSatisfy(\.isWhitespace) else {
            throw .invalid("text", "a comment needs text", .needed)
        }
        let text = try checked(CardText.comment(raw), "text")
        return .update(card: current.card.id, CardPatch(conversation: [.comment(text: text)]))
    }

    /// `POST cards/ID/checklist`: the `item` of the checklist named `checklist` (both made
    /// when missing), ticked or unticked as `done` says (left as it is when absent).
    func check(_ current: StoredCard, _ f: ActionFields) throws(FieldProblem) -> CardEdit {
        guard let list = try f.text("checklist"), !list.isEmpty else { throw .invalid("checklist", "name the checklist", .needed) }
        guard let item = try f.text("item"), !item.isEmpty else { throw .invalid("item", "name the item", .needed) }
        let change = ConversationChange.check(checklist: try checked(CardText.title(list), "checklist"),
                                              item: try checked(CardText.title(item), "item"), done: try f.bool("done"))
        return .update(card: current.card.id, CardPatch(conversation: [change]))
    }

    /// `POST cards/ID/attachments`: `url` (http or https) and an optional `name` (the
    /// address's last part by default); with `remove`, every attachment of that `url` off.
    func attach(_ current: StoredCard, _ f: ActionFields) throws(FieldProblem) -> CardEdit {
        guard let raw = try f.text("url"), !raw.isEmpty else { throw .invalid("url", "an attachment needs an address", .needed) }
        let url = try checked(CardText.url(raw), "url")
        guard WebAddress.isWeb(url) else { throw .invalid("url", "must start with http:// or https://", .notAWebAddress) }
        if try f.bool("remove") == true {
            return .update(card: current.card.id, CardPatch(conversation: [.detach(url: url)]))
        }
        let given = try f.text("name").flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        let name = try checked(CardText.title(given ?? Attachment.defaultName(for: url)), "name")
        return .update(card: current.card.id, CardPatch(conversation: [.attach(Attachment(name: name, url: url, upload: false))]))
    }

    /// `POST cards/ID/links`: `type` (parent, child, blocks, blocked-by, relates, duplicates)
    /// and the other `card` (`#12`, its id, or a title only one card has: `other`, as the
    /// write found it); both cards get their side, or lose it with `remove`.
    func link(_ current: StoredCard, to other: StoredCard?, _ f: ActionFields) throws(FieldProblem) -> [CardEdit] {
        guard let typeName = try f.text("type"), let type = LinkType(rawValue: typeName) else {
            throw .invalid("type", "must be one of " + LinkType.allCases.map(\.rawValue).joined(separator: ", "), .needed)
        }
        guard let reference = try f.text("card"), !reference.allSatisfy(\.isWhitespace) else {
            throw .invalid("card", "name the other card: #12, its id or its title", .needed)
        }
        guard let other else { throw .invalid("card", "no card '\(reference)'", .noSuchCard(reference)) }
        guard other.card.id != current.card.id else { throw .invalid("card", "must be another card than this one", .sameCard) }
        return CardEdit.linking(current.card.id, type, other.card.id, removing: try f.bool("remove") == true)
    }

    /// A state by id or name, in any case.
    func state(_ reference: String) throws(FieldProblem) -> BoardState {
        guard let s = header.state(named: reference) else {
            let known = header.states.map(\.name)
            // The API says it as the terminal does (one wording, the store's); the page in its language.
            throw .invalid("state", InputRefusal.unknownState(reference, known: known).text, .noSuchState(reference, known: known))
        }
        return s
    }

    private func title(_ f: ActionFields, required: Bool) throws(FieldProblem) -> String? {
        guard let raw = try f.text("title") else {
            if required { throw .invalid("title", "a card needs a title", .needed) }
            return nil
        }
        if case .failure(.empty) = CardText.title(raw) { throw .invalid("title", "a card needs a title", .needed) }
        return try checked(CardText.title(raw), "title")
    }

    private func body(_ f: ActionFields) throws(FieldProblem) -> String? {
        try f.text("body").map { text throws(FieldProblem) in try checked(CardText.body(text), "body") }
    }

    /// A rule's result, or its problem as the field's.
    private func checked<T>(_ result: Result<T, CardText.Problem>, _ field: String) throws(FieldProblem) -> T {
        switch result {
        case .success(let value): return value
        case .failure(let problem): throw .invalid(field, problem.sentence, .text(problem))
        }
    }

    /// nil: not given; `.some(nil)`: cleared (an empty value or null).
    private func date(_ f: ActionFields, _ name: String) throws(FieldProblem) -> DueDate?? {
        guard let text = try f.text(name) else { return nil }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return .some(nil) }
        guard let date = DateInput.parse(text, zone: zone, now: now) else {
            throw .invalid(name, "'\(text)' is not a date; \(DateInput.accepted)", .notADate(text))
        }
        return .some(date)
    }

    private func items(_ f: ActionFields, _ name: String) throws(FieldProblem) -> [String]? {
        guard let list = try f.list(name) else { return nil }
        return try checked(CardText.items(list), name)
    }

    /// `reminders`: each as `ReminderInput` reads it (`-P1D`, `2h`, `friday 9:00`), in the board's zone.
    private func reminders(_ f: ActionFields) throws(FieldProblem) -> [Reminder]? {
        guard let list = try f.list("reminders") else { return nil }
        return try list.map { text throws(FieldProblem) in
            guard let reminder = ReminderInput.parse(text, zone: zone, now: now) else {
                throw .invalid("reminders", "'\(text)' is not a reminder; use \(ReminderInput.accepted)")
            }
            return reminder
        }
    }

    private func url(_ f: ActionFields) throws(FieldProblem) -> String?? {
        guard let text = try f.text("url") else { return nil }
        let url = try checked(CardText.url(text), "url")
        return .some(url.isEmpty ? nil : url)
    }
}
