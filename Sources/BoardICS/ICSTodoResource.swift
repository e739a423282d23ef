import BoardModel
import BoardIO

/// A card as a CalDAV to-do resource: one VCALENDAR holding the card's VTODO and the
/// VTIMEZONE its times need (what `boardkit sync` puts on a server), and the reading back of
/// such a resource, whoever wrote it.
///
/// A push edits the resource the server had rather than replacing it: the properties boardkit
/// writes from a card (`ownedProperties`), the attachments by reference and the reminders are
/// replaced, as are the RELATED-TOs that are links (a comment, attachment, link or reminder
/// another app set is the card's once read, so the card's are all of them); every other
/// property (another relation, inline ATTACH data), an alarm no reminder reads and other
/// components stay as they were.
public enum ICSTodoResource {
    /// VTODO properties written from the card, replaced on every push. (The UID is written
    /// only into a new resource: another app's to-do keeps the UID it was made with.) Another
    /// app's DURATION goes too: the due it gave is written as DUE, and RFC 5545 forbids both
    /// in one to-do (Radicale refuses such a PUT).
    public static let ownedProperties: Set<String> = [
        "DTSTAMP", "SUMMARY", "DESCRIPTION", "DUE", "DTSTART", "DURATION", "CATEGORIES", "URL", "STATUS",
        "COMPLETED", "PERCENT-COMPLETE", "LAST-MODIFIED", "SEQUENCE", ICSVocabulary.state.description,
        ICSVocabulary.start.description, "COMMENT",
    ]
    /// Marks the reminders boardkit wrote (from `--alarm`), so a push replaces them and keeps
    /// the ones a person added in another app.
    static let alarmMark = "X-BOARDKIT-ALARM"

    /// The resource's text for `card` of `board` (whose states give STATUS and whose zone
    /// gives the TZID of times), with a VALARM per reminder of the card, or, for a card with
    /// none, per `alarms` duration (`-P1D`, the sync's own), a RELATED-TO per link naming the
    /// other card's to-do by `linkUID`, written over `existing` (the resource as the server
    /// last had it) when there is one.
    public static func render(_ card: Card, board: Board, uid: String, linkUID: (String) -> String, alarms: [String],
                              stamp: Instant, over existing: String?) -> String {
        let existingLines = existing.map { ContentLines($0).lines } ?? []
        // SEQUENCE: one more than the resource had, so clients see a revision.
        let sequence = existingLines.first { ContentLines.name(of: $0) == "SEQUENCE" }
            .flatMap { Int(ContentLines.value(of: $0)) }.map { $0 + 1 } ?? 0
        let zone = board.zone.flatMap { $0.identifier == "UTC" ? nil : $0 }
        let category = board.category(ofState: card.state) ?? .todo
        // This write revises the resource: its times move forward from what it had, even
        // where the server's clock or another app's ran ahead of this one.
        let revised = ([stamp] + ["DTSTAMP", "LAST-MODIFIED"].compactMap { name in
            existingLines.first { ContentLines.name(of: $0) == name }.flatMap { utcTime(ContentLines.value(of: $0)) }
        }).max { $0.epochSeconds < $1.epochSeconds } ?? stamp
        var todo = ICSOutput()
        todo.begin("UID"); todo.colon(); todo.text(uid); todo.end()
        if let created = card.created, !existingLines.contains(where: { ContentLines.name(of: $0) == "CREATED" }) {
            todo.begin("CREATED"); todo.colon(); todo.utcDateTime(created); todo.end()
        }
        todo.begin("DTSTAMP"); todo.colon(); todo.utcDateTime(revised); todo.end()
        todo.begin("LAST-MODIFIED"); todo.colon(); todo.utcDateTime(revised); todo.end()
        todo.begin("SEQUENCE"); todo.colon(); todo.integer(sequence); todo.end()
        todo.begin("SUMMARY"); todo.colon(); todo.text(card.title); todo.end()
        if !card.body.isEmpty { todo.begin("DESCRIPTION"); todo.colon(); todo.text(card.body); todo.end() }
        // RFC 5545 wants a to-do's DUE after its DTSTART, of one value type: a start that
        // cannot be DTSTART (after the due, a date beside a time) is kept in X-BOARDKIT-START.
        let startFits = card.start.map { start in card.due.map { ICSFeedLayout.canBeStart(start, of: $0) } ?? true } ?? false
        if let start = card.start, startFits { todo.dateProperty("DTSTART", start, zone: zone) }
        if let due = card.due { todo.dateProperty("DUE", due, zone: zone) }
        if let start = card.start, !startFits { todo.begin(ICSVocabulary.start); todo.colon(); todo.text(start.description); todo.end() }
        if !card.labels.isEmpty { todo.begin("CATEGORIES"); todo.colon(); todo.textList(card.labels); todo.end() }
        if let url = card.url, !url.isEmpty { todo.begin("URL"); todo.colon(); todo.uri(url); todo.end() }
        todo.todoStatus(category, completed: card.completed)
        todo.begin(ICSVocabulary.state); todo.colon(); todo.text(card.state); todo.end()
        ICSConversation.writeComments(card, to: &todo)
        ICSConversation.writeAttachments(card, to: &todo)
        ICSConversation.writeLinks(card, uid: { id, out in out.text(linkUID(id)) }, to: &todo)
        for reminder in card.reminders {
            ICSReminderAlarm.write(reminder, of: card, zone: board.zone ?? .utc, todo: true, to: &todo)
        }
        for text in card.reminders.isEmpty ? alarms : [] {
            guard let trigger = ICSDuration(text), card.due != nil else { continue }
            todo.fixedLine("BEGIN:VALARM")
            todo.fixedLine("ACTION:DISPLAY")
            todo.begin("DESCRIPTION"); todo.colon(); todo.text(card.title); todo.end()
            todo.begin("TRIGGER"); todo.param("RELATED", "END"); todo.colon(); todo.uri(trigger.description); todo.end()
            todo.fixedLine("X-BOARDKIT-ALARM:TRUE")
            todo.fixedLine("END:VALARM")
        }
        let ours = ContentLines(String(decoding: todo.finish(), as: UTF8.self))

        var zoneText: [String] = []
        if let zone, let span = zonedSpan(card, zone) {
            var out = ICSOutput()
            ICSTimeZoneWriter.write(zone, covering: span.first, through: span.last, to: &out)
            zoneText = ContentLines(String(decoding: out.finish(), as: UTF8.self)).lines
        }
        let merged = merge(ours.lines, zone: zone?.identifier, zoneLines: zoneText, over: existingLines)
        var out = ICSOutput()
        for line in merged { out.contentLine(line) }
        return String(decoding: out.finish(), as: UTF8.self)
    }

