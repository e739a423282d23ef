import BoardModel
import BoardIO
import Foundation

/// The change log: applying a step's edits (current values and log rows in one
/// transaction), undoing and redoing steps, and reading the log back as events.
///
/// Undo takes the newest step that is not undone and puts back each row's old value (a
/// created card leaves, a deleted one returns); redo puts back the new values of the oldest
/// undone step. A new step after an undo marks the undone steps dropped: out of reach of
/// redo, but kept in the log, marked undone.
enum ChangeLog {
    /// The field of a row that records from/to states.
    static let stateField = "state"
    /// Kind of the row an import adds for a card whose file had no creation event: it makes
    /// the card undoable with the import but is no event of the board.
    static let importedKind = "imported"
    /// Kind of the row a sync writes when one field changed on both sides: the value that
    /// lost (old) and the one kept (new), a record (not applied, so undo leaves it) and no
    /// event of the board. `extras` says which side lost (`lost`) and, when the remote's value
    /// was refused as no card field's, why (`refused`).
    static let conflictKind = "conflict"
    /// Kind of the row of a card whose position a move into its column changed to make room
    /// (`CardPlacement`): applied, so undo puts it back, but no event of the board and no
    /// line of the history: the move is.
    static let renumberedKind = "renumbered"

    static func conflictExtras(_ conflict: SyncConflict) -> [String: String] {
        var extras = ["lost": JSONText.quoted(conflict.loser.rawValue)]
        if let refusal = conflict.refusal { extras["refused"] = JSONText.quoted(refusal) }
        return extras
    }

    /// Puts one log row into the event its `event` number groups it with: the `state` row as
    /// from/to, a field the kind implies (an archive sets `archived`) nowhere, any other as one
    /// of the event's changes. The board's events and the history read rows alike through it.
    static func fold(field: String, old: FieldValue?, new: FieldValue?, into event: inout some FoldedEvent) {
        if field == stateField {
            event.from = old?.description
            event.to = new?.description
        } else if !(field == "archived" && (event.kind == EventType.archived.rawValue || event.kind == EventType.restored.rawValue)) {
            event.changes.append(FieldChange(field: field, old: old, new: new))
        }
    }

    // MARK: Applying

    /// Applies `edits` as one step, from the board as `run` finds it (what the steps before it
    /// in the transaction left, `GroupRun`), which it tells what the step wrote. The step's
    /// events are left for its caller to read: with the group's (`GroupRun.readEvents`), or
    /// `events(db, step:)`.
    static func apply(_ edits: [CardEdit], info asked: StepInfo, in run: GroupRun) throws -> AppliedStep? {
        let db = run.db
        let start = try run.stepStart()
        let header = start.header
        let info = stamped(asked, after: start.lastAt, zone: header.zone)
        let step = start.lastStep + 1
        // An edit refuses before it writes (`StepWriter.apply`): a later edit's refusal is
        // rolled back to here, so that a refused step leaves nothing, and one edit needs no
        // savepoint (each is a statement, and PostgreSQL's cost is more in statements than rows).
        let several = edits.count > 1
        if several { try db.execute("SAVEPOINT step") }
        var writer = StepWriter(run: run, step: step, info: info, states: header.states, event: start.lastEvent)
        let touched: [StoredCard]
        do {
            touched = try edits.map { edit in try writer.apply(edit) }
        } catch let refusal as StoreError where several && refusal.isRefusal {
            try db.execute("ROLLBACK TO step")
            try db.execute("RELEASE step")
            throw refusal
        }
        // An edit that changed nothing wrote nothing: no step.
        guard writer.wrote else {
            if several { try db.execute("RELEASE step") }
            return nil
        }
        try db.writeStep(StepRow(step: step, at: info.at.description, actor: info.actor, command: info.command),
                         log: writer.rows, after: start.lastSeq)
        if start.redoable { try db.execute("UPDATE steps SET dropped = 1 WHERE undone = 1 AND dropped = 0") }
        if several { try db.execute("RELEASE step") }
        run.closed(step: step, at: info.at, lastEvent: writer.lastLogged)
        return AppliedStep(step: step, cards: touched, events: [])
    }

