import BoardModel

/// A card's due date with its status: the red chip of an overdue card, today, within a week,
/// met.
struct DueChip {
    let due: DueDate
    let category: StateCategory
    /// The card is archived or its due met: the due no longer presses.
    let settled: Bool
    /// The due was marked met (`Card.dueComplete`), said beside the date.
    var met = false
    let context: PageContext

    var html: HTML {
        let w = context.words
        let zone = context.zone
        let status = DueStatus.of(due, category: category, settled: settled || met, now: context.now, zone: zone)
        let (kind, note): (String, String?) = switch status {
        case .overdue(let days): ("overdue", w.overdue(days))
        case .today: ("today", w.dueToday)
        case .soon(let days): ("soon", w.dueIn(days))
        case .later: ("later", nil)
        case .done: ("done", met ? w.dueMet : nil)
        }
        var h = HTMLText()
        h.raw("<span class=\"due due-\(kind)\" title=\"\(w.due)\"><time datetime=\"")
        h.escaped(due.description)
        h.raw("\">")
        h.escaped(PageDate(language: context.language, zone: zone, now: context.now).due(due))
        h.raw("</time>")
        if let note { h.raw(" · "); h.escaped(note) }
        h.raw("</span>")
        return h.html
    }
}
