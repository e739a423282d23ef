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

/// The inputs of a card's add and edit forms, filled from `card` when editing.
struct CardFields {
    let card: Card?
    let words: PageWords

    var html: String {
        let w = words
        var h = HTMLText()
        func input(_ name: String, _ label: String, _ value: String, extra: String = "") {
            h.raw("<label>\(label) <input name=\"\(name)\" value=\"")
            h.escaped(value)
            h.raw("\"\(extra)></label>")
        }
        input("title", w.title, card?.title ?? "", extra: " required maxlength=\"\(CardText.titleLimit)\"")
        h.raw("<label>\(w.body) <textarea name=\"body\" rows=\"3\">")
        h.escaped(card?.body ?? "")
        h.raw("</textarea></label>")
        input("due", w.due, card?.due?.description ?? "", extra: " placeholder=\"\(w.dateHint)\"")
        input("start", w.start, card?.start?.description ?? "", extra: " placeholder=\"\(w.dateHint)\"")
        input("labels", w.labels, card?.labels.joined(separator: ", ") ?? "", extra: " placeholder=\"\(w.listHint)\"")
        input("assignees", w.assignees, card?.assignees.joined(separator: ", ") ?? "", extra: " placeholder=\"\(w.listHint)\"")
        input("url", w.link, card?.url ?? "", extra: " inputmode=\"url\" autocomplete=\"url\"")
        return h.text
    }
}
