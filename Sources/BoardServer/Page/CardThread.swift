import BoardModel
import BoardStore

/// The conversation on a card's page: its checklists (each item a button that ticks it, a
/// form posting to `cards/ID/checklist`, so it works without script), attachments as links
/// (http and https only) with a form to attach one (`cards/ID/attachments`), the cards it
/// links to with a form to link one (`cards/ID/links`), and the comments oldest first with
/// a form to add one (`cards/ID/comments`). The forms only for a person who may change the
/// board.
struct CardThread {
    let view: BoardView
    let stored: StoredCard
    let context: PageContext
    /// The card's page (`…/cards/ID`), which the forms post under.
    let path: String

    private var canWrite: Bool { context.canChange(view) }

    var html: HTML {
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
        if !c.attachments.isEmpty || canWrite { attachments(c.attachments, &h) }
        if !c.links.isEmpty || canWrite { links(c.links, &h) }
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
        return h.html
    }

    /// The attachments as links, each with a button that takes it off, and a form to attach
    /// an address (`cards/ID/attachments`).
    private func attachments(_ attachments: [Attachment], _ h: inout HTMLText) {
        let w = context.words
        h.raw("<section class=\"attachments\"><h3>\(w.attachments)</h3>\n")
        if !attachments.isEmpty {
            h.raw("<ul>")
            for a in attachments {
                h.raw("<li>\(URLAnchor(url: a.url).html(text: a.name))")
                if let size = a.size { h.raw(" <span class=\"size\">\(Self.size(size))</span>") }
                if canWrite { removeButton("attachments", ["url": a.url], saying: a.name, &h) }
                h.raw("</li>")
            }
            h.raw("</ul>\n")
        }
        if canWrite {
            h.raw("<form class=\"attach\" method=\"post\" action=\"\(path)/attachments\(context.keptQuery)\">")
            h.raw("<label>\(w.address) <input type=\"url\" name=\"url\" required placeholder=\"https://\"></label> ")
            h.raw("<label>\(w.attachmentName) <input name=\"name\"></label> <button>\(w.attach)</button></form>\n")
        }
        h.raw("</section>\n")
    }

    /// The cards this one links to, each with a button that takes the link off (both ways
    /// round), and a form to link another card (`cards/ID/links`).
    private func links(_ links: [CardLink], _ h: inout HTMLText) {
        let w = context.words
        h.raw("<section class=\"links\"><h3>\(w.linkedCards)</h3>\n")
        if !links.isEmpty {
            h.raw("<ul>")
            for link in links {
                h.raw("<li><span class=\"link-type\">\(w.linkType(link.type))</span> ")
                guard let other = view.card(id: link.card) else {
                    h.raw("<bdi>"); h.escaped(link.card); h.raw("</bdi></li>")
                    continue
                }
                h.raw("<a href=\"\(context.root)cards/\(HTMLText.segment(other.card.id))\"><span class=\"number\">#\(other.number)</span> <bdi>")
                h.escaped(other.card.title)
                h.raw("</bdi></a>")
                if canWrite {
                    // By number: an id of digits would be read as a number.
                    removeButton("links", ["type": link.type.rawValue, "card": "#\(other.number)"],
                                 saying: w.linkType(link.type) + " #\(other.number) " + other.card.title, &h)
                }
                h.raw("</li>")
            }
            h.raw("</ul>\n")
        }
        if canWrite {
            h.raw("<form class=\"link\" method=\"post\" action=\"\(path)/links\(context.keptQuery)\">")
            h.raw("<label>\(w.linkKind) <select name=\"type\">")
            for type in LinkType.allCases { h.raw("<option value=\"\(type.rawValue)\">\(w.linkType(type))</option>") }
            h.raw("</select></label> <label>\(w.otherCard) <input name=\"card\" required placeholder=\"")
            h.escaped(w.otherCardHint)
            h.raw("\"></label> <button>\(w.addLink)</button></form>\n")
        }
        h.raw("</section>\n")
    }

    /// A Remove button: a form posting `fields` and `remove=true` to `cards/ID/VERB`, its
    /// label naming what it takes off for a screen reader.
    private func removeButton(_ verb: String, _ fields: KeyValuePairs<String, String>, saying what: String, _ h: inout HTMLText) {
        h.raw(" <form class=\"remove\" method=\"post\" action=\"\(path)/\(verb)\(context.keptQuery)\">")
        for (name, value) in fields {
            h.raw("<input type=\"hidden\" name=\"\(name)\" value=\""); h.escaped(value); h.raw("\">")
        }
        h.raw("<input type=\"hidden\" name=\"remove\" value=\"true\"><button aria-label=\"")
        h.escaped(context.words.remove + ": " + what)
        h.raw("\">\(context.words.remove)</button></form>")
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
        h.raw("<li id=\"comment-\(comment.id)\"><p class=\"meta\"><bdi class=\"author\">")
        h.escaped(comment.author ?? w.someone)
        h.raw("</bdi> <time datetime=\"\(comment.at.description)\">\(local.date.description) \(Self.two(local.hour)):\(Self.two(local.minute))</time>")
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
