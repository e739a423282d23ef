import BoardModel
import BoardIO

/// Writing a whole board into a new store (`init --from`, `convert … team.db`): the board,
/// its states, cards and history, as the log's first step. The engine makes the store new
/// and places it only when complete (`SQLiteEngine.create`, `PostgresEngine.create`).
enum StoreImport {
    static func insert(_ board: Board, step: StepInfo, into db: any SQLConnection) throws {
        try db.execute("INSERT INTO board (id, name, timezone, metadata, extras) VALUES (?, ?, ?, ?, ?)",
                       [.text(board.id), .text(board.name), .text(board.timeZone), SQLValue(StoredJSON.map(board.metadata)),
                        SQLValue(StoredJSON.map(board.extras))])
        let states = try db.statement("INSERT INTO states (ord, id, name, category, wip_limit, extras) VALUES (?, ?, ?, ?, ?, ?)")
        for (k, s) in board.states.enumerated() {
            states.bind(1, Int64(k + 1))
            states.bind(2, s.id)
            states.bind(3, s.name)
            states.bind(4, s.category.rawValue)
            states.bind(5, s.wipLimit.map(Int64.init))
            states.bind(6, StoredJSON.map(s.extras))
            try states.run()
        }
        guard !board.cards.isEmpty || !board.events.isEmpty else { return }

        // Which event of each card comes into the store as its creation (undoing the import
        // takes the card away), and which cards history says were deleted.
        let cardOf = board.events.withUnsafeBufferPointer { IDIndex(cards: board.cards).positions(ofCardsOf: $0) }
        // Boards from the pipeline are validated; a library caller's may not be.
        if let orphan = cardOf.firstIndex(of: -1) {
            throw StoreError.refused(.invalidValue(field: "events[\(orphan)].card", value: board.events[orphan].card,
                                          accepted: .boardsCard))
        }
        var creation = [Int32](repeating: -1, count: board.cards.count)
        var deleted = [Bool](repeating: false, count: board.cards.count)
        for (i, e) in board.events.enumerated() {
            let c = Int(cardOf[i])
            guard c >= 0 else { continue }
            if e.type == .created && creation[c] < 0 { creation[c] = Int32(i) }
            deleted[c] = e.type == .deleted
        }

        // Rows are encoded on a second core while the engine inserts the batch before.
        try db.insert(CardRow.insertSQL) { take in
            try pipelined(count: board.cards.count, make: { range in
                var batch = RowBatch(columns: CardRow.parameterCount, rows: range.count)
                for k in range { CardRow.encode(board.cards[k], number: Int64(k + 1), present: !deleted[k], into: &batch) }
                return batch
            }, take: take)
        }

        try db.execute("INSERT INTO steps (step, at, actor, command) VALUES (1, ?, ?, ?)",
                       [.text(step.at.description), SQLValue(step.actor), .text(step.command)])
        try db.insert(LogRow.insertSQL) { take in
            try pipelined(count: board.events.count, make: { range in
                var batch = RowBatch(columns: LogRow.parameterCount, rows: range.count * 5 / 4)
                for i in range {
                    let c = Int(cardOf[i])
                    LogRow.encode(board.events[i], step: 1, card: Int64(c + 1), event: Int64(i + 1),
                                  applied: creation[c] == Int32(i), into: &batch)
                }
                return batch
            }, take: take)
            var batch = RowBatch(columns: LogRow.parameterCount)
            var event = Int64(board.events.count)
            for k in board.cards.indices where creation[k] < 0 {
                event += 1
                LogRow(step: 1, event: event, at: step.at, actor: step.actor, card: Int64(k + 1),
                       kind: ChangeLog.importedKind, applied: true).encode(into: &batch)
            }
            try take(batch)
        }
        try StepRow.recordRows(ofStep: 1, after: 0, db)
    }
}

/// One row of the change log: one field an event changed.
struct LogRow {
    static let insertSQL = """
        INSERT INTO changes (step, event, at, actor, card, kind, field, old, new, applied, extras)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    static let parameterCount = 11

    var step: Int64
    var event: Int64
    var at: Instant
    var actor: String?
    /// The card's number.
    var card: Int64
    var kind: String
    var field: String?
    var old: FieldValue?
    var new: FieldValue?
    /// False for history carried in from a file (undo does not reverse it).
    var applied: Bool
    /// The event's unknown keys (on its first row).
    var extras: [String: String] = [:]

    func encode(into b: inout RowBatch) {
        b.int(step)
        b.int(event)
        b.text { ISO8601.appendInstant(at, to: &$0) }
        b.text(actor)
        b.int(card)
        b.text(kind)
        b.text(field)
        b.text(if: old != nil) { JSONText.append(old!, to: &$0) }
        b.text(if: new != nil) { JSONText.append(new!, to: &$0) }
        b.int(applied ? 1 : 0)
        b.text(if: !extras.isEmpty) { StoredJSON.append(map: extras, to: &$0) }
    }

    /// The rows of an event of the model: its from/to as a `state` row, each change as a row,
    /// or one row with no field when it has neither. Unknown keys ride on the first row.
    static func encode(_ e: Event, step: Int64, card: Int64, event: Int64, applied: Bool, into b: inout RowBatch) {
        var row = LogRow(step: step, event: event, at: e.at, actor: e.actor, card: card, kind: e.type.rawValue,
                         applied: applied, extras: e.extras)
        func emit(_ field: String?, _ old: FieldValue?, _ new: FieldValue?) {
            row.field = field
            row.old = old
            row.new = new
            row.encode(into: &b)
            row.extras = [:]
        }
        if e.from != nil || e.to != nil {
            emit(ChangeLog.stateField, e.from.map(FieldValue.text), e.to.map(FieldValue.text))
        }
        for change in e.changes { emit(change.field, change.old, change.new) }
        if e.from == nil && e.to == nil && e.changes.isEmpty { emit(nil, nil, nil) }
    }
}
