import BoardIO
import BoardKit
import BoardModel
import BoardReport
import BoardStore

/// The board page: one column per state in board order, its count against its WIP limit,
/// its cards (title, due chip, labels, assignees) and a form to add one. Works without
/// script (every change is a form post); board.js adds drag and drop, keys and live updates
/// by fetching `columns` (this page's `<main>` alone) when its tag changes.
struct BoardPage {
    let view: BoardView
    let context: PageContext
    /// When the cards the filter shows are likely done: a whole page shows it above the
    /// columns (nil: no line; the live columns never compute it).
    var forecast: Result<Forecast, Forecast.Refusal>? = nil

    func document() -> HTML {
        let query = (context.showArchived ? "&archived=1" : "") + (context.filter.isEmpty ? "" : "&" + context.filterQuery)
        return PageFrame(view: view, context: context)
            .document(title: view.header.name, bodyClass: "board",
                      main: forecastLine() + "<main id=\"columns\" data-tag=\"\(context.columnsTag(of: view))\">\n\(columns())</main>\n",
                      query: query)
    }

    /// `<p id="forecast">`: the forecast's dates in words, or why there are none.
    private func forecastLine() -> HTML {
        let locale = context.language.reportLocale
        let text: String
        switch forecast {
        case .success(let f)?: text = locale.forecastLine(f, filtered: !context.filter.isEmpty)
        case .failure(.nothingDone)?: text = locale.sentence(.forecastNothingDone)
        case .failure?, nil: return ""
        }
        return "<p id=\"forecast\" class=\"tools forecast\">\(text)</p>\n"
    }

    /// The inside of `<main>`.
    func columns() -> HTML {
        let w = context.words
        var h = HTMLText()
        let archivedCount = view.cards.filter(\.card.archived).count
        h.raw(filterForm())
        let filtered = context.filter.isEmpty ? "" : "&" + context.filterQuery
        h.raw("<p class=\"tools\"><a class=\"archived-toggle\" href=\"?archived=\(context.showArchived ? "0" : "1")\(filtered)\">")
        h.escaped(context.showArchived ? w.hideArchived : w.showArchived)
        h.raw(" (\(archivedCount))</a>")
        if canChange { h.raw(" <span class=\"hint\">\(w.keyboardHint)</span>") }
        h.raw("</p>\n<p id=\"keys\" class=\"notice\" hidden>\(w.keys)</p>\n<div class=\"columns\">\n")
        for state in view.header.states {
            column(state, into: &h)
        }
        h.raw("</div>\n")
        return h.html
    }

    private var canChange: Bool { context.canChange(view) }

    /// The filter: a plain GET form, so the filter is in the address (a view to bookmark or
    /// share) and works without script; its choices are the labels and people on the board.
    private func filterForm() -> HTML {
        let w = context.words, f = context.filter
        var h = HTMLText()
        h.raw("<form class=\"filter\" method=\"get\" role=\"search\">")
        if context.showArchived { h.raw("<input type=\"hidden\" name=\"archived\" value=\"1\">") }
        h.raw("<label>\(w.find) <input type=\"search\" name=\"q\" placeholder=\"\(w.findHint)\" value=\"")
        h.escaped(f.text ?? "")
        h.raw("\"></label>")
        func select(_ name: String, _ label: String, _ any: String, _ options: [(value: String, text: String)], _ chosen: String?) {
            h.raw("<label><span class=\"visually-hidden\">\(label)</span><select name=\"\(name)\"><option value=\"\">\(any)</option>")
            for option in options {
                h.raw("<option value=\""); h.escaped(option.value); h.raw("\"\(option.value == chosen ? " selected" : "")>")
                h.escaped(option.text); h.raw("</option>")
            }
            h.raw("</select></label>")
        }
        let labels = Set(view.cards.flatMap(\.card.labels)).sorted().map { ($0, $0) }
        let people = Set(view.cards.flatMap(\.card.assignees)).sorted().map { ($0, "@" + $0) }
        select("label", w.labels, w.anyLabel, labels, f.label)
        select("assignee", w.assignees, w.anyone, people, f.assignee)
        select("state", w.state, w.anyState, view.header.states.map { ($0.id, $0.name) }, f.state)
        select("due", w.due, w.anyDue, CardFilter.Due.allCases.map { ($0.rawValue, w.dueWords[$0] ?? $0.rawValue) }, f.due?.rawValue)
        h.raw("<button>\(w.filter)</button>")
        if !f.isEmpty { h.raw(" <a class=\"clear\" href=\"?\(context.showArchived ? "archived=1" : "")\">\(w.clearFilter)</a>") }
        h.raw("</form>\n")
        if let problem = context.filterProblem { h.raw("<p class=\"notice\" role=\"alert\">"); h.escaped(problem); h.raw("</p>\n") }
        return h.html
    }