    /// The step with its time decided: a `.commit` step takes the time now, inside the write
    /// transaction (no other writer can commit before it), or the log's last time when the
    /// clock reads earlier (a clock set back), in the board's zone; a `.given` one keeps its own.
    /// `lastAt` is the log's last row's time.
    static func stamped(_ info: StepInfo, after lastAt: String?, zone: Zone?) -> StepInfo {
        guard info.timing == .commit else { return info }
        var out = info
        out.at = Instant.now()
        if let lastAt, let last = ISO8601.parseInstant(lastAt), out.at < last {
            out.at = last
        }
        let zone = zone ?? .utc
        out.at = zone.localize(out.at)
        return out
    }

    /// The edits of one step: each changes a card's current values and logs one event, a
    /// row per field it changed (none when it changed nothing).
    private struct StepWriter {
        let run: GroupRun
        let db: any SQLConnection
        let step: Int64
        let info: StepInfo
        let states: [BoardState]
        var event: Int64
        /// The event number of the last row made (the log's last once written).
        var lastLogged: Int64
        var wrote = false
        /// The step's log rows, written together once its edits are applied (after its cards:
        /// a row names its card's number, which an added card has only once written).
        var rows = RowBatch(columns: LogRow.parameterCount)

        /// `event` is the log's last event number.
        init(run: GroupRun, step: Int64, info: StepInfo, states: [BoardState], event: Int64) {
            self.run = run
            db = run.db
            self.step = step
            self.info = info
            self.states = states
            self.event = event
            lastLogged = event
        }

        /// The position after the last of a column's cards (1 in an empty column).
        func endPosition(in state: String) throws -> Double {
            guard wrote else { return (try run.columnEnd(state) ?? 0) + 1 }
            return (try db.double("SELECT max(position) FROM cards WHERE state = ? AND present = 1", [.text(state)]) ?? 0) + 1
        }

        /// The card with this id as the step finds it, which must be on the board.
        func present(_ id: String) throws -> StoredCard {
            guard let card = try run.card(id: id) else { throw StoreError.refused(.unknownCard(id, close: [])) }
            return card
        }

        /// Applies one edit; the card as it is after it. An edit refused (an unknown card or
        /// state, a card id taken) is refused before it writes anything: `apply` counts on it.
        mutating func apply(_ edit: CardEdit) throws -> StoredCard {
            let card = try applied(edit)
            run.wrote(card)
            return card
        }

        private mutating func applied(_ edit: CardEdit) throws -> StoredCard {
            event += 1
            switch edit {
            case .add(let card): return try add(card)
            case .update(let id, let patch):
                let before = try present(id)
                return try change(before, to: patch.applied(to: before.card, in: info), as: .updated)
            case .move(let id, let state, let position, let completed): return try move(id, to: state, at: position, completed: completed)
            case .archive(let id): return try setArchived(id, true)
            case .restore(let id): return try setArchived(id, false)
            case .delete(let id):
                let before = try present(id)
                row(.deleted, before.number, nil, nil, nil)
                try setPresence([before.number], false, db)
                return StoredCard(number: before.number, card: before.card, present: false)
            case .undelete(let id):
                guard let gone = try CardRow.fetch(db, where: "WHERE id = ? AND present = 0", { $0.bind(1, id) }).first else {
                    throw StoreError.refused(.unknownCard(id, close: []))
                }
                _ = try state(gone.card.state)
                row(.created, gone.number, stateField, nil, .text(gone.card.state))
                try setPresence([gone.number], true, db)
                return StoredCard(number: gone.number, card: gone.card, present: true)
            case .recordConflict(let id, let conflict):
                let card = try present(id)
                LogRow(step: step, event: event, at: info.at, actor: conflict.localActor, card: card.number,
                       kind: ChangeLog.conflictKind, field: conflict.field, old: conflict.lost, new: conflict.kept,
                       applied: false, extras: conflictExtras(conflict)).encode(into: &rows)
                wrote = true
                lastLogged = event
                return card
            }
        }

