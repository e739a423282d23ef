import BoardModel

/// A card's due date with its status: the red chip of an overdue card, today, within a week.
struct DueChip {
    let due: DueDate
    let category: StateCategory
    let archived: Bool
    let context: PageContext

    var html: String {
        let w = context.words
        let zone = context.zone
        let status = DueStatus.of(due, category: category, archived: archived, now: context.now, zone: zone)
        let (kind, note): (String, String?) = switch status {
        case .overdue(let days): ("overdue", w.overdue(days))
        case .today: ("today", w.dueToday)
        case .soon(let days): ("soon", w.dueIn(days))
        case .later: ("later", nil)
        case .done: ("done", nil)
        }
        var h = HTMLText()
        h.raw("<span class=\"due due-\(kind)\" title=\"\(w.due)\"><time datetime=\"")
        h.escaped(due.description)
        h.raw("\">")
        h.escaped(Self.shown(due, in: zone))
        h.raw("</time>")
        if let note { h.raw(" · "); h.escaped(note) }
        h.raw("</span>")
        return h.text
    }

    /// A date as is; a time in the board's zone, minutes only (`2026-11-20 15:00`).
    static func shown(_ due: DueDate, in zone: Zone) -> String {
        switch due {
        case .date(let d): return d.description
        case .instant(let i):
            let local = zone.local(i)
            return "\(local.date) \(local.hour < 10 ? "0" : "")\(local.hour):\(local.minute < 10 ? "0" : "")\(local.minute)"
        }
    }
}
