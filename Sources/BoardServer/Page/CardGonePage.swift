import BoardStore

/// A card's page for a card the board does not have: one deleted (who deleted it and when,
/// with an Undo while that delete is the reader's own to take back, and its history), or
/// one it never had. In the page's frame, with a way back. An edit posted to a card deleted
/// meanwhile comes here too, with what was typed kept in a form that adds it as a new card.
struct CardGonePage {
    let view: BoardView
    let context: PageContext
    /// The id the address named.
    let id: String
    /// The card's history, newest first (empty for a card never on the board).
    let events: [LogEvent]
    /// Whether the reader's Undo would take back the delete now.
    var undoable = false
    /// What an edit posted to the card sent.
    var typed: FormValues?

    /// The delete that took the card away (nil: never on the board).
    var deletion: LogEvent? { events.first { $0.kind == "deleted" && !$0.undone } }

    func document() -> HTML {
        let m = context.language.messages, w = context.words
        let heading = deletion.map { m.deletedHeading(number: $0.cardNumber, title: $0.cardTitle) } ?? m.heading(.notFound)
        var h = HTMLText()
        h.raw("<main class=\"card-page gone\">\n<p><a href=\"\(context.root.isEmpty ? "./" : context.root)\(context.keptQuery)\">← \(w.backToBoard)</a></p>\n<h2>")
        h.escaped(heading)
        h.raw("</h2>\n<div class=\"notice\" role=\"status\"><span dir=\"auto\">")
        if let deletion {
            h.escaped(m.deletedBy(deletion.actor, at: PageDate(language: context.language, zone: context.zone, now: context.now).moment(deletion.at)))
        } else {
            h.escaped(m.unknownCard(id))
        }
        h.raw("</span>")
        if undoable {
            h.raw(" <form method=\"post\" action=\"\(context.root)undo\(context.keptQuery)\"><button class=\"undo\">\(m.undoDelete)</button></form>")
        }
        h.raw("</div>\n")
        if let typed { h.raw(keptForm(typed)) }
        if !events.isEmpty {
            h.raw("<h3>\(w.cardHistory)</h3>\n")
            h.raw(HistoryList(view: view, events: events, context: context).html)
        }
        h.raw("</main>\n")
        return PageFrame(view: view, context: context).document(title: "\(heading) — \(view.header.name)", bodyClass: "card-view", main: h.html)
    }

    /// What the reader typed, in the add form's fields, to add as a new card (or copy).
    private func keptForm(_ typed: FormValues) -> HTML {
        let m = context.language.messages, w = context.words
        let state = view.header.state(withID: typed["state"])?.id ?? view.header.states.first?.id ?? ""
        var h = HTMLText()
        h.raw("<p class=\"notice conflict\" role=\"alert\">\(m.editKept)</p>\n")
        h.raw("<form class=\"edit\" method=\"post\" action=\"\(context.root)cards\(context.keptQuery)\"><input type=\"hidden\" name=\"state\" value=\"")
        h.escaped(state)
        h.raw("\">")
        h.raw(CardFields(values: typed, words: w).html)
        h.raw("<button>\(m.addAsNew)</button></form>\n")
        return h.html
    }
}
