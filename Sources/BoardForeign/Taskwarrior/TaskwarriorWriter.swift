import Foundation
import BoardModel
import BoardIO

/// Writes a board as JSON that `task import` takes: one task object per card, in an array
/// laid out one task per line as `task export` does. Every task has uuid, description,
/// status and entry; dates are in Taskwarrior's `20261122T141500Z` form.
///
/// What Taskwarrior has no attribute for is written as UDAs (`task import` keeps unknown
/// attributes): card fields under their names (made into identifiers), and boardkit's own
/// `boardkit_id`, `boardkit_assignees`, `boardkit_url` and `boardkit_state`. Comments are
/// annotations, `blocked-by` links `depends`. What cannot be written at all (events beyond
/// entry/start/end, card order, the archived flag of finished cards, checklists,
/// attachments, other links, comments' authors) is counted in one `data-not-written` warning.
public struct TaskwarriorWriter: BoardWriter {
    public init() {}

    public func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult {
        // The history a task still tells is in its dates, not counted as events.
        WriteResult(written: [Counted(board.cards.count, "task")],
                    diagnostics: OutputFile.writeJSON(to: path) { out in write(board, options: options, file: path, to: &out) })
    }

    /// The export as bytes, and a warning for what it could not hold.
    public func export(_ board: Board, options: WriterOptions = WriterOptions(), file: String = "-") -> ([UInt8], [Diagnostic]) {
        var out = JSONWriter()
        let diagnostics = write(board, options: options, file: file, to: &out)
        return (out.finish(), diagnostics)
    }

    /// Writes the export to `out` (a file's buffer is written out as it fills).
    private func write(_ board: Board, options: WriterOptions, file: String, to out: inout JSONWriter) -> [Diagnostic] {
        let zone = board.zone ?? Zone.utc  // built once: a Zone computes its transition table
        let now = options.exportedAt ?? Instant(epochMilliseconds: Int64(Date().timeIntervalSince1970 * 1000))
        var lost = Loss()
        let context = TaskContext(board: board, zone: zone, now: now)
        // One line per task, made a chunk at a time on every core and taken in order: no tree
        // of a million tasks is ever held, only the bytes.
        out.beginArray(.lines)
        let frame = out.fragment()
        inOrderChunks(count: board.cards.count, make: { range -> (lines: JSONWriter, lost: Loss) in
            var lines = frame.fragment()
            var lost = Loss()
            for k in range { Self.writeTask(for: k, in: context, lost: &lost, to: &lines) }
            return (lines, lost)
        }, take: { part in
            out.append(fragment: part.lines)
            lost.add(part.lost)
        })
        // A task list has no board: what reading it back cannot give (id `taskwarrior`, name
        // `Taskwarrior`, UTC) is left.
        if board.id != "taskwarrior" { lost.board.append(.id(board.id)) }
        if board.name != "Taskwarrior" { lost.board.append(.name) }
        if board.timeZone != "UTC" { lost.board.append(.timeZone(board.timeZone)) }
        if !board.metadata.isEmpty { lost.board.append(.metadata(board.metadata.count)) }
        // Unknown keys of the board, its states and its events have no place in a task either.
        lost.extras += board.extras.count + board.states.reduce(0) { $0 + $1.extras.count }
            + board.events.reduce(0) { $0 + $1.extras.count }
        lost.events = board.events.count - Self.keptEvents(board, in: context)
        // No event a task still tells keeps its changes: a task holds only current values.
        lost.changes = board.fieldChangeCount
        out.endArray()
        out.endDocument()
        return lost.diagnostics(file: file)
    }

    /// What a task needs beyond its card: the board, its states' categories, the history
    /// Taskwarrior keeps (per card: its first event, first entry into a doing state, last
    /// archiving), the zone for date-only dues and the export time for a missing entry.
    ///
    /// The history is kept in arrays by card position, found through an `IDIndex`: a
    /// dictionary by card id costs a SipHash of the id per event and three per task.
    private struct TaskContext {
        let board: Board
        let zone: Zone
        let now: Instant
        private let states: IDIndex
        private let cards: IDIndex
        private(set) var firstEvent: [Instant?]
        private(set) var firstDoing: [Instant?]
        private(set) var archivedAt: [Instant?]
        /// By card position: cards that say they block it without its `blocked-by` saying so
        /// (a board whose links are not kept both ways round); written in its `depends` too.
        private(set) var blockers: [Int: [String]] = [:]

