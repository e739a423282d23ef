import BoardModel

/// A card's reminder as a VALARM (RFC 5545 §3.6.6): a display alarm whose TRIGGER is the
/// duration before the due where the due is a moment (RELATED=END on a to-do, whose DUE is
/// its end; an event's DTSTART is its due), else the moment itself in UTC, with boardkit's
/// own text beside it so a date-only due's "a day before", or a moment's offset, reads back
/// as written. (A card without a due is not in a feed, so every reminder has its moment.)
enum ICSReminderAlarm {
    static func write(_ reminder: Reminder, of card: Card, zone: Zone, todo: Bool, to output: inout ICSOutput) {
        guard let moment = reminder.moment(due: card.due, zone: zone) else { return }
        output.fixedLine("BEGIN:VALARM")
        output.fixedLine("ACTION:DISPLAY")
        output.begin("DESCRIPTION"); output.colon(); output.text(card.title); output.end()
        output.begin("TRIGGER")
        switch (reminder, card.due) {
        case (.beforeDue(let offset), .instant?):
            if todo { output.param("RELATED", "END") }
            output.colon()
            output.uri(ICSDuration(offset).description)
            output.end()
        default:
            // The moment in UTC, as TRIGGER must be; the reminder as written beside it, so it
            // reads back relative to the due, or with its own offset.
            output.param("VALUE", "DATE-TIME"); output.colon(); output.utcDateTime(moment); output.end()
            output.begin(ICSVocabulary.reminder); output.colon(); output.text(reminder.description); output.end()
        }
        output.fixedLine("END:VALARM")
    }
}
