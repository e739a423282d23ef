import BoardEditing
import BoardModel

/// `<select name="state">` with the board's states.
struct StateSelect {
    let states: [BoardState]
    let selected: String?
    let label: String

    var html: HTML {
        var h = HTMLText()
        h.raw("<select name=\"state\" aria-label=\"\(label)\">")
        for s in states {
            h.raw("<option value=\"")
            h.escaped(s.id)
            h.raw(s.id == selected ? "\" selected>" : "\">")
            h.escaped(s.name)
            h.raw("</option>")
        }
        h.raw("</select>")
        return h.html
    }
}

/// What a card form's fields hold, as text: a card's values, or what a refused form sent
/// (a bad date included), so nothing typed is lost.
struct FormValues: Sendable {
    var text: [String: String] = [:]

    init() {}

    /// A card's values as its edit form shows them: dates as the board's wall clock
    /// (`2026-11-27 18:00`, which the field reads back), never ISO text with an offset.
    init(card: Card, zone: Zone) {
        text = ["title": card.title, "body": card.body, "due": PageDate.typed(card.due, zone: zone),
                "dueComplete": card.dueComplete ? "true" : "false",
                "start": PageDate.typed(card.start, zone: zone), "labels": card.labels.joined(separator: ", "),
                "assignees": card.assignees.joined(separator: ", "), "reminders": card.reminders.map { Self.typed($0, zone: zone) }.joined(separator: ", "),
                "url": card.url ?? "", "state": card.state]
    }

    /// A reminder as the field shows it: a duration as written, a moment on the board's clock.
    static func typed(_ reminder: Reminder, zone: Zone) -> String {
        if case .at(let moment) = reminder { return PageDate.typed(.instant(moment), zone: zone) }
        return reminder.description
    }

    init(fields: ActionFields) {
        for (name, value) in fields.values { if case .text(let s) = value { text[name] = s } }
    }

    subscript(_ name: String) -> String { text[name] ?? "" }

    /// A refused edit's values with each field the reader did not change (its value as the
    /// form was loaded, `was-FIELD`) replaced by `current`'s.
    func untouched(replacedBy current: FormValues) -> FormValues {
        var out = self
        for field in ConflictMerge.fields {
            if let loaded = text[ConflictMerge.loadedName(field)], text[field] == loaded { out.text[field] = current[field] }
        }
        return out
    }
}

/// The inputs of a card's add and edit forms, filled from `values`; a refused field says why
/// beside it, in the reader's language, is marked invalid for assistive technology and takes
/// the focus (`autofocus`: the browser brings it into view, on a phone too, without script).
struct CardFields {
    let values: FormValues
    let words: PageWords
    var problem: FieldProblem?
    /// Fields someone else changed meanwhile to other values than the reader's: the field holds
    /// theirs, and beside it the reader's value with a button that saves it (the button names
    /// the form `yours-FIELD` the card's page puts after the edit form).
    var yours: [String: String] = [:]
    var messages: PageMessages?

    var html: HTML {
        let w = words
        var h = HTMLText()
        func error(_ name: String) -> HTML {
            guard let problem, problem.field == name else { return "" }
            return " aria-invalid=\"true\" aria-describedby=\"error-\(name)\" autofocus"
        }
        func message(_ name: String) {
            if let mine = yours[name], let messages { h.raw(YoursNote(field: name, value: mine, messages: messages).html) }
            guard let problem, problem.field == name else { return }
            h.raw("<span class=\"field-error\" id=\"error-\(name)\" role=\"alert\">")
            h.escaped(w.problem(problem.reason) ?? problem.message)
            h.raw("</span>")
        }
        func input(_ name: String, _ label: String, extra: HTML = "") {
            h.raw("<label>\(label) <input name=\"\(name)\" value=\"")
            h.escaped(values[name])
            h.raw("\"\(extra)\(error(name))></label>")
            message(name)
        }
        // No maxlength: the browser would cut a longer title without a word; the save
        // refuses it with the problem beside the field, the text kept.
        input("title", w.title, extra: " required")
        h.raw("<label>\(w.body) <textarea name=\"body\" rows=\"3\"\(error("body"))>")
        h.escaped(values["body"])
        h.raw("</textarea></label>")
        message("body")
        input("due", w.due, extra: " placeholder=\"\(w.dateHint)\"")
        // A choice, not a checkbox: an unticked box sends nothing, which an edit reads as
        // "leave it", so a met due could never be taken back from the form.
        h.raw("<label>\(w.dueComplete) <select name=\"dueComplete\"\(error("dueComplete"))>")
        for (value, word) in [("false", w.no), ("true", w.yes)] {
            h.raw("<option value=\"\(value)\"\(values["dueComplete"] == value ? " selected" : "")>\(word)</option>")
        }
        h.raw("</select></label>")
        message("dueComplete")
        input("start", w.start, extra: " placeholder=\"\(w.dateHint)\"")
        input("labels", w.labels, extra: " placeholder=\"\(w.listHint)\"")
        input("assignees", w.assignees, extra: " placeholder=\"\(w.listHint)\"")
        input("reminders", w.reminders, extra: " placeholder=\"\(w.reminderHint)\"")
        input("url", w.link, extra: " inputmode=\"url\" autocomplete=\"url\"")
        return h.html
    }
}

/// Beside a field both people changed: the reader's value, with the button that saves it.
struct YoursNote {
    let field: String
    let value: String
    let messages: PageMessages

    var html: HTML {
        var h = HTMLText()
        h.raw("<span class=\"yours\" id=\"yours-note-\(field)\">\(messages.yours) <q dir=\"auto\">")
        h.escaped(value.isEmpty ? messages.emptyValue : value)
        // A submit input, not a button: the edit form's own button stays its first (the one
        // Enter and "form.edit button" mean), while this one sends the form `yours-FIELD`.
        h.raw("</q> <input type=\"submit\" form=\"yours-\(field)\" class=\"save-yours\" value=\"\(messages.saveYours)\"></span>")
        return h.html
    }
}
