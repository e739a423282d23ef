import BoardEditing

/// The parts every page shares: the document head (one stylesheet, one deferred script, no
/// inline code, as the Content-Security-Policy requires), the top bar with the language
/// switch, history, undo and redo, the name prompt, and the footer.
struct PageFrame {
    let view: BoardView
    let context: PageContext

    func document(title: String, bodyClass: String, main: HTML, query: String = "") -> HTML {
        let w = context.words
        var h = HTMLText()
        h.raw("<!doctype html>\n<html lang=\"\(context.language.rawValue)\"><head><meta charset=\"utf-8\">")
        h.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        h.raw("<meta name=\"color-scheme\" content=\"light dark\"><title>")
        h.escaped(title)
        h.raw("</title><link rel=\"icon\" href=\"\(context.root)board.svg\"><link rel=\"stylesheet\" href=\"\(context.root)board.css\"><script src=\"\(context.root)board.js\" defer></script></head>\n")
        // Writable for this reader: the script offers drags and keys only where they may change it.
        h.raw("<body class=\"\(bodyClass)\" data-writable=\"\(view.writable && context.mayChange)\"")
        if let actor = context.actor { h.raw(" data-actor=\""); h.escaped(actor); h.raw("\"") }
        h.raw(" data-move-failed=\""); h.escaped(w.moveFailed); h.raw("\"")
        h.raw(" data-move-conflict=\""); h.escaped(context.language.messages.moveConflict); h.raw("\"")
        h.raw(">\n<header class=\"bar\"><h1><a href=\"\(context.root.isEmpty ? "./" : context.root)\">")
        h.escaped(view.header.name)
        h.raw("</a></h1><nav>")
        h.raw("<a href=\"\(context.root)history\">\(w.history)</a>")
        h.raw("<a href=\"\(context.root)?lang=\(context.language.other.rawValue)\(query)\" hreflang=\"\(context.language.other.rawValue)\" class=\"lang\">\(w.switchTo)</a>")
        if context.canChange(view) {
            h.raw(stepButton("undo", w.undo, next: context.nextUndo))
            h.raw(stepButton("redo", w.redo, next: context.nextRedo))
        }
        h.raw("</nav></header>\n")
        h.raw(notices())
        h.raw(main)
        h.raw("<footer><a href=\"\(context.root)../\(lastSegment(context.calendarPath))\">\(w.calendar)</a>")
        h.raw(" · <a href=\"\(context.root)report.html\">\(w.report)</a>")
        if let actor = context.actor, view.writable {
            h.raw(" · <span class=\"who\">\(w.signedIn) <b>")
            h.escaped(actor)
            h.raw("</b></span>")
        }
        h.raw("</footer>\n<div id=\"toast\" role=\"status\" aria-live=\"polite\" hidden></div>\n</body></html>\n")
        return h.html
    }

    /// Undo or Redo, saying what it would take (its title, "Undo: mina moved #3 …"), disabled
    /// when nothing of the reader's is there to take. The script brings both up to date after
    /// a move it made (board.js, `refreshSteps`).
    private func stepButton(_ action: String, _ label: String, next: String?) -> HTML {
        var h = HTMLText()
        h.raw("<form method=\"post\" action=\"\(context.root)\(action)\(context.keptQuery)\"><button class=\"\(action)\"")
        if next == nil { h.raw(" disabled") }
        if let next {
            h.raw(" title=\"")
            h.escaped("\(label): \(next)")
            h.raw("\"")
        }
        h.raw(">\(label)</button></form>")
        return h.html
    }

    /// Read-only notice, or the name prompt for a writable board whose reader has not said who they are.
    private func notices() -> HTML {
        let w = context.words
        guard view.writable else { return "<p class=\"notice\">\(w.readOnly)</p>\n" }
        guard context.mayChange else { return "<p class=\"notice\">\(w.viewOnly)</p>\n" }
        if let done = context.done {
            var h = HTMLText()
            h.raw("<div class=\"notice done\" role=\"status\"><span dir=\"auto\">")
            h.escaped(done.sentence)
            h.raw("</span>")
            if done.undoable {
                h.raw(" <form method=\"post\" action=\"\(context.root)undo\(context.keptQuery)\"><button class=\"undo\">\(w.undo)</button></form>")
            }
            h.raw("</div>\n")
            return h.html
        }
        guard context.actor == nil, context.asksName else { return "" }
        return """
            <form class="ask-name notice" method="post" action="\(context.root)actor"><label>\(w.askName) \
            <input name="actor" required maxlength="\(CardText.nameLimit)" autocomplete="name" placeholder="\(w.yourName)"></label> \
            <button>\(w.save)</button></form>

            """
    }

    private func lastSegment(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
