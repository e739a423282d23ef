import BoardModel

/// What goes where in a feed: the calendar's properties, the board's VTIMEZONE, then one
/// VEVENT and/or VTODO per card with a due date.
///
/// Everything written comes from the board, never from the clock (DTSTAMP is the card's last
/// update), so the same board always gives the same bytes and the same ETag.
struct ICSFeedLayout {
    var output: ICSOutput
    let board: Board
    let calendar: CalendarOptions
    let alarms: [ICSDuration]
    /// The board's zone when it is not UTC: instants in its offset are written with its TZID.
    private let zone: Zone?
    /// Per card id, how many times its history changed it (SEQUENCE).
    private let revisions: [String: Int]
    /// DTSTAMP for cards with neither an update nor a creation time: the board's last event.
    private let fallbackStamp: Instant
    private var categories: [String: StateCategory] = [:]
    private var stateNames: [String: String] = [:]

    // What was left out, for the warnings.
    private(set) var withoutDue = 0
    private(set) var finished = 0
    private(set) var archivedLeftOut = 0
    private(set) var written = 0

    init(output: ICSOutput, board: Board, options: WriterOptions, alarms: [ICSDuration]) {
        self.output = output
        self.board = board
        self.calendar = options.calendar
        self.alarms = alarms
        let zone = board.zone
        self.zone = zone?.identifier == "UTC" ? nil : zone
        var revisions: [String: Int] = [:]
        var latest = Instant(epochSeconds: 0)
        if !board.events.isEmpty {
            revisions.reserveCapacity(board.cards.count)
            for e in board.events {
                if e.type != .created { revisions[e.card, default: 0] += 1 }
                if latest < e.at { latest = e.at }
            }
        }
        self.revisions = revisions
        self.fallbackStamp = options.exportedAt ?? latest
        for s in board.states {
            categories[s.id] = s.category
            stateNames[s.id] = s.name
        }
    }

    /// Whether a card belongs in the feed; counts the ones that do not.
    private mutating func include(_ card: Card) -> Bool {
        guard card.due != nil else { withoutDue += 1; return false }
        if calendar.includeDone { return true }
        if card.archived { archivedLeftOut += 1; return false }
        if categories[card.state] == .done { finished += 1; return false }
        return true
    }

    mutating func document() {
        output.fixedLine("BEGIN:VCALENDAR")
        output.fixedLine("VERSION:2.0")
        output.fixedLine("PRODID:-//boardkit//boardkit 1//EN")
        output.fixedLine("CALSCALE:GREGORIAN")
        output.fixedLine("METHOD:PUBLISH")
        let name = calendar.calendarName ?? board.name
        output.begin("X-WR-CALNAME"); output.colon(); output.text(name); output.end()
        output.begin("NAME"); output.colon(); output.text(name); output.end()
        output.begin("X-WR-TIMEZONE"); output.colon(); output.text(board.timeZone); output.end()
        output.begin("REFRESH-INTERVAL"); output.param("VALUE", "DURATION"); output.colon()
        output.raw(ICSVocabulary.refreshInterval); output.end()
        output.begin("X-PUBLISHED-TTL"); output.colon(); output.raw(ICSVocabulary.refreshInterval); output.end()
        output.begin(ICSVocabulary.boardID); output.colon(); output.text(board.id); output.end()
        if calendar.showState { output.begin(ICSVocabulary.showsState); output.colon(); output.raw("TRUE"); output.end() }
        for s in board.states {
            output.begin(ICSVocabulary.stateDefinition)
            output.param("X-ID", text: s.id)
            output.param("X-CATEGORY", text: s.category.rawValue)
            if let limit = s.wipLimit { output.raw(";X-WIP-LIMIT="); output.integer(limit) }
            output.colon()
            output.text(s.name)
            output.end()
        }
        if let zone, let span = zonedSpan(zone) {
            ICSTimeZoneWriter.write(zone, covering: span.first, through: span.last, to: &output)
        }
        for card in board.cards where include(card) {
            guard let due = card.due else { continue }
            written += 1
            if calendar.component != .todo { item(card, due: due, todo: false) }
            if calendar.component != .event { item(card, due: due, todo: true) }
            output.flushIfFull()
        }
        output.fixedLine("END:VCALENDAR")
    }

    /// The first and last instants written with the board's TZID (epoch seconds), or nil.
    private func zonedSpan(_ zone: Zone) -> (first: Int64, last: Int64)? {
        var first = Int64.max
        var last = Int64.min
        for card in board.cards {
            if case .instant(let i)? = card.due, isZoned(i, zone) {
                first = min(first, i.epochSeconds)
                last = max(last, i.epochSeconds)
            }
            if case .instant(let i)? = card.start, isZoned(i, zone) {
                first = min(first, i.epochSeconds)
                last = max(last, i.epochSeconds)
            }
        }
        return first <= last ? (first, last) : nil
    }

    @inline(__always) private func isZoned(_ i: Instant, _ zone: Zone) -> Bool {
        i.offsetSeconds != 0 && zone.offset(atEpochSeconds: i.epochSeconds) == i.offsetSeconds
    }

    // MARK: One item