        init(board: Board, zone: Zone, now: Instant) {
            (self.board, self.zone, self.now) = (board, zone, now)
            states = IDIndex(states: board.states)
            cards = IDIndex(cards: board.cards)
            firstEvent = Array(repeating: nil, count: board.cards.count)
            firstDoing = firstEvent
            archivedAt = firstEvent
            let positions = board.events.withUnsafeBufferPointer { cards.positionsOnAllCores(ofCardsOf: $0) }
            for (e, p) in zip(board.events, positions) where p >= 0 {
                let k = Int(p)
                if firstEvent[k] == nil { firstEvent[k] = e.at }
                if let to = e.to, firstDoing[k] == nil, category(of: to) == .doing { firstDoing[k] = e.at }
                if e.type == .archived || e.type == .deleted { archivedAt[k] = e.at }
            }
            for card in board.cards where !card.links.isEmpty {
                for l in card.links where l.type == .blocks {
                    guard let k = cards.find(l.card),
                          !board.cards[k].links.contains(CardLink(.blockedBy, card.id)) else { continue }
                    blockers[k, default: []].append(card.id)
                }
            }
        }

        /// True when card `other` is on the board (a `blocks` link to it is written as its `depends`).
        func isOnBoard(_ other: String) -> Bool { cards.find(other) != nil }

        /// The category of the state with this id (nil for an unknown state).
        func category(of state: String) -> StateCategory? {
            states.find(state).map { board.states[$0].category }
        }

        /// Where the history of the card at position `k` is kept: its own slot, or the first
        /// card's with the same id (a board read with duplicates shares their history).
        func slot(_ k: Int) -> Int {
            cards.isUnique ? k : cards.find(board.cards[k].id) ?? k
        }
    }