        private mutating func add(_ new: Card) throws -> StoredCard {
            var card = new
            let category = try state(card.state).category
            if card.id.isEmpty { card.id = try freshID(db) }
            if try CardRow.fetch(db, where: "WHERE id = ?", { $0.bind(1, card.id) }).first != nil {
                throw StoreError.refused(.invalidValue(field: "card id", value: card.id, accepted: .uniqueCardID))
            }
            if card.created == nil { card.created = info.at }
            if card.position == nil { card.position = try endPosition(in: card.state) }
            if category == .done, card.completed == nil { card.completed = info.at }
            // The next number, as SQLite would pick it; no other writer can take it first.
            let number = (try db.int("SELECT max(number) FROM cards") ?? 0) + 1
            try CardRow.write(card, number: number, present: true, CardRow.addSQL, db)
            row(.created, number, stateField, nil, .text(card.state))
            return StoredCard(number: number, card: card, present: true)
        }

        /// Into another column (its end, or `index` from 1), or within its own; entering a
        /// done state from one that is not sets the completion time.
        private mutating func move(_ id: String, to stateID: String, at index: Int?, completed: Instant?) throws -> StoredCard {
            let target = try state(stateID)
            let before = try present(id)
            var after = before.card
            after.state = stateID
            after.position = try place(before, in: stateID, at: index)
            if target.category == .done && states.first(where: { $0.id == before.card.state })?.category != .done {
                after.completed = completed ?? info.at
            }
            guard before.card.state != after.state || before.card.position != after.position else { return before }
            return try change(before, to: after, as: .moved)
        }

        /// The position that puts `card` at 1-based `index` among the column's other cards, or
        /// at the column's end; renumbers the others in this step when their positions leave
        /// no room (`CardPlacement`), each a `renumbered` row that undo puts back.
        private mutating func place(_ card: StoredCard, in state: String, at index: Int?) throws -> Double? {
            guard let index else {
                return card.card.state == state ? card.card.position : try endPosition(in: state)
            }
            let others = try db.rows("""
                SELECT number, position FROM cards WHERE state = ? AND present = 1 AND archived = 0 AND number != ?
                ORDER BY position IS NULL, position, number
                """, [.text(state), .int(card.number)]) { (number: $0.int(0) ?? 0, position: $0.double(1)) }
            let placement = CardPlacement.place(at: index, among: others.map(\.position),
                                                own: card.card.state == state ? card.card.position : nil)
            if !placement.renumbered.isEmpty {
                // Only the position changes: set it alone, without reading each card whole.
                let setPosition = try db.statement("UPDATE cards SET position = ?, \(StoreSchema.cardWritten) WHERE number = ?")
                for renumbering in placement.renumbered {
                    let other = others[renumbering.index]
                    // An event of its own, which the board's events and the history leave out.
                    event += 1
                    row(ChangeLog.renumberedKind, other.number, "position",
                        Card.value(ofPosition: other.position), Card.value(ofPosition: renumbering.position))
                    setPosition.bind(1, .real(renumbering.position))
                    setPosition.bind(2, .int(other.number))
                    try setPosition.run()
                }
                event += 1
                run.forget()
            }
            return placement.position
        }

        private mutating func setArchived(_ id: String, _ archived: Bool) throws -> StoredCard {
            let before = try present(id)
            guard before.card.archived != archived else { return before }
            var after = before.card
            after.archived = archived
            row(archived ? .archived : .restored, before.number, "archived",
                .text(String(before.card.archived)), .text(String(archived)))
            try save(after, number: before.number, present: true, db)
            return StoredCard(number: before.number, card: after, present: true)
        }

