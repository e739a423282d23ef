import BoardModel
import BoardIO

/// Reads `task export` output (a JSON array of tasks, or one task object per line as older
/// versions and `task import` also take) into a board.
///
/// Status and `start` choose the state: pending → Pending (todo), pending with a start →
/// Active (doing), completed → Completed (done), waiting and recurring → Pending with the
/// status kept in the `taskwarrior.status` field, deleted → archived in Pending (or Active
/// when it had been started). entry, start and end become the card's history, annotations
/// its comments, `depends` its `blocked-by` links. See docs/taskwarrior.md.
public struct TaskwarriorReader: SniffingReader {
    public init() {}

    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        ForeignSource.read(input) { read($0, options: options) }
    }

    /// Reads an export held in memory; `file` names it in diagnostics.
    public func read(bytes: [UInt8], file: String = "-", options: ReaderOptions = ReaderOptions()) -> ReadResult {
        read(ForeignSource(file: file, bytes: bytes), options: options)
    }

    func read(_ source: ForeignSource, options: ReaderOptions) -> ReadResult {
        // One task object per line, or an array of tasks: either way the tasks are located
        // first and then read one at a time.
        let bytes = source.text.bytes
        var first = MappedText.startsWithByteOrderMark(bytes) ? 3 : 0
        while first < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[first]) { first += 1 }
        let isSequence = first < bytes.count && bytes[first] == UInt8(ascii: "{")
        switch isSequence ? JSONMemberIndex.indexSequence(source.text) : JSONMemberIndex.index(source.text) {
        case .failure(let e):
            return .failed([Diagnostic(ForeignMessage.taskwarriorSyntax(e.problem), at: source.location("", at: e.offset))],
                           file: source.file)
        case .success(let index):
            guard index.shape == .array else {
                return .failed([Diagnostic(ForeignMessage.taskwarriorNotAnExport(kind: index.shape.kindName),
                                           at: source.location("", at: index.rootOffset))], file: source.file)
            }
            var importer = TaskwarriorImport(source: source, options: options)
            return importer.run(JSONElementStream(rootOf: index))
        }
    }

    /// An array whose first element is an object with "uuid" and "status" or "description",
    /// or a bare object with "uuid" and "status" (one task per line) that has none of the
    /// keys of a board file.
    public func recognizes(head: [UInt8]) -> Bool {
        guard let first = HeadSniffer.firstSignificant(head) else { return false }
        let taskKeys = HeadSniffer.hasKey("uuid", in: head)
            && (HeadSniffer.hasKey("status", in: head) || HeadSniffer.hasKey("description", in: head))
        if first.byte == UInt8(ascii: "[") {
            var i = first.index + 1
            while i < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[i]) { i += 1 }
            return i < head.count && head[i] == UInt8(ascii: "{") && taskKeys
        }
        guard first.byte == UInt8(ascii: "{"), taskKeys, HeadSniffer.hasKey("status", in: head) else { return false }
        return !["format", "states", "lists", "cards"].contains { HeadSniffer.hasKey($0, in: head) }
    }
}

/// Turns parsed tasks into a board.
struct TaskwarriorImport: RecordImporter {
    let source: ForeignSource
    let options: ReaderOptions
    var diagnostics: [Diagnostic] = []
    private var map: ForeignSourceMap
    /// Tasks left out under `--skip-invalid`.
    private var leftOut: LeftOutItems

    init(source: ForeignSource, options: ReaderOptions) {
        self.source = source
        self.options = options
        map = ForeignSourceMap(source: source)
        leftOut = LeftOutItems(options.invalidItems)
    }

    private mutating func report(_ message: ForeignMessage, _ path: String, _ node: JSONNode?) {
        diagnostics.append(Diagnostic(message, at: source.location(path, node)))
    }

    private mutating func string(_ task: JSONNode, _ key: String, _ path: String) -> String? {
        guard let v = task[key], !v.isNull else { return nil }
        if let s = v.string { return s }
        report(.taskwarriorWrongType(key: key, kind: v.kindName), "\(path).\(key)", v)
        return nil
    }

    private mutating func date(_ task: JSONNode, _ key: String, _ path: String) -> Instant? {
        guard let text = string(task, key, path) else { return nil }
        if let i = TaskwarriorDate.parse(text) { return i }
        report(.taskwarriorInvalidDate(key: key, text: text), "\(path).\(key)", task[key])
        return nil
    }

    /// A task read on a worker, before the steps that depend on the tasks before it (its
    /// state may be a new one; its uuid may repeat).
    private struct TaskRead {
        var card: Card
        /// The `boardkit_state` it names, and the category its status and start give.
        var stateName: String?
        var category: StateCategory
        var status: TaskStatus
        var started: Instant?
        var end: Instant?
        /// Its uuid and where it is, for the warning when it repeats.
        var uuid: String
        var uuidOffset: Int?
    }

