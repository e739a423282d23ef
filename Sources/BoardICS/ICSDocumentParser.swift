import BoardModel
import BoardIO

/// Follows BEGIN/END through the content lines and collects what becomes the board: the
/// calendar's properties, its VTIMEZONEs and its VEVENTs and VTODOs. Problems are
/// diagnostics with the line; parsing goes on after them so one run reports them all.
struct ICSDocumentParser {
    var sink: ICSDiagnosticSink

    // The calendar.
    var calendarName: String?
    var wrTimeZone: String?
    var boardID: String?
    var showsState = false
    var stateDefinitions: [ICSStateDefinition] = []
    var metadata: [String: String] = [:]
    // Its components.
    /// In chunks, so the builder frees them as it makes the cards (`ChunkedList`).
    var items = ChunkedList<ICSItem>()
    var zones: [String: ICSZoneDefinition] = [:]
    /// Components boardkit has no use for (VJOURNAL, VFREEBUSY…), counted by name.
    var ignored: [String: Int] = [:]
    /// True when an item has a RECURRENCE-ID (the builder then matches them to their series).
    var hasChangedOccurrences = false
    /// VTIMEZONEs read (for `cardContext`).
    private var zonesRead = 0

    private var stack: [(name: String, line: Int)] = []
    private var item: ICSItem?
    private var zone: ICSZoneDefinition?
    private var observance: ICSTimeZoneRules.Observance?
    private var calendars = 0
    /// Components and property lines outside any VCALENDAR (after its END), not read.
    private var outsideComponents: [String: Int] = [:]
    private var outsideProperties = 0
    private var firstOutsideLine: Int?
    /// False until the first line proved this is iCalendar.
    private(set) var started = false
    /// `--skip-invalid`: events and to-dos whose reading raised an error, left out.
    private var leftEvents: LeftOutItems
    private var leftTodos: LeftOutItems

    init(file: String, invalidItems: InvalidItemPolicy = .refuse) {
        sink = ICSDiagnosticSink(file: file)
        leftEvents = LeftOutItems(invalidItems)
        leftTodos = LeftOutItems(invalidItems)
    }

    /// What the cards depend on, as read so far.
    var cardContext: ICSCardContext {
        ICSCardContext(boardID: boardID, wrTimeZone: wrTimeZone, showsState: showsState,
                       stateDefinitions: stateDefinitions.count, zonesRead: zonesRead,
                       hasChangedOccurrences: hasChangedOccurrences)
    }

    /// Handles one line; returns false when the file is not iCalendar at all (stop reading).
    mutating func take(_ parsed: Result<ICSContentLine, ICSLineProblem>, line: Int) -> Bool {
        guard case .success(let l) = parsed else {
            guard started else { return notICalendar(line) }
            if case .failure(let problem) = parsed { sink.add(.malformedLine(problem), line: line) }
            return true
        }
        if l.nameIs("BEGIN") { return begin(ICSLineScanner.upper(l.value), line: line) }
        guard started else { return notICalendar(line) }
        if l.nameIs("END") { end(ICSLineScanner.upper(l.value), line: line); return true }
        property(l)
        return true
    }

    private mutating func notICalendar(_ line: Int) -> Bool {
        sink.add(.notICalendar, line: line)
        return false
    }

    /// Checks the end of the file: every component closed.
    mutating func finish() {
        if !started && !sink.hasErrors {
            sink.add(.emptyFile, line: 1)
        }
        for (depth, open) in stack.enumerated().reversed() {
            sink.add(.unterminated(open.name), line: open.line)
            if depth == 1, let openItem = item {
                // Never closed, so never read; under --skip-invalid, left out and counted.
                _ = endItem(openItem)
                item = nil
            }
        }
        stack.removeAll()
        reportOutside()
        let file = SourceLocation(file: sink.file)
        if let d = leftEvents.summary(item: "event", items: "events", at: file) { sink.close(with: d) }
        if let d = leftTodos.summary(item: "to-do", items: "to-dos", at: file) { sink.close(with: d) }
    }

    /// The end of an item's reading: true when it is left out (`--skip-invalid` and it raised
    /// an error; its errors are now warnings).
    private mutating func endItem(_ item: ICSItem) -> Bool {
        item.isTodo ? sink.endItem(&leftTodos) : sink.endItem(&leftEvents)
    }