        /// Logs every field that differs (a move's state first, as from/to) and saves.
        /// A card with no field logged as changed is not written (what changed, if anything, is
        /// no field of the log's).
        private mutating func change(_ before: StoredCard, to after: Card, as kind: EventType) throws -> StoredCard {
            let changed = differences(before.card, after).filter { $0.0 != stateField }
            guard before.card.state != after.state || !changed.isEmpty else { return before }
            if before.card.state != after.state {
                row(kind, before.number, stateField, .text(before.card.state), .text(after.state))
            }
            for (field, old, new) in changed {
                row(kind, before.number, field, old, new)
            }
            try save(after, number: before.number, present: true, db)
            return StoredCard(number: before.number, card: after, present: true)
        }

        private func state(_ id: String) throws -> BoardState {
            guard let s = states.first(where: { $0.id == id }) else {
                throw StoreError.refused(.unknownState(id, known: states.map(\.name)))
            }
            return s
        }

        private mutating func row(_ kind: EventType, _ card: Int64, _ field: String?, _ old: FieldValue?, _ new: FieldValue?) {
            row(kind.rawValue, card, field, old, new)
        }

        private mutating func row(_ kind: String, _ card: Int64, _ field: String?, _ old: FieldValue?, _ new: FieldValue?) {
            LogRow(step: step, event: event, at: info.at, actor: info.actor, card: card, kind: kind,
                   field: field, old: old, new: new, applied: true).encode(into: &rows)
            wrote = true
            lastLogged = event
        }

    }

    /// The fields that differ between two versions of a card, in canonical order.
    static func differences(_ a: Card, _ b: Card) -> [(String, FieldValue?, FieldValue?)] {
        var out: [(String, FieldValue?, FieldValue?)] = []
        for field in Card.fieldNames where field != "archived" {
            let old = a.value(of: field), new = b.value(of: field)
            if old != new { out.append((field, old, new)) }
        }
        for name in Set(a.fields.keys).union(b.fields.keys).sorted() where a.fields[name] != b.fields[name] {
            out.append(("fields." + name, a.fields[name].map(FieldValue.text), b.fields[name].map(FieldValue.text)))
        }
        // Compared as values first: a move or an edit of a card with a thread must not
        // encode the thread twice to find it unchanged.
        for part in ConversationPart.allCases where !part.same(on: a, b) {
            out.append((part.rawValue, a.value(of: part), b.value(of: part)))
        }
        return out
    }

    // MARK: Undo and redo

    /// Takes back the newest step not undone in `scope`; one that removes more than one card
    /// (an import) only as `confirmation` allows.
    static func undo(in db: any SQLConnection, scope: UndoScope = .board, confirmation: UndoConfirmation = .notNeeded) throws -> StepRecord {
        try take(undoing: true, in: db, scope: scope, confirmation: confirmation)
    }

    /// Puts back the step undone last in `scope` that no new step dropped.
    static func redo(in db: any SQLConnection, scope: UndoScope = .board) throws -> StepRecord {
        try take(undoing: false, in: db, scope: scope)
    }

    /// The step an undo (or redo) in `scope` would take now, nil when none is left.
    static func next(undoing: Bool, in db: any SQLConnection, scope: UndoScope) throws -> StepRecord? {
        try candidate(undoing: undoing, in: db, scope: scope).map { try record($0, db) }
    }

    private static func take(undoing: Bool, in db: any SQLConnection, scope: UndoScope,
                             confirmation: UndoConfirmation = .notNeeded) throws -> StepRecord {
        guard let step = try candidate(undoing: undoing, in: db, scope: scope) else { throw scope.nothingLeft(undoing: undoing) }
        if undoing, case .needed(let confirmed) = confirmation, confirmed != step {
            let removed = try cardsCreated(by: step, db)
            if removed > 1 { throw StoreError.undoUnconfirmed(step: step, removing: removed) }
        }
        try refuseOverwriting(step, undoing: undoing, db)
        try replay(step, backwards: undoing, db)
        return try record(step, db)
    }

