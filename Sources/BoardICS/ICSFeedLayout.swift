import BoardModel
import BoardIO

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
    /// Cards by id, and how many times its history changed each one (SEQUENCE), by the
    /// position `cardIndex` gives; nil when the board has no history. (An `IDIndex` hashes an
    /// id with FNV: `[String: Int]` with SipHash cost more than writing the items.)
    private let cardIndex: IDIndex?
    private let revisions: [Int]
    /// DTSTAMP for cards with neither an update nor a creation time: the board's last event.
    private let fallbackStamp: Instant
    /// States by id; a state's category and name at the position `stateIndex` gives (a
    /// repeated id takes the last definition's).
    private let stateIndex: IDIndex
    private var categories: [StateCategory]
    private var stateNames: [String]

    // What was left out, for the warnings.
    private(set) var withoutDue = 0
    private(set) var finished = 0
    private(set) var archivedLeftOut = 0
    private(set) var written = 0
    /// Due and start times written as DATE-TIME values, which hold whole seconds, whose
    /// milliseconds were therefore left.
    private(set) var millisecondsLeft = 0
    /// Checklists of the cards written: iCalendar has no place for them.
    private(set) var checklistsLeft = 0

    init(output: ICSOutput, board: Board, options: WriterOptions, alarms: [ICSDuration]) {
        self.output = output
        self.board = board
        self.calendar = options.calendar
        self.alarms = alarms
        let zone = board.zone
        self.zone = zone?.identifier == "UTC" ? nil : zone
        var latest = Instant(epochSeconds: 0)
        if board.events.isEmpty {
            cardIndex = nil
            revisions = []
        } else {
            let cardIndex = IDIndex(cards: board.cards)
            var revisions = [Int](repeating: 0, count: board.cards.count)
            board.events.withUnsafeBufferPointer { events in
                let cardOf = cardIndex.positions(ofCardsOf: events)
                for k in events.indices {
                    if events[k].type != .created, cardOf[k] >= 0 { revisions[Int(cardOf[k])] += 1 }
                    if latest < events[k].at { latest = events[k].at }
                }
            }
            self.cardIndex = cardIndex
            self.revisions = revisions
        }
        self.fallbackStamp = options.exportedAt ?? latest
        stateIndex = IDIndex(states: board.states)
        categories = board.states.map(\.category)
        stateNames = board.states.map(\.name)
        for (k, s) in board.states.enumerated() {
            guard let first = stateIndex.find(s.id), first != k else { continue }
            categories[first] = s.category
            stateNames[first] = s.name
        }
    }

    /// The category of the state with this id, if the board defines it.
    @inline(__always) private func category(of state: String) -> StateCategory? {
        stateIndex.find(state).map { categories[$0] }
    }

    /// SEQUENCE: how many events changed the card at position `k` after its creation (the
    /// first card with its id, when ids repeat; with unique ids, no look-up).
    @inline(__always) private func revisionCount(at k: Int, of card: String) -> Int {
        guard let cardIndex else { return 0 }
        if cardIndex.isUnique { return revisions[k] }
        return cardIndex.find(card).map { revisions[$0] } ?? 0
    }

    /// Whether a card belongs in the feed; counts the ones that do not.
    private mutating func include(_ card: Card) -> Bool {
        guard card.due != nil else { withoutDue += 1; return false }
        if calendar.includeDone { return true }
        if card.archived { archivedLeftOut += 1; return false }
        if category(of: card.state) == .done { finished += 1; return false }
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
        // Items are made on every core, a chunk of cards each, by copies of this layout with
        // outputs of their own; cards are read in place (iterating copies every card).
        let template = self
        board.cards.withUnsafeBufferPointer { cards in
            inOrderChunks(count: cards.count, make: { range in
                var part = template
                part.output = ICSOutput()
                (part.withoutDue, part.finished, part.archivedLeftOut, part.written, part.millisecondsLeft, part.checklistsLeft) = (0, 0, 0, 0, 0, 0)
                for k in range { part.items(of: cards[k], at: k) }
                return part
            }, take: { absorb($0) })
        }
        output.fixedLine("END:VCALENDAR")
    }

    /// The VEVENT and/or VTODO of a card that belongs in the feed.
    private mutating func items(of card: Card, at k: Int) {
        guard include(card), let due = card.due else { return }
        written += 1
        checklistsLeft += card.checklists.count
        if case .instant(let i) = due, i.epochMilliseconds % 1000 != 0 { millisecondsLeft += 1 }
        // A start goes in DTSTART (whole seconds) only on a to-do; elsewhere X-BOARDKIT-START keeps it whole.
        if calendar.component != .event, let start = card.start, Self.canBeStart(start, of: due),
           case .instant(let i) = start, i.epochMilliseconds % 1000 != 0 { millisecondsLeft += 1 }
        if calendar.component != .todo { item(card, at: k, due: due, todo: false) }
        if calendar.component != .event { item(card, at: k, due: due, todo: true) }
    }

    /// Takes the items and counts of a part made by a copy of this layout.
    private mutating func absorb(_ part: consuming ICSFeedLayout) {
        output.append(part: part.output)
        withoutDue += part.withoutDue
        finished += part.finished
        archivedLeftOut += part.archivedLeftOut
        written += part.written
        millisecondsLeft += part.millisecondsLeft
        checklistsLeft += part.checklistsLeft
    }

    /// The first and last instants written with the board's TZID (epoch seconds), or nil.
    private func zonedSpan(_ zone: Zone) -> (first: Int64, last: Int64)? {
        var first = Int64.max
        var last = Int64.min
        // In place: `for card in board.cards` copies every card.
        board.cards.withUnsafeBufferPointer { cards in
            for k in cards.indices {
                if case .instant(let i)? = cards[k].due, isZoned(i, zone) {
                    first = min(first, i.epochSeconds)
                    last = max(last, i.epochSeconds)
                }
                if case .instant(let i)? = cards[k].start, isZoned(i, zone) {
                    first = min(first, i.epochSeconds)
                    last = max(last, i.epochSeconds)
                }
            }
        }
        return first <= last ? (first, last) : nil
    }

    @inline(__always) private func isZoned(_ i: Instant, _ zone: Zone) -> Bool {
        i.isZoned(in: zone)
    }

    // MARK: One item

    private mutating func item(_ card: Card, at k: Int, due: DueDate, todo: Bool) {
        output.fixedLine(todo ? "BEGIN:VTODO" : "BEGIN:VEVENT")
        output.begin("UID")
        output.colon()
        ICSUID.write(card: card.id, board: board.id, todo: todo, to: &output)
        output.end()
        output.begin("DTSTAMP")
        output.colon()
        output.utcDateTime(card.updated ?? card.created ?? fallbackStamp)
        output.end()
        if todo {
            if let start = card.start, Self.canBeStart(start, of: due) {
                output.dateProperty("DTSTART", start, zone: zone)
            }
            output.dateProperty("DUE", due, zone: zone)
        } else {
            output.dateProperty("DTSTART", due, zone: zone)
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
            output.raw("[")
            output.text(stateIndex.find(card.state).map { stateNames[$0] } ?? card.state)
            output.raw("] ")
        }
        output.text(card.title)
        output.end()
        if !card.body.isEmpty { output.begin("DESCRIPTION"); output.colon(); output.text(card.body); output.end() }
        if !card.labels.isEmpty { output.begin("CATEGORIES"); output.colon(); output.textList(card.labels); output.end() }
        if let url = card.url, !url.isEmpty { output.begin("URL"); output.colon(); output.uri(url); output.end() }
        if todo { output.todoStatus(category(of: card.state) ?? .todo, completed: card.completed) }
        if let created = card.created { output.begin("CREATED"); output.colon(); output.utcDateTime(created); output.end() }
        if let updated = card.updated { output.begin("LAST-MODIFIED"); output.colon(); output.utcDateTime(updated); output.end() }
        output.begin("SEQUENCE"); output.colon(); output.integer(revisionCount(at: k, of: card.id)); output.end()
        output.begin(ICSVocabulary.state); output.colon(); output.text(card.state); output.end()
        if let start = card.start, !(todo && Self.canBeStart(start, of: due)) {
            output.begin(ICSVocabulary.start); output.colon(); output.text(start.description); output.end()
        }
        if card.dueComplete { output.begin(ICSVocabulary.dueComplete); output.colon(); output.text("TRUE"); output.end() }
        if !card.assignees.isEmpty {
            output.begin(ICSVocabulary.assignees); output.colon(); output.textList(card.assignees); output.end()
        }
        if card.hasConversation {
            let (board, todo) = (board.id, todo)
            ICSConversation.write(card, uid: { ICSUID.write(card: $0, board: board, todo: todo, to: &$1) }, to: &output)
        }
        if !card.fields.isEmpty {
            for (name, value) in card.fields.sorted(by: { $0.key < $1.key }) {
                output.begin(ICSVocabulary.field); output.param("X-NAME", text: name); output.colon()
                output.text(value); output.end()
            }
        }
        // A card's own reminders replace the feed's `--alarm`, which stays the default for cards without.
        if card.reminders.isEmpty {
            for alarm in alarms { self.alarm(alarm, card: card, todo: todo) }
        } else {
            for reminder in card.reminders {
                ICSReminderAlarm.write(reminder, of: card, zone: board.zone ?? .utc, todo: todo, to: &output)
            }
        }
        output.fixedLine(todo ? "END:VTODO" : "END:VEVENT")
    }

    /// RFC 5545 wants DTSTART and DUE of a VTODO of one value type, the start not after the due.
    static func canBeStart(_ start: DueDate, of due: DueDate) -> Bool {
        switch (start, due) {
        case (.date(let s), .date(let d)): return s <= d
        case (.instant(let s), .instant(let d)): return !(d < s)
        default: return false
        }
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