    /// What an error in the structure does: refuses the calendar, or (`--skip-invalid`, inside
    /// an event or to-do) leaves that item out.
    private var structureErrorConsequence: ICSMessage.Consequence {
        guard let item, leftEvents.policy == .leaveOut else { return .calendarRefused }
        return .itemLeftOut(todo: item.isTodo, line: item.line)
    }

    /// One warning for everything outside any calendar, counted: components by name (their
    /// own nested components and properties go with them) and loose property lines.
    private mutating func reportOutside() {
        guard let line = firstOutsideLine else { return }
        sink.add(.contentOutside(components: outsideComponents, properties: outsideProperties), line: line)
    }

    // MARK: Structure

    private mutating func begin(_ name: String, line: Int) -> Bool {
        let parent = stack.last?.name
        if !started {
            guard name == "VCALENDAR" else { return notICalendar(line) }
            started = true
        }
        stack.append((name, line))
        switch (name, parent) {
        case ("VCALENDAR", nil):
            // A second calendar is read like the first, into the same board.
            calendars += 1
        case ("VEVENT", "VCALENDAR"), ("VTODO", "VCALENDAR"):
            item = ICSItem(isTodo: name == "VTODO", line: line)
            sink.beginItem()
        case ("VTIMEZONE", "VCALENDAR"):
            zone = ICSZoneDefinition(tzid: "")
        case ("STANDARD", "VTIMEZONE"), ("DAYLIGHT", "VTIMEZONE"):
            observance = ICSTimeZoneRules.Observance(start: LocalDateTime(date: CalendarDate(daysSinceEpoch: 0)),
                                                     offsetFrom: 0, offsetTo: 0)
        case (_, nil):
            outsideComponents[name, default: 0] += 1
            if firstOutsideLine == nil { firstOutsideLine = line }
        case (_, "VCALENDAR"):
            ignored[name, default: 0] += 1
        case ("VALARM", "VEVENT"), ("VALARM", "VTODO"):
            item?.alarms.append(ICSAlarm())
        default:
            break // Anything nested deeper: its properties are not the item's.
        }
        return true
    }

    private mutating func end(_ name: String, line: Int) {
        guard let top = stack.last else {
            sink.add(.closesNothing(name, then: structureErrorConsequence), line: line)
            return
        }
        guard top.name == name else {
            guard let k = stack.lastIndex(where: { $0.name == name }) else {
                sink.add(.mismatch(name, open: top.name, line: top.line, then: structureErrorConsequence), line: line)
                return
            }
            // Close what was left open inside it, then it.
            for open in stack[(k + 1)...].reversed() {
                sink.add(.closesUnclosed(name, open: open.name, line: open.line, then: structureErrorConsequence), line: line)
                close(open.name)
                stack.removeLast()
            }
            close(name)
            stack.removeLast()
            return
        }
        close(name)
        stack.removeLast()
    }

    private mutating func close(_ name: String) {
        let parent = stack.count >= 2 ? stack[stack.count - 2].name : nil
        switch (name, parent) {
        case ("VEVENT", "VCALENDAR"), ("VTODO", "VCALENDAR"):
            if let item, !endItem(item) { items.append(item) }
            item = nil
        case ("VTIMEZONE", "VCALENDAR"):
            if let zone, !zone.tzid.isEmpty { zones[zone.tzid] = zone }
            zone = nil
            zonesRead += 1
        case ("STANDARD", "VTIMEZONE"), ("DAYLIGHT", "VTIMEZONE"):
            if let observance { zone?.rules.observances.append(observance) }
            observance = nil
        default:
            break
        }
    }

    // MARK: Properties

    private mutating func property(_ l: ICSContentLine) {
        guard let top = stack.last?.name else {
            outsideProperties += 1
            if firstOutsideLine == nil { firstOutsideLine = l.line }
            return
        }
        let depth = stack.count
        switch top {
        case "VCALENDAR" where depth == 1: calendarProperty(l)
        case "VEVENT" where depth == 2, "VTODO" where depth == 2: itemProperty(l)
        case "VALARM" where depth == 3: alarmProperty(l)
        case "VTIMEZONE" where depth == 2: zoneProperty(l)
        case "STANDARD" where depth == 3, "DAYLIGHT" where depth == 3: observanceProperty(l)
        default: break
        }
    }