    /// Undo's step is the newest not undone; redo's the one undone last that no new step
    /// dropped (a stack: with undo going newest first, the oldest undone step).
    private static func candidate(undoing: Bool, in db: any SQLConnection, scope: UndoScope) throws -> Int64? {
        let which = undoing ? "undone = 0" : "undone = 1 AND dropped = 0"
        let order = undoing ? "step DESC" : "undo_order DESC"
        switch scope {
        case .board:
            return try db.int("SELECT step FROM steps WHERE \(which) ORDER BY \(order) LIMIT 1")
        case .actor(let name):
            return try db.int("SELECT step FROM steps WHERE \(which) AND actor = ? ORDER BY \(order) LIMIT 1", [.text(name)])
        }
    }

    /// How many cards `step` brought onto the board (what undoing it removes).
    static func cardsCreated(by step: Int64, _ db: any SQLConnection) throws -> Int {
        Int(try db.int("""
            SELECT count(DISTINCT card) FROM changes
            WHERE seq BETWEEN (SELECT first_seq FROM steps WHERE step = ?1) AND (SELECT last_seq FROM steps WHERE step = ?1)
              AND applied = 1 AND kind IN (?2, ?3)
            """, [.int(step), .text(EventType.created.rawValue), .text(importedKind)]) ?? 0)
    }

    /// Refuses to undo or redo `step` when a later step that is not undone changed one of
    /// its cards: putting the step's values back would throw that change away. (The board's
    /// newest step has no later one; one person's, or a redo past another's undo, may.) A
    /// redo is refused as well when a step undone after `step` was (one person's undo of an
    /// earlier step) changed one of its cards: its values would go back over that undo, and
    /// undoing it again would then give back the undone step's value. (The board's redo takes
    /// the step undone last, so none was undone after it.)
    private static func refuseOverwriting(_ step: Int64, undoing: Bool, _ db: any SQLConnection) throws {
        guard let later = try db.first("""
            SELECT s.actor, s.command, k.number FROM steps s
            JOIN changes c ON c.seq BETWEEN s.first_seq AND s.last_seq AND c.applied = 1
            JOIN cards k ON k.number = c.card
            WHERE ((s.step > ?1 AND s.undone = 0)
                   OR (?2 = 0 AND s.undone = 1 AND s.undo_order > (SELECT undo_order FROM steps WHERE step = ?1)))
              AND c.card IN (SELECT card FROM changes WHERE applied = 1 AND seq BETWEEN
                             (SELECT first_seq FROM steps WHERE step = ?1) AND (SELECT last_seq FROM steps WHERE step = ?1))
            ORDER BY s.step LIMIT 1
            """, [.int(step), SQLValue(undoing)], { s in (actor: s.text(0), command: s.text(1) ?? "", number: s.int(2) ?? 0) }) else { return }
        throw StoreError.undoConflict(card: later.number, by: later.actor, command: later.command, undoing: undoing)
    }

    /// Puts back the old values of a step's rows (newest first), or its new values.
    private static func replay(_ step: Int64, backwards: Bool, _ db: any SQLConnection) throws {
        let s = try db.statement("""
            SELECT card, kind, field, old, new FROM changes
            WHERE seq BETWEEN (SELECT first_seq FROM steps WHERE step = ?1) AND (SELECT last_seq FROM steps WHERE step = ?1)
              AND applied = 1
            ORDER BY seq \(backwards ? "DESC" : "ASC")
            """)
        s.bind(1, step)
        var appear: [Int64] = [], disappear: [Int64] = []
        var edits: [(card: Int64, field: String, value: FieldValue?)] = []
        while try s.next() {
            let card = s.int(0) ?? 0, kind = s.text(1) ?? ""
            switch kind {
            case EventType.created.rawValue, importedKind:
                if backwards { disappear.append(card) } else { appear.append(card) }
            case EventType.deleted.rawValue:
                if backwards { appear.append(card) } else { disappear.append(card) }
            default:
                guard let field = s.text(2) else { continue }
                edits.append((card, field, StoredJSON.value(s.text(backwards ? 3 : 4))))
            }
        }
        for edit in edits {
            guard var stored = try CardRow.fetch(db, where: "WHERE number = ?", { $0.bind(1, edit.card) }).first else { continue }
            if let part = ConversationPart(rawValue: edit.field) {
                stored.card.set(part, to: edit.value)
            } else {
                stored.card.set(edit.field, to: edit.value)
            }
            try save(stored.card, number: stored.number, present: stored.present, db)
        }
        try setPresence(appear, true, db)
        try setPresence(disappear, false, db)
        try db.execute("""
            UPDATE changes SET undone = ?1
            WHERE seq BETWEEN (SELECT first_seq FROM steps WHERE step = ?2) AND (SELECT last_seq FROM steps WHERE step = ?2)
            """, [SQLValue(backwards), .int(step)])
        // The largest positive order, or 0 (orders a migration gave are negative).
        try db.execute("""
            UPDATE steps SET undone = ?1,
                undo_order = CASE WHEN ?1 = 1 THEN (SELECT coalesce(max(undo_order), 0) + 1 FROM steps WHERE undo_order > 0) END
            WHERE step = ?2
            """, [SQLValue(backwards), .int(step)])
    }