    /// Reads the tasks into cards and their history. Each task is read where it was parsed,
    /// on a copy of this import that collects the task's own diagnostics; states, repeated
    /// uuids and the history are then settled in file order.
    mutating func run(_ tasks: JSONElementStream) -> ReadResult {
        var board = Board(id: "taskwarrior", name: "Taskwarrior", timeZone: options.timeZone ?? "UTC",
                          states: TaskwarriorKeys.states)
        var byID: [String: Int] = [:]
        // The history in reading order, with each event's card and place (sorted at the end).
        var events: [Event] = [], eventCards: [Int] = [], places: [ForeignPlace] = []
        // Whether a repeated uuid replaced an earlier task.
        var replaced = false
        // uuid → card id, for `depends` (a card's id is its `boardkit_id` where it has one).
        var cardIDs: [String: String] = [:]
        // Room for every card and the most history a task tells (three events): arrays that
        // grow by doubling hold the old and the new buffer at once, and what is reserved but
        // never written takes no memory.
        board.cards.reserveCapacity(tasks.count)
        map.cards.reserveCapacity(tasks.count)
        events.reserveCapacity(3 * tasks.count)
        eventCards.reserveCapacity(3 * tasks.count)
        places.reserveCapacity(3 * tasks.count)
        tasks.read(with: self, { reader, k, task, interning in
            var read = reader.readTask(k, task)
            if read != nil { interning.share(&read!.card) }
            return read
        }, take: { r in
            let mark = diagnostics.count
            diagnostics += r.said
            guard var read = r.value else {
                _ = leftOut.leavesOut(&diagnostics, since: mark)
                return
            }
            // A state is made on first sight even for a task then left out (as before).
            read.card.state = stateID(for: read.stateName, category: read.category, in: &board)
            if leftOut.leavesOut(&diagnostics, since: mark) { return }
            let place = ForeignPlace(.root, r.index, at: r.offset)
            if read.card.id != read.uuid { cardIDs[read.uuid] = read.card.id }
            let index: Int
            if let previous = byID[read.card.id] {
                diagnostics.append(Diagnostic(ForeignMessage.taskwarriorDuplicateUUID(read.uuid),
                                              at: source.location("\(place.path).uuid", at: read.uuidOffset)))
                board.cards[previous] = read.card
                map.cards[previous] = place
                // The earlier task's history goes once all are read (below), not here: a
                // file of many repeats would copy the whole history for each.
                replaced = true
                index = previous
            } else {
                index = board.cards.count
                byID[read.card.id] = index
                board.cards.append(read.card)
                map.cards.append(place)
            }
            for event in history(of: read, board: board) {
                events.append(event)
                eventCards.append(index)
                places.append(place)
            }
        })
        if replaced {
            // An event stays when it came from the task its card now is (a replaced task's
            // place is no longer its card's), in all three arrays alike.
            let kept = events.indices.filter { places[$0].index == map.cards[eventCards[$0]].index }
            events = kept.map { events[$0] }
            places = kept.map { places[$0] }
            eventCards = kept.map { eventCards[$0] }
        }
        // Oldest first, equal times by card: sorted through a permutation applied in place,
        // so the history is never held twice.
        let order = events.indices.sorted {
            events[$0].at != events[$1].at ? events[$0].at < events[$1].at
                : eventCards[$0] != eventCards[$1] ? eventCards[$0] < eventCards[$1] : $0 < $1
        }
        permute(&events, by: order)
        permute(&places, by: order)
        board.events = events
        map.events = places
        linkDependencies(&board, cardIDs: cardIDs)
        map.states = board.states.map { _ in ForeignPlace(.document, 0, at: 0) }
        if let d = leftOut.summary(item: "task", items: "tasks", at: SourceLocation(file: source.file)) { diagnostics.append(d) }
        return ReadResult(board: board, diagnostics: diagnostics, sourceMap: map)
    }