    private mutating func calendarProperty(_ l: ICSContentLine) {
        let name = ICSLineScanner.upper(l.name)
        let text = ICSLineScanner.unescapeText(l.value)
        // A later calendar of the file does not rename the board.
        let first = calendars == 1
        switch name {
        case "X-WR-CALNAME": if first || calendarName == nil { calendarName = text }
        case "NAME": if calendarName == nil { calendarName = text }
        case "X-WR-TIMEZONE": if first || wrTimeZone == nil { wrTimeZone = text }
        case ICSVocabulary.boardID.description: if first || boardID == nil { boardID = text }
        case ICSVocabulary.showsState.description: showsState = text.uppercased() == "TRUE"
        case ICSVocabulary.stateDefinition.description:
            let category = l.parameter("X-CATEGORY").flatMap { StateCategory(rawValue: $0.lowercased()) } ?? .todo
            stateDefinitions.append(ICSStateDefinition(id: l.parameter("X-ID") ?? StableID.slug(text),
                                                       name: text, category: category,
                                                       wipLimit: l.parameter("X-WIP-LIMIT").flatMap { Int($0) }))
        case "VERSION", "CALSCALE", "METHOD", "REFRESH-INTERVAL", "X-PUBLISHED-TTL":
            break
        case "PRODID":
            if !text.hasPrefix("-//boardkit//") { metadata["PRODID"] = text }
        default:
            metadata[name] = metadata[name].map { $0 + "\n" + text } ?? text
        }
    }

    /// What a reminder needs of a VALARM: when it goes.
    private mutating func alarmProperty(_ l: ICSContentLine) {
        guard item != nil, !item!.alarms.isEmpty else { return }
        let k = item!.alarms.count - 1
        switch ICSLineScanner.upper(l.name) {
        case "TRIGGER":
            if l.parameter("VALUE")?.uppercased() == "DATE-TIME" {
                item!.alarms[k].at = date(l)
            } else {
                item!.alarms[k].trigger = l.rawValue
                item!.alarms[k].relatedToEnd = l.parameter("RELATED")?.uppercased() == "END"
            }
        case ICSVocabulary.reminder.description: item!.alarms[k].boardkitReminder = ICSLineScanner.unescapeText(l.value)
        case ICSTodoResource.alarmMark: item!.alarms[k].isFeedAlarm = true
        default: break
        }
    }

    private mutating func itemProperty(_ l: ICSContentLine) {
        guard item != nil else { return }
        // Dates first: the hot path of a large feed.
        if l.nameIs("DTSTART") { item!.start = date(l); return }
        // A VEVENT's due is its DTSTART: its DTEND is only a field (a malformed one is kept as
        // written, with a warning), a DUE (not RFC 5545's) is kept as written. A VTODO's DTEND
        // (not RFC 5545's either) likewise.
        if l.nameIs("DUE") {
            if item!.isTodo { item!.due = date(l) } else { item!.keep("DUE", l.rawValue) }
            return
        }
        if l.nameIs("DURATION"), item!.isTodo { item!.duration = l.rawValue; return }
        if l.nameIs("DTEND") {
            if item!.isTodo { item!.keep("DTEND", l.rawValue) } else { item!.end = date(l, keptAsField: true) }
            return
        }
        if l.nameIs("SUMMARY") { item!.summary = ICSLineScanner.unescapeText(l.value); return }
        if l.nameIs("UID") { item!.uid = ICSLineScanner.unescapeText(l.value); return }
        if l.nameIs("DTSTAMP") || l.nameIs("SEQUENCE") || l.nameIs("TRANSP") { return }
        let name = ICSLineScanner.upper(l.name)
        switch name {
        case "DESCRIPTION": item!.description = ICSLineScanner.unescapeText(l.value)
        case "CATEGORIES": item!.categories += ICSLineScanner.textList(l.value)
        case "URL": item!.url = l.rawValue
        case "STATUS": item!.status = ICSLineScanner.upper(l.value)
        case "CREATED": item!.created = date(l)
        case "LAST-MODIFIED": item!.lastModified = date(l)
        case "COMPLETED": item!.completed = date(l)
        case "PERCENT-COMPLETE":
            let v = l.rawValue
            if v != "100" && v != "0" { item!.keep(name, v) }
        case "RRULE", "RDATE", "EXRULE", "EXDATE":
            if name != "EXDATE" && name != "EXRULE" { item!.recurs = true }
            item!.keep(name, l.rawValue)
        case "RECURRENCE-ID":
            item!.changesOccurrence = true
            hasChangedOccurrences = true
            item!.keep(name, l.rawValue)
        case ICSVocabulary.state.description: item!.boardkitState = ICSLineScanner.unescapeText(l.value)
        case ICSVocabulary.start.description: item!.boardkitStart = ICSLineScanner.unescapeText(l.value)
        case ICSVocabulary.assignees.description: item!.assignees += ICSLineScanner.textList(l.value)
        case "COMMENT": item!.comments.append(ICSConversation.comment(l))
        case "ATTACH":
            if let attachment = ICSConversation.attachment(l) { item!.attachments.append(attachment) } else { item!.keep(name, l.rawValue) }
        case "RELATED-TO":
            if let type = ICSConversation.linkType(l.parameter("RELTYPE")) {
                item!.relations.append((type, ICSLineScanner.unescapeText(l.value)))
            } else {
                item!.keep(name, l.rawValue)
            }
        case ICSVocabulary.dueComplete.description: item!.dueComplete = l.rawValue.uppercased() == "TRUE"
        case ICSVocabulary.field.description:
            item!.keep(l.parameter("X-NAME") ?? name, ICSLineScanner.unescapeText(l.value))
        default:
            item!.keep(name, ICSLineScanner.unescapeText(l.value))
        }
    }