    private static func record(_ step: Int64, _ db: any SQLConnection) throws -> StepRecord {
        // The step was just found in the table, in this transaction.
        try stepRecord(step, db) ?? StepRecord(step: step, command: "", actor: nil, at: Instant(epochMilliseconds: 0), events: [], undone: false)
    }

    /// The step with this number and its events, or nil when there is none.
    static func stepRecord(_ step: Int64, _ db: any SQLConnection) throws -> StepRecord? {
        guard let row = try db.first("SELECT command, actor, at, undone FROM steps WHERE step = ?", [.int(step)], { s in
            (command: s.text(0) ?? "", actor: s.text(1), at: s.text(2) ?? "", undone: (s.int(3) ?? 0) != 0)
        }) else {
            return nil
        }
        return StepRecord(step: step, command: row.command, actor: row.actor,
                          at: ISO8601.parseInstant(row.at) ?? Instant(epochMilliseconds: 0),
                          events: try events(db, step: step), undone: row.undone)
    }

    // MARK: Reading the log

    /// Events in log order, each with its rows put together.
    static func events(_ db: any SQLConnection, card: String? = nil, step: Int64, since: Instant? = nil,
                       limit: Int? = nil) throws -> [LogEvent] {
        try events(db, card: card, steps: step...step, since: since, limit: limit)
    }

    /// The same, of the steps `steps` alone when given.
    static func events(_ db: any SQLConnection, card: String? = nil, steps: ClosedRange<Int64>? = nil, since: Instant? = nil,
                       limit: Int? = nil) throws -> [LogEvent] {
        // A time filter compares instants, not their texts (offsets differ), so it is applied
        // here, and the limit after it.
        var out = try events(from: eventsQuery(db, card: card, steps: steps, limit: since == nil ? limit : nil))
        if let since {
            out.removeAll { $0.at < since }
            if let limit { out = Array(out.suffix(max(limit, 0))) }
        }
        return out
    }

    /// The statement that reads the log's events (of one card, of the steps `steps`, the last
    /// `limit`), bound, not yet run: `events(from:)` reads it.
    static func eventsQuery(_ db: any SQLConnection, card: String? = nil, steps: ClosedRange<Int64>? = nil,
                            limit: Int? = nil) throws -> any SQLStatement {
        // A column renumbered to make room is part of the move that did it, not an event.
        var conditions = ["c.kind <> '\(renumberedKind)'"]
        var arguments: [SQLValue] = []
        if let card { conditions.append("c.card = (SELECT number FROM cards WHERE id = ?)"); arguments.append(.text(card)) }
        if let steps {
            conditions.append("c.seq BETWEEN (SELECT first_seq FROM steps WHERE step = ?) AND (SELECT last_seq FROM steps WHERE step = ?)")
            arguments += [.int(steps.lowerBound), .int(steps.upperBound)]
        }
        var filter = "WHERE " + conditions.joined(separator: " AND ")
        if let limit {
            filter += " AND c.event IN (SELECT event FROM changes c \(filter) GROUP BY event ORDER BY event DESC LIMIT ?)"
            arguments += arguments + [SQLValue(max(limit, 0))]
        }
        // A step's few rows look their cards up by key, one by one: PostgreSQL's planner,
        // not knowing how few rows a step's range holds, joined them to every card by a scan
        // (the costliest statement of a move on a board of 1,000 cards). More rows join.
        let cards = steps == nil
            ? (id: "k.id", number: "k.number", title: "k.title", from: "changes c JOIN cards k ON k.number = c.card")
            : (id: "(SELECT id FROM cards WHERE number = c.card)", number: "c.card",
               title: "(SELECT title FROM cards WHERE number = c.card)", from: "changes c")
        // The text has a few shapes (which filters), so it is cached like the others.
        let row = try db.statement("""
            SELECT c.seq, c.step, c.event, c.at, c.actor, \(cards.id), c.kind, c.field, c.old, c.new, c.undone,
                   \(cards.number), \(cards.title), c.extras
            FROM \(cards.from)
            \(filter) ORDER BY c.seq
            """)
        row.bind(arguments)
        return row
    }

