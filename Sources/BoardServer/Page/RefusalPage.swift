/// The page a post is answered with when it was refused for something other than one of a
/// form's fields: a heading saying what the page is ("Not undone", "No such card"; "Not
/// saved" only where something was not saved), the reason in the reader's language, and a
/// way back to the board as the reader was looking at it. An undo that would remove many
/// cards at once (an import) asks instead, with two buttons: keep them, or remove them.
struct RefusalPage {
    let refusal: RequestRefusal
    let language: PageLanguage
    /// From the page's URL back to the board's folder.
    let root: String
    /// The board's view to keep (`PageContext.keptQuery`; "" for none).
    let query: String
    /// Whose the step to confirm is, and when it was made, in words.
    var confirming: (actor: String?, at: String)?

    var heading: String { language.messages.heading(refusal) }

    /// `<main>`, with its heading at `level` (2 under a board's frame, 1 on a bare page).
    func main(level: Int) -> HTML {
        let m = language.messages
        let board = (root.isEmpty ? "./" : root) + query
        var h = HTMLText()
        h.raw("<main class=\"refusal\">\n<h\(level)>")
        h.escaped(heading)
        h.raw("</h\(level)>\n<p class=\"notice\" role=\"alert\">")
        guard let confirm = refusal.confirm else {
            h.escaped(m.sentence(refusal))
            h.raw("</p>\n<p><a href=\"\(board)\">← \(language.words.backToBoard)</a></p>\n</main>\n")
            return h.html
        }
        h.escaped(m.importUndo(cards: confirm.cards, actor: confirming?.actor, at: confirming?.at))
        // Two plain choices, neither a default: keeping is a way back, removing the one post
        // that undoes exactly the step asked about.
        h.raw("</p>\n<div class=\"actions choice\"><a class=\"button keep\" href=\"\(board)\">")
        h.escaped(m.keepCards(confirm.cards))
        h.raw("</a><form method=\"post\" action=\"\(root)undo\(query)\"><input type=\"hidden\" name=\"confirm\" value=\"\(confirm.step)\">")
        h.raw("<button class=\"remove delete\">")
        h.escaped(m.removeCards(confirm.cards))
        h.raw("</button></form></div>\n</main>\n")
        return h.html
    }

    /// The whole page for a refusal with no board to frame it (a cross-origin post, a name
    /// refused before the board was read).
    var bare: HTML {
        var h = HTMLText()
        h.raw("<!doctype html>\n<html lang=\"\(language.rawValue)\"><head><meta charset=\"utf-8\">")
        h.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>")
        h.escaped(heading)
        h.raw("</title><link rel=\"stylesheet\" href=\"\(root)board.css\"></head><body class=\"message\">")
        h.raw(main(level: 1))
        h.raw("</body></html>\n")
        return h.html
    }
}