    private mutating func zoneProperty(_ l: ICSContentLine) {
        if l.nameIs("TZID") { zone?.tzid = ICSLineScanner.unescapeText(l.value) }
        if l.nameIs("X-LIC-LOCATION") { zone?.location = ICSLineScanner.unescapeText(l.value) }
    }

    private mutating func observanceProperty(_ l: ICSContentLine) {
        guard observance != nil else { return }
        if l.nameIs("DTSTART") {
            switch date(l)?.value {
            case .local(let t)?, .utc(let t)?: observance!.start = t
            case .date(let d)?: observance!.start = LocalDateTime(date: d)
            case nil: break
            }
        } else if l.nameIs("TZOFFSETFROM") || l.nameIs("TZOFFSETTO") {
            guard let offset = ICSDateValue.parseOffset(l.rawValue) else {
                sink.add(.badUTCOffset(l.rawValue), line: l.line)
                return
            }
            if l.nameIs("TZOFFSETFROM") { observance!.offsetFrom = offset } else { observance!.offsetTo = offset }
        } else if l.nameIs("RRULE") {
            observance!.rule = ICSTimeZoneRules.parseRule(l.rawValue)
        } else if l.nameIs("RDATE") {
            for part in l.rawValue.split(separator: ",") {
                let bytes = Array(part.utf8)
                if case .success(.local(let t)) = bytes.withUnsafeBufferPointer({ ICSDateValue.parse($0) }) {
                    observance!.extraOnsets.append(t)
                }
            }
        }
    }

    /// A DATE or DATE-TIME property, or nil (with an error) when the value is not one. With
    /// `keptAsField` (a property the card keeps only as a field), a value that is not one is
    /// a warning and kept in the item's field of that name as written.
    private mutating func date(_ l: ICSContentLine, keptAsField: Bool = false) -> ICSRawDate? {
        switch ICSDateValue.parse(l.value) {
        case .success(let value):
            var kept: Int32?
            if case .utc = value, let o = l.parameter(ICSVocabulary.offsetParameter.description) {
                kept = ICSDateValue.parseOffset(o)
            }
            return ICSRawDate(value: value, tzid: l.parameter("TZID"), keptOffset: kept, line: l.line)
        case .failure(let why):
            let name = ICSLineScanner.upper(l.name)
            let shown = l.value.count > 40 ? String(decoding: l.value.prefix(40), as: UTF8.self) + "…"
                                           : l.rawValue
            let kept = keptAsField && item != nil
            let message: ICSMessage = why == .impossible ? .impossibleDate(name: name, shown: shown, kept: kept)
                                                         : .malformedDate(name: name, shown: shown, kept: kept)
            if kept {
                item!.keep(name, l.rawValue)
                sink.add(message, line: l.line, severity: .warning)
            } else {
                sink.add(message, line: l.line)
            }
            return nil
        }
    }
}
