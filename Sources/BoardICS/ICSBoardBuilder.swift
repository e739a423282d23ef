import BoardModel
import BoardIO

/// Turns the items `ICSDocumentParser` reads into a board: resolves every date in its zone,
/// picks states, derives card ids from UIDs and merges the VEVENT and VTODO of one card.
///
/// Items are added one at a time (`add`), so a reader can hand each over as soon as it is
/// read and never hold them all beside the cards (`ICSReader`). What a card depends on
/// besides its item — the calendar's states, board id, zone and VTIMEZONEs
/// (`ICSCardContext`) — is taken when the builder is made. The diagnostics the building
/// raises are kept and added to the parser's after its own (`finish`), in the order made.
struct ICSBoardBuilder {
    let options: ReaderOptions
    /// The calendar as it was when the builder was made.
    let context: ICSCardContext
    private let boardID: String?
    private let showsState: Bool
    private let zones: [String: ICSZoneDefinition]

    private var zoneCache: [String: ResolvedZone] = [:]
    private var floating: Zone = .utc
    private var states: [BoardState]
    private let stateNames: [String: String]
    private var cards: [Card] = []
    private var lines: [Int] = []
    private var todoFlags: [Bool] = []
    private var indexByID: [String: Int] = [:]
    private var recurring = 0, overrides = 0, duplicates = 0, undated = 0
    private var firstRecurringLine: Int?
    /// UIDs of series in the file, and how many changed occurrences each UID has
    /// (`noteOccurrences`).
    private var seriesUIDs = Set<String>()
    private var occurrencesByUID: [String: Int] = [:]
    /// Links read from RELATED-TO: the card (by position), the link's type and the other
    /// item's UID, made links once every card is known.
    private var relations: [(card: Int, type: LinkType, uid: String)] = []
    /// Diagnostics raised while building, for `finish`.
    private var notes: [(message: ICSMessage, line: Int?)] = []

    enum ResolvedZone {
        case iana(Zone)
        case rules(ICSTimeZoneRules)
        case unknown
    }