    /// One task element as a card and what its history needs, or nil when it cannot be one
    /// (said in `diagnostics`).
    private mutating func readTask(_ k: Int, _ task: JSONNode) -> TaskRead? {
        let path = "[\(k)]"
        guard task.isObject else {
            report(.taskwarriorTaskNotAnObject(kind: task.kindName), path, task)
            return nil
        }
        guard let uuid = string(task, "uuid", path) else {
            if task["uuid"] == nil { report(.taskwarriorMissingUUID, path, task) }
            return nil
        }
        guard TaskUUID.isValid(uuid) else {
            report(.taskwarriorInvalidUUID(uuid), "\(path).uuid", task["uuid"])
            return nil
        }
        guard let title = string(task, "description", path) else {
            report(.taskwarriorMissingField(uuid: uuid, field: "description"), path, task)
            return nil
        }
        guard let statusText = string(task, "status", path) else {
            report(.taskwarriorMissingField(uuid: uuid, field: "status"), path, task)
            return nil
        }
        guard let status = TaskStatus(rawValue: statusText) else {
            report(.taskwarriorInvalidStatus(statusText), "\(path).status", task["status"])
            return nil
        }
        let entry = date(task, "entry", path)
        if task["entry"] == nil {
            report(.taskwarriorMissingEntry(uuid: uuid), path, task)
        }
        let started = date(task, "start", path)
        let end = date(task, "end", path)

        let category: StateCategory = status == .completed ? .done : (started != nil ? .doing : .todo)
        let stateName = string(task, TaskwarriorKeys.state, path)
        // The state is settled in file order (`run`): a name may make a new one.
        var card = Card(id: string(task, TaskwarriorKeys.boardkitID, path) ?? uuid, title: title, state: "")
        card.created = entry
        card.updated = date(task, "modified", path)
        if status == .completed { card.completed = end }
        card.archived = status == .deleted
        if let due = date(task, "due", path) { card.due = .instant(due) }
        if let scheduled = date(task, "scheduled", path) { card.start = .instant(scheduled) }
        // A task hidden until a date comes back to mind then: the card's reminder.
        if let wait = date(task, "wait", path) { card.reminders = [.at(wait)] }
        card.labels = task["tags"]?.array?.compactMap(\.string) ?? []
        card.assignees = string(task, TaskwarriorKeys.assignees, path).map(TaskwarriorKeys.splitAssignees) ?? []
        card.url = string(task, TaskwarriorKeys.url, path)
        for (j, a) in (task["annotations"]?.array ?? []).enumerated() {
            guard let text = a["description"]?.string else { continue }
            if let at = a["entry"]?.string.flatMap(TaskwarriorDate.parse) {
                card.comments.append(CardComment(id: TaskAnnotation.commentID(uuid: uuid, entry: at, taken: card.comments),
                                                 at: at, text: text))
            } else {
                report(.taskwarriorAnnotationWithoutEntry, "\(path).annotations[\(j)].entry", a["entry"] ?? a)
            }
        }
        // Oldest first, as the model keeps a conversation (Taskwarrior's own export is).
        if !card.comments.isEmpty, zip(card.comments, card.comments.dropFirst()).contains(where: { $1.at < $0.at }) {
            card.comments = card.comments.enumerated().sorted { a, b in
                a.element.at != b.element.at ? a.element.at < b.element.at : a.offset < b.offset
            }.map(\.element)
        }
        // Blocked by the tasks it depends on (by uuid until every task is read).
        for other in TaskDependencies.uuids(task["depends"]) { card.links.append(CardLink(.blockedBy, other)) }
        if status == .waiting || status == .recurring { card.fields[TaskwarriorKeys.statusField] = status.rawValue }
        for m in task.members ?? [] where !TaskwarriorKeys.mapped.contains(m.key) {
            if let text = m.value.scalarText {
                card.fields[m.key] = text
            } else if let items = m.value.array {
                card.fields[m.key] = items.compactMap(\.scalarText).joined(separator: ",")
            }
        }

        return TaskRead(card: card, stateName: stateName, category: category, status: status, started: started,
                        end: end, uuid: uuid, uuidOffset: task["uuid"]?.offset)
    }

    /// `depends` names tasks by uuid: each becomes the card with that uuid (its
    /// `boardkit_id` where it has one), and the blockers get their `blocks` side.
    private func linkDependencies(_ board: inout Board, cardIDs: [String: String]) {
        guard board.cards.contains(where: { !$0.links.isEmpty }) else { return }
        if !cardIDs.isEmpty {
            for k in board.cards.indices {
                for j in board.cards[k].links.indices {
                    if let id = cardIDs[board.cards[k].links[j].card] { board.cards[k].links[j].card = id }
                }
            }
        }
        board.completeLinks()
    }

    /// The state for a task: the `boardkit_state` it names (created on first sight, with the
    /// category its status gives unless `--state-map` says otherwise), else the default
    /// state of its category.
    private func stateID(for name: String?, category: StateCategory, in board: inout Board) -> String {
        guard let name, !name.isEmpty else {
            return TaskwarriorKeys.states.first { $0.category == category }!.id
        }
        if let s = board.states.first(where: { $0.name == name || $0.id == name }) { return s.id }
        let mapped = options.stateMapTarget(for: name).flatMap { StateCategory(rawValue: $0.lowercased()) }
        var id = StableID.slug(name)
        var n = 2
        while board.state(withID: id) != nil { id = "\(StableID.slug(name))-\(n)"; n += 1 }
        board.states.append(BoardState(id: id, name: name, category: mapped ?? category))
        return id
    }

    /// The history a task's dates tell: created at entry, moved to its doing state at start,
    /// to its done state at end (completed), archived at end (deleted).
    private func history(of read: TaskRead, board: Board) -> [Event] {
        let (card, status, started, end) = (read.card, read.status, read.started, read.end)
        let category = board.category(ofState: card.state) ?? .todo
        let first = category == .todo ? card.state : "todo"
        var current = first
        var events: [Event] = []
        if let created = card.created {
            events.append(Event(card: card.id, at: created, type: .created, to: first))
        }
        if let started, category != .todo || status == .deleted {
            let to = category == .doing ? card.state : "doing"
            events.append(Event(card: card.id, at: started, type: .moved, from: current, to: to))
            current = to
        }
        if let end {
            if status == .completed {
                events.append(Event(card: card.id, at: end, type: .moved, from: current, to: card.state))
            } else if status == .deleted {
                events.append(Event(card: card.id, at: end, type: .archived))
            }
        }
        return events
    }
}
