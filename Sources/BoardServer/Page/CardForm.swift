import BoardEditing
import BoardModel

/// `<select name="state">` with the board's states.
struct StateSelect {
    let states: [BoardState]
    let selected: String?
    let label: String

    var html: String {
        var h = HTMLText()
        h.raw("<select name=\"state\" aria-label=\"\(HTMLText.escape(label))\">")
        for s in states {
            h.raw("<option value=\"")
            h.escaped(s.id)
            h.raw(s.id == selected ? "\" selected>" : "\">")
            h.escaped(s.name)
            h.raw("</option>")
        }
        h.raw("</select>")
        return h.text
    }
}

/// What a card form's fields hold, as text: a card's values, or what a refused form sent
/// (a bad date included), so nothing typed is lost.
struct FormValues: Sendable {
    var text: [String: String] = [:]

    init() {}

    init(card: Card) {
        text = ["title": card.title, "body": card.body, "due": card.due?.description ?? "",
                "start": card.start?.description ?? "", "labels": card.labels.joined(separator: ", "),
                "assignees": card.assignees.joined(separator: ", "), "url": card.url ?? ""]
    }

    init(fields: ActionFields) {
        for (name, value) in fields.values { if case .text(let s) = value { text[name] = s } }
    }

    subscript(_ name: String) -> String { text[name] ?? "" }
}

/// The inputs of a card's add and edit forms, filled from `values`; a refused field says why
/// beside it, in the reader's language, and is marked invalid for assistive technology.
struct CardFields {
    let values: FormValues
    let words: PageWords
    var problem: FieldProblem?

    var html: String {
        let w = words
        var h = HTMLText()
        func error(_ name: String) -> String {
            guard let problem, problem.field == name else { return "" }
            return " aria-invalid=\"true\" aria-describedby=\"error-\(name)\""
        }
        func message(_ name: String) {
            guard let problem, problem.field == name else { return }
            h.raw("<span class=\"field-error\" id=\"error-\(name)\" role=\"alert\">")
            h.escaped(w.problem(problem.reason) ?? problem.message)
            h.raw("</span>")
        }
        func input(_ name: String, _ label: String, extra: String = "") {
            h.raw("<label>\(label) <input name=\"\(name)\" value=\"")
            h.escaped(values[name])
            h.raw("\"\(extra)\(error(name))></label>")
            message(name)
        }
        input("title", w.title, extra: " required maxlength=\"\(CardText.titleLimit)\"")
        h.raw("<label>\(w.body) <textarea name=\"body\" rows=\"3\"\(error("body"))>")
        h.escaped(values["body"])
        h.raw("</textarea></label>")
        message("body")
        input("due", w.due, extra: " placeholder=\"\(w.dateHint)\"")
        input("start", w.start, extra: " placeholder=\"\(w.dateHint)\"")
        input("labels", w.labels, extra: " placeholder=\"\(w.listHint)\"")
        input("assignees", w.assignees, extra: " placeholder=\"\(w.listHint)\"")
        input("url", w.link, extra: " inputmode=\"url\" autocomplete=\"url\"")
        return h.text
    }
}
