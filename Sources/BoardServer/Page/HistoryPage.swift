import BoardKit
import BoardStore

/// The history page: the board's log, newest first, in the sentences `boardkit history` prints.
struct HistoryPage {
    let view: BoardView
    let events: [LogEvent]
    let context: PageContext

    func document() -> HTML {
        let w = context.words
        var h = HTMLText()
        h.raw("<main class=\"history-page\">\n<p><a href=\"./\">← \(w.backToBoard)</a></p>\n<h2>\(w.history)</h2>\n")
        h.raw(HistoryList(view: view, events: events, context: context).html)
        h.raw("</main>\n")
        return PageFrame(view: view, context: context).document(title: "\(w.history) — \(view.header.name)",
                                                                bodyClass: "history-view", main: h.html)
    }
}

/// Events as a list of sentences; undone ones struck through.
struct HistoryList {
    let view: BoardView
    let events: [LogEvent]
    let context: PageContext

    var html: HTML {
        guard !events.isEmpty else { return "<p class=\"empty\">\(context.words.noHistory)</p>\n" }
        let text = view.sentences(context.language.reportLocale, isolatesText: true)
        var h = HTMLText()
        h.raw("<ol class=\"history\">\n")
        for e in events {
            h.raw(e.undone ? "<li class=\"undone\">" : "<li>")
            h.escaped(text.sentence(e))
            h.raw("</li>\n")
        }
        h.raw("</ol>\n")
        return h.html
    }
}