    /// A builder for the calendar `parsed` has read so far; `expectedItems` sizes the cards'
    /// storage (more costs address space, never memory).
    init(calendar parsed: ICSDocumentParser, options: ReaderOptions, expectedItems: Int) {
        self.options = options
        context = parsed.cardContext
        boardID = parsed.boardID
        showsState = parsed.showsState
        zones = parsed.zones
        if let tz = parsed.wrTimeZone, let zone = Zone.named(tz) { floating = zone }
        if let tz = options.timeZone {
            if let z = Zone.named(tz) {
                floating = z
            } else {
                notes.append((.invalidTimeZone(tz), nil))
            }
        }
        states = parsed.stateDefinitions.isEmpty ? BoardState.defaults
            : parsed.stateDefinitions.map { BoardState(id: $0.id, name: $0.name, category: $0.category, wipLimit: $0.wipLimit) }
        stateNames = Dictionary(states.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        cards.reserveCapacity(expectedItems)
    }

    /// Changed occurrences (RECURRENCE-ID) are left out when their series (the same UID
    /// without RECURRENCE-ID) is in the file; the others (Google's birthday exports, an
    /// invitation to one occurrence) are cards of their own, several of one UID told apart
    /// by their RECURRENCE-ID. So when a file has any, every item is seen before the first
    /// is added.
    mutating func noteOccurrences(of items: ChunkedList<ICSItem>) {
        items.forEach { item in
            guard let uid = item.uid else { return }
            if item.changesOccurrence { occurrencesByUID[uid, default: 0] += 1 } else { seriesUIDs.insert(uid) }
        }
    }

    /// Makes the card of `item` (or merges it into the card it completes).
    mutating func add(_ item: ICSItem) {
        var occurrenceSuffix: String?
        if item.changesOccurrence {
            if let uid = item.uid, seriesUIDs.contains(uid) { overrides += 1; return }
            if let uid = item.uid, occurrencesByUID[uid, default: 0] > 1 {
                occurrenceSuffix = "-" + (item.fields["RECURRENCE-ID"]?.split(separator: "\n").first.map(String.init) ?? "")
            }
        }
        if item.recurs {
            recurring += 1
            if firstRecurringLine == nil { firstRecurringLine = item.line }
        }
        var card = card(from: item)
        card.state = state(for: item)
        if card.due == nil { undated += 1 }

        var fromBoardkit: String?
        if let board = boardID, let uid = item.uid {
            fromBoardkit = ICSUID.cardID(fromUID: uid, isTodo: item.isTodo, board: board)
        }
        card.id = fromBoardkit ?? item.uid ?? StableID.make(prefix: "ics-", from: [card.title, card.due?.description ?? ""])
        if let occurrenceSuffix { card.id += occurrenceSuffix }
        if let k = indexByID[card.id] {
            if fromBoardkit != nil, todoFlags[k] != item.isTodo {
                // `--component both`: the VEVENT and the VTODO of one card.
                Self.merge(card, into: &cards[k])
                return
            }
            duplicates += 1
            if duplicates == 1 {
                notes.append((.duplicateUID(card.id, line: lines[k]), item.line))
            }
            var n = 2
            while indexByID["\(card.id)-\(n)"] != nil { n += 1 }
            card.id = "\(card.id)-\(n)"
        }
        for relation in item.relations { relations.append((cards.count, relation.type, relation.uid)) }
        indexByID[card.id] = cards.count
        cards.append(card)
        lines.append(item.line)
        todoFlags.append(item.isTodo)
    }

    /// The board, once the parser has read the whole calendar; the building's diagnostics go
    /// after the parser's.
    mutating func finish(_ parsed: inout ICSDocumentParser) -> (board: Board, cardLines: [Int], diagnostics: [Diagnostic]) {
        var board = Board()
        board.id = parsed.boardID ?? parsed.calendarName.map(StableID.slug) ?? "calendar"
        board.name = parsed.calendarName ?? "Calendar"
        if let tz = parsed.wrTimeZone {
            if Zone.named(tz) != nil { board.timeZone = tz } else { board.metadata["X-WR-TIMEZONE"] = tz }
        }
        board.metadata.merge(parsed.metadata) { a, _ in a }
        for note in notes { parsed.sink.add(note.message, line: note.line) }
        if recurring + overrides > 0 {
            parsed.sink.add(.recurrenceNotExpanded(recurring: recurring, overrides: overrides), line: firstRecurringLine)
        }
        if undated > 0 {
            parsed.sink.add(.noDate(undated))
        }
        for (name, n) in parsed.ignored.sorted(by: { $0.key < $1.key }) {
            parsed.sink.add(.componentIgnored(name, count: n))
        }
        board.states = states
        for (k, type, uid) in relations {
            let link = CardLink(type, cardID(ofUID: uid))
            if !cards[k].links.contains(link) { cards[k].links.append(link) }
        }
        board.cards = cards
        cards = []
        if !relations.isEmpty { board.completeLinks() }
        return (board, lines, parsed.sink.finish())
    }

    /// The id of the card an item of this UID became (as `add` derives it); a UID no item
    /// of the calendar has stays the link's target as it is (the validator says so). A
    /// to-do's suffix is looked for first: an event's (`@board.boardkit`) ends it too.
    private func cardID(ofUID uid: String) -> String {
        guard let board = boardID else { return uid }
        return ICSUID.cardID(fromUID: uid, isTodo: true, board: board) ?? ICSUID.cardID(fromUID: uid, isTodo: false, board: board) ?? uid
    }

    private mutating func card(from item: ICSItem) -> Card {
        var title = item.summary
        if showsState, let s = item.boardkitState, let name = stateNames[s], title.hasPrefix("[\(name)] ") {
            title.removeFirst(name.count + 3)
        }
        var card = Card(id: "", title: title, body: item.description, state: "")
        if item.isTodo {
            // RFC 5545: DTSTART is when work starts, DUE when it is due; a DURATION instead of
            // DUE is due at the start plus it. A to-do with only a DTSTART has no due date.
            card.due = item.due.flatMap { dueDate($0) }
            card.start = item.start.flatMap { dueDate($0) }
            if let text = item.duration {
                if item.due == nil, let start = item.start, let duration = ICSDuration(text),
                   let due = end(of: start, after: duration) {
                    card.due = due
                } else {
                    // Beside a DUE (which RFC 5545 forbids), or without a start: kept as written.
                    card.fields["DURATION"] = text
                }
            }
        } else {
            card.due = item.start.flatMap { dueDate($0) }
            if let end = item.end, let endValue = dueDate(end), !Self.isDefaultEnd(endValue, of: card.due) {
                card.fields["DTEND"] = endValue.description
            }
        }
        // boardkit writes its X- start only where DTSTART cannot hold the start (an event's
        // DTSTART is its due; a to-do's start after its due): a to-do's own DTSTART, which
        // another app may have set since, comes first.
        if let s = item.boardkitStart, !item.isTodo || item.start == nil { card.start = DueDate(iso: s) ?? card.start }
        card.created = item.created.flatMap { instant($0) }
        card.updated = item.lastModified.flatMap { instant($0) }
        card.completed = item.completed.flatMap { instant($0) }
        card.labels = item.categories
        card.assignees = item.assignees
        card.dueComplete = item.dueComplete
        card.reminders = item.alarms.compactMap { reminder(from: $0, of: item, start: card.start) }
        card.url = item.url
        card.fields.merge(item.fields) { a, _ in a }
        card.attachments = item.attachments
        for comment in item.comments {
            // Another app's comment without a time of its own or its item's: kept as text.
            if let c = comment.comment(itemTime: card.updated ?? card.created) {
                card.comments.append(c)
            } else {
                card.fields["COMMENT"] = card.fields["COMMENT"].map { $0 + "\n" + comment.text } ?? comment.text
            }
        }
        return card
    }

    /// The end boardkit writes (and most apps mean by a deadline): the next day for an
    /// all-day item, the same moment for a timed one.
    private static func isDefaultEnd(_ end: DueDate, of due: DueDate?) -> Bool {
        switch (end, due) {
        case (.date(let e), .date(let d)?): return e == d.addingDays(1)
        case (.instant(let e), .instant(let d)?): return e.epochMilliseconds == d.epochMilliseconds
        default: return false
        }
    }

    /// Fills what the first component of a card lacked from the second (VTODO after VEVENT).
    private static func merge(_ other: Card, into card: inout Card) {
        if card.completed == nil { card.completed = other.completed }
        if card.start == nil { card.start = other.start }
        if card.url == nil { card.url = other.url }
        card.fields.merge(other.fields) { a, _ in a }
    }

    /// The card's state: boardkit's own, else from STATUS (VTODO) or a todo state.
    private mutating func state(for item: ICSItem) -> String {
        if let s = item.boardkitState, states.contains(where: { $0.id == s }) { return s }
        let category: StateCategory
        switch item.status {
        case "CANCELLED"?:
            if !states.contains(where: { $0.id == "cancelled" }) {
                states.append(BoardState(id: "cancelled", name: "CANCELLED", category: .done))
            }
            return "cancelled"
        case "COMPLETED"?: category = .done
        case "IN-PROCESS"?: category = .doing
        default: category = item.completed != nil && item.isTodo ? .done : .todo
        }
        return states.first { $0.category == category }?.id ?? states[0].id
    }

    // MARK: Dates

    /// A VALARM as the card's reminder: boardkit's own text where it wrote one; a moment; or
    /// a duration from the due (an event's start is its due, a to-do's due its end). One
    /// relative to a to-do's start becomes the moment it names. A sync's feed-wide alarm is
    /// the sync's setting, not the card's.
    private mutating func reminder(from alarm: ICSAlarm, of item: ICSItem, start: DueDate?) -> Reminder? {
        if alarm.isFeedAlarm { return nil }
        if let text = alarm.boardkitReminder, let reminder = Reminder(text: text) { return reminder }
        if let at = alarm.at { return instant(at).map(Reminder.at) }
        guard let offset = alarm.trigger.flatMap(ICSDuration.init)?.offset else { return nil }
        if item.isTodo && !alarm.relatedToEnd, case .instant(let from)? = start {
            return .at(offset.applied(to: from, in: .utc))
        }
        return .beforeDue(offset)
    }

    private mutating func dueDate(_ raw: ICSRawDate) -> DueDate? {
        if case .date(let d) = raw.value { return .date(d) }
        return instant(raw).map { .instant($0) }
    }

    /// The end of `duration` from `start` (RFC 5545 §3.3.6): weeks and days count on the
    /// calendar, in the start's zone (a day across a daylight-saving change is still the
    /// same wall-clock time), hours, minutes and seconds exactly. From a date, whole days.
    private mutating func end(of start: ICSRawDate, after duration: ICSDuration) -> DueDate? {
        let sign = duration.negative ? -1 : 1
        let days = sign * (duration.weeks * 7 + duration.days)
        let exact = sign * (duration.hours * 3600 + duration.minutes * 60 + duration.seconds)
        var shifted = start
        switch start.value {
        case .date(let d): return .date(d.addingDays(days + exact / 86_400))
        case .local(var l): l.date = l.date.addingDays(days); shifted.value = .local(l)
        case .utc(var l): l.date = l.date.addingDays(days); shifted.value = .utc(l)
        }
        guard let i = instant(shifted) else { return nil }
        return .instant(Instant(epochMilliseconds: i.epochMilliseconds + Int64(exact) * 1000, offsetSeconds: i.offsetSeconds))
    }

    private mutating func instant(_ raw: ICSRawDate) -> Instant? {
        switch raw.value {
        case .date(let d): return floating.startOfDay(d)
        case .utc(let l):
            let i = l.instant(offsetSeconds: 0)
            return raw.keptOffset.map { i.withOffset($0) } ?? i
        case .local(let l):
            guard let tzid = raw.tzid else { return floating.instant(l) }
            switch resolve(tzid, line: raw.line) {
            case .iana(let z): return z.instant(l)
            case .rules(let r): return r.instant(l) ?? floating.instant(l)
            case .unknown: return floating.instant(l)
            }
        }
    }

    /// A TZID: an IANA name (also inside `/mozilla.org/…/Europe/Berlin`), else the file's
    /// VTIMEZONE of that name, else unknown (read in the board's zone, with a warning).
    private mutating func resolve(_ tzid: String, line: Int) -> ResolvedZone {
        if let known = zoneCache[tzid] { return known }
        var resolved = ResolvedZone.unknown
        let definition = zones[tzid]
        let names = [tzid, definition?.location].compactMap { $0 } + [Self.ianaTail(tzid)].compactMap { $0 }
        if let z = names.lazy.compactMap({ Zone.named($0) }).first {
            resolved = .iana(z)
        } else if let definition, !definition.rules.observances.isEmpty {
            resolved = .rules(definition.rules)
        } else {
            notes.append((.unknownTZID(tzid, readIn: floating.identifier), line))
        }
        zoneCache[tzid] = resolved
        return resolved
    }

    /// `Europe/Berlin` from `/mozilla.org/20050126_1/Europe/Berlin`.
    private static func ianaTail(_ tzid: String) -> String? {
        let parts = tzid.split(separator: "/")
        guard parts.count > 2 else { return nil }
        return parts.suffix(parts.count >= 3 && parts[parts.count - 3].first?.isUppercase == true ? 3 : 2)
            .joined(separator: "/")
    }
}