    private func column(_ state: BoardState, into h: inout HTMLText) {
        let w = context.words
        let all = view.cards(in: state.id)
        let active = all.filter { !$0.card.archived }
        let shown = (context.showArchived ? all : active).filter {
            context.filter.matches($0.card, category: state.category, now: context.now, zone: context.zone)
        }
        let over = state.wipLimit.map { active.count > $0 } ?? false
        let headingID = "state-" + HTMLText.segment(state.id)
        h.raw("<section class=\"column\(over ? " over" : "")\" data-state=\"")
        h.escaped(state.id)
        h.raw("\" data-category=\"\(state.category.rawValue)\" aria-labelledby=\"\(headingID)\">\n<h2 id=\"\(headingID)\"><span class=\"name\">")
        h.escaped(state.name)
        h.raw("</span> <span class=\"count\"")
        if over { h.raw(" title=\"\(w.overLimit)\"") }
        h.raw(">\(active.count)\(state.wipLimit.map { "/\($0)" } ?? "")</span>")
        if over { h.raw(" <span class=\"over-note\">\(w.overLimit)</span>") }
        if !context.filter.isEmpty { h.raw(" <span class=\"shown\">\(w.shownOf(shown.count, context.showArchived ? all.count : active.count))</span>") }
        h.raw("</h2>\n<ol class=\"cards\"")
        // With a filter on, the column's whole order (the cards not archived, as the store
        // places a move among them), so a drop or a key among the cards shown is placed
        // between the same neighbours on the board.
        if !context.filter.isEmpty { h.raw(" data-order=\""); h.escaped("[" + active.map { JSONText.quoted($0.card.id) }.joined(separator: ",") + "]"); h.raw("\"") }
        h.raw(">\n")
        for stored in shown { card(stored, state: state, into: &h) }
        h.raw("</ol>\n")
        if canChange { addForm(state, into: &h) }
        h.raw("</section>\n")
    }

    private func card(_ stored: StoredCard, state: BoardState, into h: inout HTMLText) {
        let w = context.words
        let c = stored.card
        let id = c.id
        let version = view.version(of: stored)
        h.raw("<li class=\"card\(c.archived ? " archived" : "")\" id=\"card-\(id)\" data-card=\"\(id)\" data-version=\"\(version)\"")
        if canChange && !c.archived { h.raw(" tabindex=\"0\" draggable=\"true\"") }
        h.raw(">\n<a class=\"title\" href=\"\(context.root)cards/\(HTMLText.segment(c.id))\(context.keptQuery)\"><span class=\"number\">#\(stored.number)</span> ")
        h.raw("<bdi>")
        h.escaped(c.title)
        h.raw("</bdi></a>\n")
        var meta = HTMLText()
        if let due = c.due {
            meta.raw(DueChip(due: due, category: state.category, settled: c.archived, met: c.dueComplete, context: context).html)
        }
        for label in c.labels { meta.raw("<span class=\"label\" dir=\"auto\">"); meta.escaped(label); meta.raw("</span>") }
        for person in c.assignees { meta.raw("<span class=\"assignee\">@<bdi>"); meta.escaped(person); meta.raw("</bdi></span>") }
        if let url = c.url, !url.isEmpty { meta.raw(URLAnchor(url: url).html()) }
        let counts = ConversationTally(c)
        if let shown = counts.badges { meta.raw("<span class=\"counts\" role=\"img\" aria-label=\"\(w.counted(counts))\">\(shown)</span>") }
        if c.archived { meta.raw("<span class=\"archived-mark\">\(w.archived)</span>") }
        if !meta.html.isEmpty { h.raw("<div class=\"meta\">\(meta.html)</div>\n") }
        if canChange && !c.archived {
            h.raw("<form class=\"move\" method=\"post\" action=\"\(context.root)cards/\(HTMLText.segment(c.id))/move\(context.keptQuery)\">")
            h.raw("<input type=\"hidden\" name=\"version\" value=\"\(version)\">")
            h.raw(StateSelect(states: view.header.states, selected: c.state, label: w.state).html)
            h.raw("<button>\(w.move)</button></form>\n")
        }
        h.raw("</li>\n")
    }

    private func addForm(_ state: BoardState, into h: inout HTMLText) {
        let w = context.words
        // A refused add comes back open, with what was typed and the problem beside its field.
        let refused = context.refusedAdd.flatMap { $0.state == state.id ? $0 : nil }
        h.raw("<details class=\"add\"\(refused == nil ? "" : " open")><summary>+ \(w.addCard)</summary>\n<form method=\"post\" action=\"\(context.root)cards\(context.keptQuery)\">")
        h.raw("<input type=\"hidden\" name=\"state\" value=\"\(state.id)\">")
        h.raw(CardFields(values: refused?.values ?? FormValues(), words: w, problem: refused?.problem).html)
        h.raw("<button>\(w.addCard)</button></form></details>\n")
    }
}