    /// One card as a task on one line, counting into `lost` what it cannot carry. Written
    /// straight into the writer, member by member: no tree per task.
    private static func writeTask(for k: Int, in context: TaskContext, lost: inout Loss, to out: inout JSONWriter) {
        let (board, zone, now) = (context.board, context.zone, context.now)
        let card = board.cards[k], slot = context.slot(k)
        let (firstEvent, firstDoing, archivedAt) =
            (context.firstEvent[slot], context.firstDoing[slot], context.archivedAt[slot])
        let cat = context.category(of: card.state) ?? .todo
        // The attributes written so far, which a card field's attribute must not take.
        var used: [String] = []
        func member(_ key: String, _ value: String?) {
            guard let value else { return }
            used.append(key)
            out.key(named: key)
            out.string(value)
        }
        func date(_ key: String, _ value: Instant?) { member(key, value.map(TaskwarriorDate.format)) }

        out.beginObject(.compact)
        let uuid = TaskUUID.isValid(card.id) ? card.id : TaskUUID.make(card.id)
        member("uuid", uuid)
        member("description", card.title)
        let status: String
        var end: Instant?
        if cat == .done {
            status = "completed"
            end = card.completed ?? card.updated ?? archivedAt
            if card.archived { lost.archivedDone += 1 }
        } else if card.archived {
            status = "deleted"
            end = archivedAt ?? card.updated
        } else if let kept = card.fields[TaskwarriorKeys.statusField], kept == "waiting" || kept == "recurring" {
            status = kept
        } else {
            status = "pending"
        }
        member("status", status)
        var entry = card.created ?? firstEvent ?? card.updated
        if entry == nil { entry = now; lost.entryGuessed += 1 }
        date("entry", entry)
        date("modified", card.updated)
        if cat != .todo {
            date("start", firstDoing ?? (cat == .doing ? card.updated ?? entry : nil))
        }
        date("end", end)
        date("due", card.due.map { instant($0, zone) })
        date("scheduled", card.start.map { instant($0, zone) })
        // The first reminder is when the task stops waiting; a task has one such date.
        let moments = card.reminders.compactMap { $0.moment(due: card.due, zone: zone) }
        date("wait", moments.min())
        lost.reminders += max(0, moments.count - 1)
        // A finished task's due no longer presses; an open one's would show overdue.
        if card.dueComplete && cat != .done { lost.dueComplete += 1 }
        if !card.labels.isEmpty {
            used.append("tags")
            out.key("tags")
            out.strings(card.labels)
        }
        // Body lines a board converted before #44 kept annotations in, then the comments.
        let (notes, rest) = TaskAnnotation.parse(body: card.body)
        var annotations = notes + card.comments.map { TaskAnnotation(entry: $0.at, description: $0.text) }
        if !rest.isEmpty {
            // Text that is not annotation lines becomes one annotation at the card's creation.
            annotations.insert(TaskAnnotation(entry: entry!, description: rest), at: 0)
            lost.bodiesAsAnnotation += 1
        }
        if !notes.isEmpty || !rest.isEmpty { annotations = Self.oldestFirst(annotations) }
        lost.commentDetails += card.comments.count { c in
            c.author != nil || c.edited != nil
                || c.id != TaskAnnotation.commentID(uuid: uuid, entry: c.at, taken: [])
        }
        if !annotations.isEmpty {
            used.append("annotations")
            out.key("annotations")
            out.beginArray()
            for a in annotations {
                out.beginObject()
                out.member("entry", TaskwarriorDate.format(a.entry))
                out.member("description", a.description)
                out.endObject()
            }
            out.endArray()
        }
        // Blocked by: `depends`, the blockers' uuids. Other links have no attribute.
        var depends = card.links.filter { $0.type == .blockedBy }.map(\.card)
        if !context.blockers.isEmpty { depends += context.blockers[k] ?? [] }
        if !depends.isEmpty {
            var seen: Set<String> = []
            depends = depends.filter { seen.insert($0).inserted }
            used.append("depends")
            out.key("depends")
            out.strings(depends.map { TaskUUID.isValid($0) ? $0 : TaskUUID.make($0) })
        }
        lost.links += card.links.count { l in
            l.type != .blockedBy && (l.type != .blocks || !context.isOnBoard(l.card))
        }
        lost.checklists += card.checklists.count
        lost.attachments += card.attachments.count
        if card.id != uuid { member(TaskwarriorKeys.boardkitID, card.id) }
        if !card.assignees.isEmpty { member(TaskwarriorKeys.assignees, TaskwarriorKeys.joinAssignees(card.assignees)) }
        member(TaskwarriorKeys.url, card.url)
        let defaultState = TaskwarriorKeys.states.first { $0.category == cat }
        if let s = board.state(withID: card.state), s.id != defaultState?.id || s.name != defaultState?.name {
            member(TaskwarriorKeys.state, s.name)
        }
        if !card.fields.isEmpty {
            var taken = Set(used)
            for name in card.fields.keys.sorted() where name != TaskwarriorKeys.statusField {
                let attribute = Self.attributeName(name, taken: taken)
                taken.insert(attribute)
                out.key(named: attribute)
                out.string(card.fields[name]!)
            }
        }
        out.endObject()
        if card.position != nil { lost.positions += 1 }
        lost.extras += card.extras.count
    }

    /// Annotations by entry time, equal times in their order (as Taskwarrior lists them).
    private static func oldestFirst(_ annotations: [TaskAnnotation]) -> [TaskAnnotation] {
        annotations.enumerated().sorted { a, b in
            a.element.entry != b.element.entry ? a.element.entry < b.element.entry : a.offset < b.offset
        }.map(\.element)
    }

    /// A due or scheduled date as an instant: a calendar date is midnight at its start in the
    /// board's zone, as Taskwarrior's own `due:2026-11-30` is.
    private static func instant(_ d: DueDate, _ zone: Zone) -> Instant {
        switch d {
        case .instant(let i): return i
        case .date(let day): return zone.startOfDay(day)
        }
    }