    private mutating func item(_ card: Card, due: DueDate, todo: Bool) {
        output.fixedLine(todo ? "BEGIN:VTODO" : "BEGIN:VEVENT")
        output.begin("UID")
        output.colon()
        output.text(todo ? ICSUID.todo(card: card.id, board: board.id) : ICSUID.event(card: card.id, board: board.id))
        output.end()
        output.begin("DTSTAMP")
        output.colon()
        output.utcDateTime(card.updated ?? card.created ?? fallbackStamp)
        output.end()
        if todo {
            if let start = card.start, Self.canBeStart(start, of: due) {
                dateProperty("DTSTART", start)
            }
            dateProperty("DUE", due)
        } else {
            dateProperty("DTSTART", due)
            if case .date(let d) = due {
                // All-day: the end is exclusive, the next day (never an instant: no off-by-one).
                output.begin("DTEND"); output.param("VALUE", "DATE"); output.colon()
                output.date(d.addingDays(1)); output.end()
            }
            output.fixedLine("TRANSP:TRANSPARENT")
        }
        output.begin("SUMMARY")
        output.colon()
        if calendar.showState {
            output.text("[" + (stateNames[card.state] ?? card.state) + "] ")
        }
        output.text(card.title)
        output.end()
        if !card.body.isEmpty { output.begin("DESCRIPTION"); output.colon(); output.text(card.body); output.end() }
        if !card.labels.isEmpty { output.begin("CATEGORIES"); output.colon(); output.textList(card.labels); output.end() }
        if let url = card.url, !url.isEmpty { output.begin("URL"); output.colon(); output.uri(url); output.end() }
        if todo { status(card) }
        if let created = card.created { output.begin("CREATED"); output.colon(); output.utcDateTime(created); output.end() }
        if let updated = card.updated { output.begin("LAST-MODIFIED"); output.colon(); output.utcDateTime(updated); output.end() }
        output.begin("SEQUENCE"); output.colon(); output.integer(revisions[card.id] ?? 0); output.end()
        output.begin(ICSVocabulary.state); output.colon(); output.text(card.state); output.end()
        if let start = card.start, !(todo && Self.canBeStart(start, of: due)) {
            output.begin(ICSVocabulary.start); output.colon(); output.text(start.description); output.end()
        }
        if !card.assignees.isEmpty {
            output.begin(ICSVocabulary.assignees); output.colon(); output.textList(card.assignees); output.end()
        }
        if !card.fields.isEmpty {
            for (name, value) in card.fields.sorted(by: { $0.key < $1.key }) {
                output.begin(ICSVocabulary.field); output.param("X-NAME", text: name); output.colon()
                output.text(value); output.end()
            }
        }
        for alarm in alarms { self.alarm(alarm, card: card, todo: todo) }
        output.fixedLine(todo ? "END:VTODO" : "END:VEVENT")
    }

    /// RFC 5545 wants DTSTART and DUE of a VTODO of one value type, the start not after the due.
    private static func canBeStart(_ start: DueDate, of due: DueDate) -> Bool {
        switch (start, due) {
        case (.date(let s), .date(let d)): return s <= d
        case (.instant(let s), .instant(let d)): return !(d < s)
        default: return false
        }
    }

    /// VTODO STATUS from the state's category; done gives COMPLETED and PERCENT-COMPLETE.
    private mutating func status(_ card: Card) {
        switch categories[card.state] ?? .todo {
        case .todo: output.fixedLine("STATUS:NEEDS-ACTION")
        case .doing: output.fixedLine("STATUS:IN-PROCESS")
        case .done:
            output.fixedLine("STATUS:COMPLETED")
            if let completed = card.completed {
                output.begin("COMPLETED"); output.colon(); output.utcDateTime(completed); output.end()
            }
            output.fixedLine("PERCENT-COMPLETE:100")
        }
    }

    /// `NAME;VALUE=DATE:20261130`, `NAME;TZID=Asia/Seoul:20261130T180000` or `NAME:…Z`.
    private mutating func dateProperty(_ name: StaticString, _ value: DueDate) {
        output.begin(name)
        switch value {
        case .date(let d):
            output.param("VALUE", "DATE")
            output.colon()
            output.date(d)
        case .instant(let i):
            if let zone, isZoned(i, zone) {
                output.param("TZID", text: zone.identifier)
                output.colon()
                output.localDateTime(i.local)
            } else {
                if i.offsetSeconds != 0 {
                    // Neither UTC nor the board's zone: UTC, with the offset kept aside.
                    output.raw(";X-BOARDKIT-OFFSET=")
                    output.utcOffset(i.offsetSeconds)
                }
                output.colon()
                output.utcDateTime(i)
            }
        }
        output.end()
    }

    /// A display reminder before the due moment (the end of a VTODO, the start of a VEVENT).
    private mutating func alarm(_ trigger: ICSDuration, card: Card, todo: Bool) {
        output.fixedLine("BEGIN:VALARM")
        output.fixedLine("ACTION:DISPLAY")
        output.begin("DESCRIPTION"); output.colon(); output.text(card.title); output.end()
        output.begin("TRIGGER")
        if todo { output.param("RELATED", "END") }
        output.colon()
        output.uri(trigger.description)
        output.end()
        output.fixedLine("END:VALARM")
    }
}