    /// The events `eventsQuery`'s statement reads, each with its rows put together.
    static func events(from row: any SQLStatement) throws -> [LogEvent] {
        var out: [LogEvent] = []
        var current: Int64 = -1
        while try row.next() {
            let event = row.int(2) ?? 0
            if event != current {
                current = event
                out.append(LogEvent(seq: row.int(0) ?? 0, step: row.int(1) ?? 0,
                                    at: ISO8601.parseInstant(row.text(3) ?? "") ?? Instant(epochMilliseconds: 0),
                                    actor: row.text(4), card: row.text(5) ?? "", cardNumber: row.int(11),
                                    cardTitle: row.text(12), kind: row.text(6) ?? "", from: nil, to: nil, changes: [],
                                    undone: (row.int(10) ?? 0) != 0))
                if out[out.count - 1].kind == conflictKind {
                    let extras = StoredJSON.map(row.text(13))
                    func text(_ name: String) -> String? {
                        extras[name].flatMap { text -> String? in
                            var at = 0
                            return JSONText.string(Array(text.utf8), at: &at)
                        }
                    }
                    out[out.count - 1].conflictLoser = text("lost").flatMap(SyncConflict.Side.init(rawValue:))
                    out[out.count - 1].conflictRefusal = text("refused")
                }
            }
            guard let field = row.text(7) else { continue }
            fold(field: field, old: StoredJSON.value(row.text(8)), new: StoredJSON.value(row.text(9)), into: &out[out.count - 1])
        }
        return out
    }

    // MARK: Cards

    private static func save(_ card: Card, number: Int64, present: Bool, _ db: any SQLConnection) throws {
        try CardRow.write(card, number: number, present: present, CardRow.updateSQL, db)
    }

    private static func setPresence(_ numbers: [Int64], _ present: Bool, _ db: any SQLConnection) throws {
        guard !numbers.isEmpty else { return }
        let s = try db.statement("UPDATE cards SET present = ?, \(StoreSchema.cardWritten) WHERE number = ?")
        for number in numbers {
            s.bind(1, Int64(present ? 1 : 0))
            s.bind(2, number)
            try s.run()
        }
    }

    /// A short random id no card has (`k7m2x9qd`).
    private static func freshID(_ db: any SQLConnection) throws -> String {
        let alphabet = Array("abcdefghijkmnpqrstuvwxyz23456789")
        while true {
            let id = String((0..<8).map { _ in alphabet[Int.random(in: 0..<alphabet.count)] })
            if try db.int("SELECT count(*) FROM cards WHERE id = ?", [.text(id)]) == 0 { return id }
        }
    }
}

/// An event being put together from its log rows (`ChangeLog.fold`).
protocol FoldedEvent {
    /// The kind of event, as the log names it.
    var kind: String { get }
    var from: String? { get set }
    var to: String? { get set }
    var changes: [FieldChange] { get set }
}

extension LogEvent: FoldedEvent {}

extension Event: FoldedEvent {
    var kind: String { type.rawValue }
}