    /// The VCALENDAR: the existing one's lines with its first VTODO's owned properties and
    /// marked reminders replaced by `todo` (kept where they stood otherwise), and the
    /// board's VTIMEZONE added when the times need it and it is not there yet.
    private static func merge(_ todo: [String], zone: String?, zoneLines: [String], over existing: [String]) -> [String] {
        guard let begin = existing.firstIndex(where: { $0.uppercased() == "BEGIN:VTODO" }),
              let end = existing[begin...].firstIndex(where: { $0.uppercased() == "END:VTODO" }) else {
            return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//boardkit//boardkit 1//EN"]
                + zoneLines + ["BEGIN:VTODO"] + todo + ["END:VTODO", "END:VCALENDAR"]
        }
        var kept: [String] = []
        var k = begin + 1
        while k < end {
            let line = existing[k]
            if line.uppercased().hasPrefix("BEGIN:") {
                // A nested component (a reminder): kept whole, unless it is one of ours.
                var depth = 0, stop = k
                repeat {
                    let upper = existing[stop].uppercased()
                    if upper.hasPrefix("BEGIN:") { depth += 1 }
                    if upper.hasPrefix("END:") { depth -= 1 }
                    stop += 1
                } while depth > 0 && stop < end
                let block = Array(existing[k..<stop])
                if !block.contains(where: { ContentLines.name(of: $0) == alarmMark }) && !isReminder(block) { kept += block }
                k = stop
                continue
            }
            let name = ContentLines.name(of: line)
            let carried = (name == "ATTACH" && !isInlineAttachment(line)) || (name == "RELATED-TO" && isLink(line))
            if !ownedProperties.contains(name) && !carried { kept.append(line) }
            k += 1
        }
        let ownLines = kept.contains { ContentLines.name(of: $0) == "UID" }
            ? todo.filter { ContentLines.name(of: $0) != "UID" } : todo
        var out = Array(existing[..<begin])
        let hasZone = zone.map { tzid in
            existing.contains { ContentLines.name(of: $0) == "TZID" && $0.hasSuffix(":" + tzid) }
        } ?? true
        if !hasZone { out += zoneLines }
        out += ["BEGIN:VTODO"] + ownLines + kept + ["END:VTODO"]
        out += existing[(end + 1)...]
        return out
    }

    /// Whether a nested component is an alarm a card's reminder is read from (a VALARM whose
    /// TRIGGER is a moment or a duration): the card's reminders replace it.
    private static func isReminder(_ block: [String]) -> Bool {
        guard block.first?.uppercased() == "BEGIN:VALARM",
              let trigger = block.first(where: { ContentLines.name(of: $0) == "TRIGGER" }) else { return false }
        return trigger.uppercased().contains("VALUE=DATE-TIME") || ICSDuration(ContentLines.value(of: trigger)) != nil
    }

    /// Whether an `ATTACH` line holds the file itself (another app's inline data, which the
    /// card does not carry, so a push keeps it) rather than a reference.
    private static func isInlineAttachment(_ line: String) -> Bool {
        let parameters = line.prefix { $0 != ":" }.uppercased()
        return parameters.contains(";VALUE=BINARY") || parameters.contains(";ENCODING=")
    }