    /// A card field's attribute name: Taskwarrior's own for project, priority, wait… and
    /// fields read from Taskwarrior; otherwise lower-case letters, digits and `_`, never one
    /// of Taskwarrior's core attributes.
    static func attributeName(_ field: String, taken: Set<String>) -> String {
        // Checked and mapped on the bytes when the name is ASCII (Unicode properties per
        // character cost a tenth of a million-task export).
        func isLetterOrDigit(_ c: UInt8) -> Bool {
            (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
        }
        var name: String
        if field.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "_") }) {
            name = field
        } else if field.utf8.allSatisfy({ $0 < 0x80 }) {
            name = String(decoding: field.utf8.map { c in
                isLetterOrDigit(c) ? c | (c >= UInt8(ascii: "A") ? 0x20 : 0) : UInt8(ascii: "_")
            }, as: UTF8.self)
        } else {
            // Lower-casing may turn a non-ASCII letter into ASCII ones (`İ` → `i̇`).
            name = String(field.lowercased().unicodeScalars.map { s -> Character in
                (s.properties.isAlphabetic && s.isASCII) || ("0"..."9").contains(s) ? Character(s) : "_"
            })
        }
        if name.isEmpty || name.first!.isNumber { name = "field_" + name }
        if (coreAttributes.contains(name) && !TaskwarriorKeys.passthrough.contains(name)) || (taken.contains(name) && name != field) {
            name = "field_" + name
        }
        var unique = name
        var n = 2
        while taken.contains(unique) { unique = "\(name)_\(n)"; n += 1 }
        return unique
    }

    private static let coreAttributes: Set<String> = ["uuid", "id", "description", "status", "entry", "modified",
                                                      "end", "start", "due", "scheduled", "tags", "annotations", "urgency"]

    /// How many events the written tasks still tell (creation, first start, completion,
    /// archiving), for the warning that counts the rest.
    private static func keptEvents(_ board: Board, in context: TaskContext) -> Int {
        var kept = 0
        for card in board.cards {
            let cat = context.category(of: card.state) ?? .todo
            kept += card.created != nil ? 1 : 0
            if cat != .todo { kept += 1 }
            if cat == .done || card.archived { kept += 1 }
        }
        return min(kept, board.events.count)
    }

    /// What the export could not hold, for one warning.
    private struct Loss {
        var events = 0, changes = 0, positions = 0, archivedDone = 0, entryGuessed = 0, extras = 0, bodiesAsAnnotation = 0
        var commentDetails = 0, checklists = 0, attachments = 0, links = 0, reminders = 0, dueComplete = 0
        /// What of the board itself (id, name, zone, metadata) a task list cannot hold.
        var board: [ForeignMessage.BoardPart] = []

        /// Adds what a chunk of cards counted.
        mutating func add(_ other: Loss) {
            events += other.events; changes += other.changes; positions += other.positions
            archivedDone += other.archivedDone; entryGuessed += other.entryGuessed; extras += other.extras
            bodiesAsAnnotation += other.bodiesAsAnnotation
            commentDetails += other.commentDetails; checklists += other.checklists; attachments += other.attachments
            links += other.links; reminders += other.reminders; dueComplete += other.dueComplete
        }

        func diagnostics(file: String) -> [Diagnostic] {
            var parts: [ForeignMessage.TaskwarriorLoss] = []
            if events > 0 { parts.append(.events(events)) }
            if changes > 0 { parts.append(.changes(changes)) }
            if positions > 0 { parts.append(.positions(positions)) }
            if archivedDone > 0 { parts.append(.archivedDone(archivedDone)) }
            if extras > 0 { parts.append(.extras(extras)) }
            if bodiesAsAnnotation > 0 { parts.append(.bodies(bodiesAsAnnotation)) }
            if commentDetails > 0 { parts.append(.commentDetails(commentDetails)) }
            if checklists > 0 { parts.append(.checklists(checklists)) }
            if attachments > 0 { parts.append(.attachments(attachments)) }
            if links > 0 { parts.append(.links(links)) }
            if reminders > 0 { parts.append(.reminders(reminders)) }
            if dueComplete > 0 { parts.append(.dueComplete(dueComplete)) }
            if !board.isEmpty { parts.append(.board(board)) }
            var out: [Diagnostic] = []
            if !parts.isEmpty { out.append(Diagnostic(ForeignMessage.taskwarriorNotWritten(parts))) }
            if entryGuessed > 0 { out.append(Diagnostic(ForeignMessage.taskwarriorEntryGuessed(entryGuessed))) }
            return out
        }
    }
}
