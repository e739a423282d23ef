import BoardModel
import GRDB

/// Writing a whole board into a new store file: `init --from`, and `convert … team.db`.
///
/// The file is new and is renamed or linked into place only when complete, so it is
/// written without a journal and indexed once at the end; it is switched to WAL before it
/// is handed over.
extension BoardStore {
    static func write(_ board: Board, toNewFile path: String, step: StepInfo) throws(StoreError) {
        var config = Configuration()
        config.label = "boardkit-import"
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
            }
            try StoreSchema.migrator.migrate(queue)
            try queue.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try StoreImport.insert(board, step: step, into: db)
                    return .commit
                }
                try db.execute(sql: StoreSchema.indexes)
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
            try queue.close()
        } catch {
            throw .database(path: path, message: describe(error))
        }
    }
}

enum StoreImport {
    static func insert(_ board: Board, step: StepInfo, into db: Database) throws {
        try db.execute(sql: "INSERT INTO board (id, name, timezone, metadata, extras) VALUES (?, ?, ?, ?, ?)",
                       arguments: [board.id, board.name, board.timeZone, StoredJSON.map(board.metadata),
                                   StoredJSON.map(board.extras)])
        let states = try SQLiteStatement(db, "INSERT INTO states (ord, id, name, category, wip_limit, extras) VALUES (?, ?, ?, ?, ?, ?)")
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
        var creation = [Int32](repeating: -1, count: board.cards.count)
        var deleted = [Bool](repeating: false, count: board.cards.count)
        for (i, e) in board.events.enumerated() {
            let c = Int(cardOf[i])
            guard c >= 0 else { continue }
            if e.type == .created && creation[c] < 0 { creation[c] = Int32(i) }
            deleted[c] = e.type == .deleted
        }

        let cards = try SQLiteStatement(db, CardRow.insertSQL)
        for k in board.cards.indices {
            CardRow.bind(board.cards[k], number: Int64(k + 1), present: !deleted[k], to: cards)
            try cards.run()
        }

        try db.execute(sql: "INSERT INTO steps (step, at, actor, command) VALUES (1, ?, ?, ?)",
                       arguments: [step.at.description, step.actor, step.command])
        let rows = LogRowWriter(try SQLiteStatement(db, LogRowWriter.insertSQL), step: 1)
        for (i, e) in board.events.enumerated() {
            let c = Int(cardOf[i])
            let applied = c >= 0 && creation[c] == Int32(i)
            try rows.write(e, event: Int64(i + 1), applied: applied)
        }
        var event = Int64(board.events.count)
        for k in board.cards.indices where creation[k] < 0 {
            event += 1
            try rows.write(event: event, at: step.at, actor: step.actor, card: board.cards[k].id,
                           kind: ChangeLog.importedKind, field: nil, old: nil, new: nil, applied: true)
        }
    }
}

/// Inserts change-log rows: one per field an event changed.
struct LogRowWriter {
    static let insertSQL = """
        INSERT INTO changes (step, event, at, actor, card, kind, field, old, new, applied, extras)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """
    let statement: SQLiteStatement
    let step: Int64

    init(_ statement: SQLiteStatement, step: Int64) {
        self.statement = statement
        self.step = step
    }

    /// An event of the model: its from/to as a `state` row, each change as a row, or one row
    /// with no field when it has neither. Unknown keys ride on the first row.
    func write(_ e: Event, event: Int64, applied: Bool) throws {
        var extras = StoredJSON.map(e.extras)
        func row(_ field: String?, _ old: FieldValue?, _ new: FieldValue?) throws {
            try write(event: event, at: e.at, actor: e.actor, card: e.card, kind: e.type.rawValue,
                      field: field, old: old, new: new, applied: applied, extras: extras)
            extras = nil
        }
        if e.from != nil || e.to != nil {
            try row(ChangeLog.stateField, e.from.map(FieldValue.text), e.to.map(FieldValue.text))
        }
        for change in e.changes { try row(change.field, change.old, change.new) }
        if e.from == nil && e.to == nil && e.changes.isEmpty { try row(nil, nil, nil) }
    }

    func write(event: Int64, at: Instant, actor: String?, card: String, kind: String, field: String?,
               old: FieldValue?, new: FieldValue?, applied: Bool, extras: String? = nil) throws {
        let s = statement
        s.bind(1, step)
        s.bind(2, event)
        s.bind(3, at.description)
        s.bind(4, actor)
        s.bind(5, card)
        s.bind(6, kind)
        s.bind(7, field)
        s.bind(8, StoredJSON.value(old))
        s.bind(9, StoredJSON.value(new))
        s.bind(10, Int64(applied ? 1 : 0))
        s.bind(11, extras)
        try s.run()
    }
}
