import BoardKit
import BoardModel
import BoardStore

/// A card's own page (`cards/ID`): its values in an edit form (with its version, so a
/// change made meanwhile by someone else is refused rather than overwritten), archive,
/// restore and delete, its conversation (`CardThread`), and the card's history in sentences.
struct CardPage {
    let view: BoardView
    let stored: StoredCard
    /// The card's version, which its forms send back (the view's: hashed once per version).
    private var version: String { view.version(of: stored) }
    let history: [LogEvent]
    let context: PageContext
    /// Shown above the form: why the last change was not saved.
    var notice: String?
    /// A refused edit: the form shows what was sent, the problem beside its field.
    var refused: (values: FormValues, problem: FieldProblem)?
    /// A save merged with a change made meanwhile: the fields both changed, with the reader's
    /// values (shown beside theirs, each with a button that saves it).
    var yours: [String: String] = [:]

    func document() -> HTML {
        let w = context.words
        let c = stored.card
        let state = view.header.state(withID: c.state)
        let path = context.root + "cards/" + HTMLText.segment(c.id)
        let query = context.keptQuery
        var h = HTMLText()
        h.raw("<main class=\"card-page\">\n<p><a href=\"\(context.root.isEmpty ? "./" : context.root)\(query)\">← \(w.backToBoard)</a></p>\n")
        if let notice {
            h.raw("<p class=\"notice conflict\" role=\"alert\">")
            h.escaped(notice)
            h.raw("</p>\n")
        }
        h.raw("<h2><span class=\"number\">#\(stored.number)</span> ")
        h.raw("<bdi>")
        h.escaped(c.title)
        h.raw("</bdi></h2>\n<p class=\"meta\"><span class=\"state\">")
        h.escaped(state?.name ?? c.state)
        h.raw("</span>")
        if let due = c.due {
            h.raw(" ")
            h.raw(DueChip(due: due, category: state?.category ?? .todo, settled: c.archived, met: c.dueComplete, context: context).html)
        }
        if c.archived { h.raw(" <span class=\"archived-mark\">\(w.archived)</span>") }
        if let url = c.url, !url.isEmpty { h.raw(" \(URLAnchor(url: url).html(full: true))") }
        h.raw("</p>\n")
        if context.canChange(view) {
            let loaded = FormValues(card: c, zone: context.zone)
            h.raw("<form class=\"edit\" method=\"post\" action=\"\(path)\(query)\"><input type=\"hidden\" name=\"version\" value=\"\(version)\">")
            h.raw(loadedFields(loaded))
            h.raw(CardFields(values: refused?.values ?? loaded, words: w, problem: refused?.problem, yours: yours,
                             messages: context.language.messages).html)
            h.raw("<label>\(w.state) \(StateSelect(states: view.header.states, selected: c.state, label: w.state).html)</label>")
            if let mine = yours["state"] {
                h.raw(YoursNote(field: "state", value: view.header.state(withID: mine)?.name ?? mine, messages: context.language.messages).html)
            }
            h.raw("<button>\(w.save)</button></form>\n")
            h.raw(yoursForms(path: path + query, loaded: loaded))
            // A move to a place within a column, for a browser without script (the board
            // page's drag and drop and keys do it there).
            h.raw("<form class=\"move place\" method=\"post\" action=\"\(path)/move\(query)\"><input type=\"hidden\" name=\"version\" value=\"\(version)\">")
            h.raw(StateSelect(states: view.header.states, selected: c.state, label: w.state).html)
            h.raw("<label>\(w.position) <input name=\"position\" type=\"number\" min=\"1\" inputmode=\"numeric\"></label>")
            h.raw("<button>\(w.move)</button></form>\n<div class=\"actions\">")
            let lifecycle = c.archived ? ("restore", w.restore) : ("archive", w.archive)
            for (action, label) in [lifecycle, ("delete", w.delete)] {
                h.raw("<form method=\"post\" action=\"\(path)/\(action)\(query)\"><input type=\"hidden\" name=\"version\" value=\"\(version)\">")
                h.raw("<button class=\"\(action)\">\(label)</button></form>")
            }
            h.raw("</div>\n")
        } else {
            if !c.body.isEmpty { h.raw("<p class=\"body\">"); h.escaped(c.body); h.raw("</p>\n") }
            for label in c.labels { h.raw("<span class=\"label\" dir=\"auto\">"); h.escaped(label); h.raw("</span> ") }
            for person in c.assignees { h.raw("<span class=\"assignee\">@<bdi>"); h.escaped(person); h.raw("</bdi></span> ") }
        }
        h.raw(CardThread(view: view, stored: stored, context: context, path: path).html)
        h.raw("<h3>\(w.cardHistory)</h3>\n")
        h.raw(HistoryList(view: view, events: history, context: context).html)
        h.raw("</main>\n")
        return PageFrame(view: view, context: context).document(title: "#\(stored.number) \(c.title) — \(view.header.name)",
                                                                bodyClass: "card-view", main: h.html)
    }

    /// The values the form was loaded with, sent back with it: a save refused because the
    /// card changed meanwhile is merged field by field against them (`ConflictMerge`).
    private func loadedFields(_ loaded: FormValues) -> HTML {
        var h = HTMLText()
        for field in ConflictMerge.fields {
            h.raw("<input type=\"hidden\" name=\"\(ConflictMerge.loadedName(field))\" value=\"")
            h.escaped(loaded[field])
            h.raw("\">")
        }
        return h.html
    }

    /// One small form per clashing field, outside the edit form (forms do not nest): the
    /// reader's value for that field with the card's version now, sent by the field's
    /// "Save yours" button.
    private func yoursForms(path: String, loaded: FormValues) -> HTML {
        var h = HTMLText()
        for field in ConflictMerge.fields {
            guard let mine = yours[field] else { continue }
            h.raw("<form id=\"yours-\(field)\" class=\"yours-form\" method=\"post\" action=\"\(path)\">")
            h.raw("<input type=\"hidden\" name=\"version\" value=\"\(version)\">")
            h.raw(loadedFields(loaded))
            h.raw("<input type=\"hidden\" name=\"\(field)\" value=\"")
            h.escaped(mine)
            h.raw("\"></form>\n")
        }
        return h.html
    }
}