    /// Whether a `RELATED-TO` line is a link between cards (its RELTYPE one boardkit reads as
    /// a link; none is PARENT), which the card's links replace; another relation (RFC 9253's
    /// NEXT, REFID…) stays as the other app wrote it.
    private static func isLink(_ line: String) -> Bool {
        let parameters = line.prefix { $0 != ":" }
        let reltype = parameters.split(separator: ";").dropFirst().first { $0.uppercased().hasPrefix("RELTYPE=") }
            .map { String($0.dropFirst("RELTYPE=".count).filter { $0 != "\"" }) }
        return ICSConversation.linkType(reltype) != nil
    }

    /// A UTC date-time value (`20261127T161000Z`), as DTSTAMP and LAST-MODIFIED are written.
    private static func utcTime(_ text: String) -> Instant? {
        var text = text
        let parsed = text.withUTF8 { ICSDateValue.parse($0) }
        guard case .success(.utc(let local)) = parsed else { return nil }
        return local.instant(offsetSeconds: 0)
    }

    private static func zonedSpan(_ card: Card, _ zone: Zone) -> (first: Int64, last: Int64)? {
        let instants = [card.due, card.start].compactMap { date -> Int64? in
            if case .instant(let i)? = date, i.isZoned(in: zone) { return i.epochSeconds }
            return nil
        }
        guard let first = instants.min(), let last = instants.max() else { return nil }
        return (first, last)
    }

    /// The diagnostic for the first `--alarm` duration that is not one, or nil.
    public static func badAlarm(_ texts: [String]) -> Diagnostic? {
        if case .failure(let diagnostic) = ICSWriter.alarms(texts, at: nil) { return diagnostic }
        return nil
    }

    // MARK: Reading

    /// What a to-do resource says, as a sync compares it with a card.
    public struct Todo: Sendable, Equatable {
        public var uid: String
        /// Title, body, due, start, labels, link, completion and last change, read as a
        /// boardkit card (dates through the resource's own VTIMEZONE).
        public var card: Card
        /// STATUS, upper-cased (NEEDS-ACTION, IN-PROCESS, COMPLETED, CANCELLED).
        public var status: String?
        /// boardkit's exact state, when boardkit wrote it.
        public var state: String?
        /// What reading it warned of that changes what its times mean: a TZID that is neither
        /// a VTIMEZONE of the resource nor an IANA zone (its times read in the board's zone).
        public var warnings: [Diagnostic] = []
    }

    /// The first VTODO of a resource, or nil when it has none. A time written without a zone
    /// (floating, as phones write `DUE:20261210T090000`) is a time in `zone`, the board's.
    /// `name` locates the warnings (the resource's URL).
    public static func read(_ text: String, zone: String? = nil, name: String = "resource.ics") -> Todo? {
        let own = todoLines(text)
        func value(_ name: String) -> String? { own.first { ContentLines.name(of: $0) == name }.map(ContentLines.value) }
        let uid = value("UID"), status = value("STATUS")?.uppercased(), state = value(ICSVocabulary.state.description)
        var options = ReaderOptions()
        options.timeZone = zone
        let read = ICSReader().read(bytes: Array(text.utf8), name: name, options: options)
        guard let uid, let card = read.board?.cards.first else { return nil }
        return Todo(uid: uid, card: card, status: status, state: state.map { text in
            var text = text
            return text.withUTF8 { ICSLineScanner.unescapeText($0) }
        }, warnings: read.diagnostics.filter { $0.code == .icsUnknownTZID })
    }

    /// The UID of a resource's first VTODO (without reading the rest of it).
    public static func uid(in text: String) -> String? {
        todoLines(text).first { ContentLines.name(of: $0) == "UID" }.map(ContentLines.value)
    }

    /// The properties of the first VTODO itself, unfolded (not those of its reminders).
    private static func todoLines(_ text: String) -> [String] {
        let lines = ContentLines(text).lines
        guard let begin = lines.firstIndex(where: { $0.uppercased() == "BEGIN:VTODO" }) else { return [] }
        var own: [String] = []
        var depth = 0
        for line in lines[begin...] {
            let upper = line.uppercased()
            if upper.hasPrefix("BEGIN:") { depth += 1; continue }
            if upper.hasPrefix("END:") { depth -= 1; if depth == 0 { break }; continue }
            if depth == 1 { own.append(line) }
        }
        return own
    }
}

/// The content lines of iCalendar text, unfolded (RFC 5545 §3.1), without their breaks.
struct ContentLines {
    var lines: [String] = []

    init(_ text: String) {
        var current = ""
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var line = Substring(raw)
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let first = line.first, first == " " || first == "\t" {
                current += line.dropFirst()
            } else {
                if !current.isEmpty { lines.append(current) }
                current = String(line)
            }
        }
        if !current.isEmpty { lines.append(current) }
    }

    /// A line's property name, upper-cased (before its first `;` or `:`).
    static func name(of line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }

    /// A line's value: after the first `:` outside a quoted parameter value.
    static func value(of line: String) -> String {
        var quoted = false
        for (k, ch) in zip(line.indices, line) {
            if ch == "\"" { quoted.toggle() }
            if ch == ":" && !quoted { return String(line[line.index(after: k)...]) }
        }
        return ""
    }
}
