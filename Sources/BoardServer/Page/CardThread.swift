import BoardModel
import BoardStore

/// The conversation on a card's page: its checklists (each item a button that ticks it, a
/// form posting to `cards/ID/checklist`, so it works without script), attachments as links
/// (http and https only), the cards it links to, and the comments oldest first with a form
/// to add one (`cards/ID/comments`). The forms only for a person who may change the board.
struct CardThread {
    let view: BoardView
    let stored: StoredCard
    let context: PageContext
    /// The card's page (`…/cards/ID`), which the forms post under.
    let path: String

    private var canWrite: Bool { context.canChange(view) }

    var html: String {
        let w = context.words
        let c = stored.card
        var h = HTMLText()
        if !c.checklists.isEmpty || canWrite {
            h.raw("<section class=\"checklists\" aria-label=\"\(w.checklists)\">\n")
            for list in c.checklists { checklist(list, &h) }
            if canWrite {
                // A new item, in the first checklist or a new one.
                h.raw("<form class=\"add-item\" method=\"post\" action=\"\(path)/checklist\(context.keptQuery)\">")
                h.raw("<label>\(w.checklist) <input name=\"checklist\" required value=\"")
                h.escaped(c.checklists.first?.name ?? w.checklist)
                h.raw("\"></label> <label>\(w.item) <input name=\"item\" required></label> <button>\(w.addItem)</button></form>\n")
            }
            h.raw("</section>\n")
        }
        if !c.attachments.isEmpty {
            h.raw("<section class=\"attachments\"><h3>\(w.attachments)</h3>\n<ul>")
            for a in c.attachments {
                h.raw("<li>" + URLAnchor(url: a.url).html(text: a.name))
                if let size = a.size { h.raw(" <span class=\"size\">\(Self.size(size))</span>") }
                h.raw("</li>")
            }
            h.raw("</ul></section>\n")
        }
        if !c.links.isEmpty {
            h.raw("<section class=\"links\"><h3>\(w.linkedCards)</h3>\n<ul>")
            for link in c.links {
                h.raw("<li><span class=\"link-type\">\(w.linkType(link.type))</span> ")
                if let other = view.card(id: link.card) {
                    h.raw("<a href=\"\(context.root)cards/\(HTMLText.segment(other.card.id))\"><span class=\"number\">#\(other.number)</span> <bdi>")
                    h.escaped(other.card.title)
                    h.raw("</bdi></a>")
                } else {
                    h.raw("<bdi>"); h.escaped(link.card); h.raw("</bdi>")
                }
                h.raw("</li>")
            }
            h.raw("</ul></section>\n")
        }
        h.raw("<section class=\"comments\"><h3>\(w.comments)</h3>\n")
        if c.comments.isEmpty {
            h.raw("<p class=\"empty\">\(w.noComments)</p>\n")
        } else {
            h.raw("<ol class=\"thread\">")
            for comment in c.comments { self.comment(comment, &h) }
            h.raw("</ol>\n")
        }
        if canWrite {
            h.raw("<form class=\"comment\" method=\"post\" action=\"\(path)/comments\(context.keptQuery)\">")
            h.raw("<label for=\"comment-text\">\(w.addComment)</label><textarea id=\"comment-text\" name=\"text\" rows=\"3\" required dir=\"auto\"></textarea>")
            h.raw("<button>\(w.comment)</button></form>\n")
        }
        h.raw("</section>\n")
        return h.text
    }

    private func checklist(_ list: Checklist, _ h: inout HTMLText) {
        let w = context.words
        h.raw("<h3><bdi>")
        h.escaped(list.name)
        h.raw("</bdi> <span class=\"progress\">\(list.doneCount)/\(list.items.count)</span></h3>\n<ul class=\"checklist\">")
        for item in list.items {
            h.raw("<li class=\"\(item.done ? "done" : "open")\">")
            if canWrite {
                // The button says what it does; its state is the box's (aria-pressed).
                h.raw("<form method=\"post\" action=\"\(path)/checklist\(context.keptQuery)\"><input type=\"hidden\" name=\"checklist\" value=\"")
                h.escaped(list.name)
                h.raw("\"><input type=\"hidden\" name=\"item\" value=\"")
                h.escaped(item.text)
                h.raw("\"><input type=\"hidden\" name=\"done\" value=\"\(!item.done)\">")
                h.raw("<button class=\"tick\" aria-pressed=\"\(item.done)\" aria-label=\"")
                h.escaped((item.done ? w.untick : w.tick) + ": " + item.text)
                h.raw("\">\(item.done ? "☑" : "☐")</button> <bdi>")
                h.escaped(item.text)
                h.raw("</bdi></form>")
            } else {
                h.raw("<span class=\"box\" role=\"img\" aria-label=\"\(item.done ? w.done : w.notDone)\">\(item.done ? "☑" : "☐")</span> <bdi>")
                h.escaped(item.text)
                h.raw("</bdi>")
            }
            if let due = item.due {
                h.raw(" ")
                h.raw(DueChip(due: due, category: item.done ? .done : .todo, settled: false, context: context).html)
            }
            if let who = item.assignee { h.raw(" <span class=\"assignee\">@<bdi>"); h.escaped(who); h.raw("</bdi></span>") }
            h.raw("</li>")
        }
        h.raw("</ul>\n")
    }

    private func comment(_ comment: CardComment, _ h: inout HTMLText) {
        let w = context.words
        let local = context.zone.local(comment.at)
        h.raw("<li id=\"comment-\(HTMLText.escape(comment.id))\"><p class=\"meta\"><bdi class=\"author\">")
        h.escaped(comment.author ?? w.someone)
        h.raw("</bdi> <time datetime=\"\(HTMLText.escape(comment.at.description))\">\(local.date) \(Self.two(local.hour)):\(Self.two(local.minute))</time>")
        if comment.edited != nil { h.raw(" <span class=\"edited\">\(w.edited)</span>") }
        h.raw("</p><p class=\"comment-text\" dir=\"auto\">")
        h.escaped(comment.text)
        h.raw("</p></li>")
    }

    /// `48 KB`, `1.2 MB`: a size as people read it.
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024: return "\(bytes) B"
        case ..<(1024 * 1024): return "\((bytes + 512) / 1024) KB"
        default:
            let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
            return "\(tenths / 10).\(tenths % 10) MB"
        }
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
