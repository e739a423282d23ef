import BoardModel

/// A store's rows, read to be written whole into a new store (`convert team.db
/// 'postgres://…?board=team'`, and back, or into another file): the board's header and
/// metadata, its states, every card row as it is (its number, deleted cards kept), and the
/// log itself, every step with its number, time, actor, command, flags and undo order and
/// every change row with its sequence number. History, undo, redo and one person's undo then
/// answer on the copy as on the original, where an import through the model (`StoreImport`)
/// makes the whole past one step and leaves undone steps out.
///
/// The sync ledger (`SyncLedger`: the CalDAV list, its sync token, the to-dos' addresses and
/// UIDs) is not copied. It pairs one store with one list; a copy carrying it would sync into
/// the same list as the original, each store taking the other's pushes for the remote's edits.
/// A copy is a new store no list knows; `sync --url` pairs it with one. The people given
/// access and their secrets' digests are copied (schema 7): moving a board to PostgreSQL
/// keeps everyone's link working.
///
/// The source is read in one transaction, each table in one pass, into batches that the new
/// store takes through the import's batch inserts (several rows a statement on PostgreSQL),
/// before its indexes are built.
struct StoreCopy {
    /// The kind of value a copied column holds, for the statements' typed getters.
    private enum Kind { case int, real, text }

    /// One table as copied: its columns, read and written in its key's order (nil: the table
    /// holds one row).
    private struct Table {
        let name: String
        let key: String?
        let columns: [(name: String, kind: Kind)]

        var select: String {
            "SELECT \(columns.map(\.name).joined(separator: ", ")) FROM \(name)" + (key.map { " ORDER BY \($0)" } ?? "")
        }
        var insert: String {
            "INSERT INTO \(name) (\(columns.map(\.name).joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        }
    }

    /// The tables of schema 1, in an order their references allow (PostgreSQL checks each
    /// row's as it goes in). `steps.undo_order` (schema 6) is restored once the migrations
    /// have made it (`restoreUndoOrder`).
    private static let tables: [Table] = [
        Table(name: "board", key: nil, columns: [("id", .text), ("name", .text), ("timezone", .text),
                                                      ("metadata", .text), ("extras", .text)]),
        Table(name: "states", key: "ord", columns: [("ord", .int), ("id", .text), ("name", .text), ("category", .text),
                                                     ("wip_limit", .int), ("extras", .text)]),
        Table(name: "cards", key: "number", columns: [
            ("number", .int), ("id", .text), ("title", .text), ("body", .text), ("state", .text), ("due", .text),
            ("start", .text), ("created", .text), ("updated", .text), ("completed", .text), ("labels", .text),
            ("assignees", .text), ("position", .real), ("archived", .int), ("url", .text), ("fields", .text),
            ("extras", .text), ("present", .int)]),
        Table(name: "steps", key: "step", columns: [("step", .int), ("at", .text), ("actor", .text), ("command", .text),
                                                     ("undone", .int), ("dropped", .int), ("first_seq", .int),
                                                     ("last_seq", .int)]),
        Table(name: "changes", key: "seq", columns: [
            ("seq", .int), ("step", .int), ("event", .int), ("at", .text), ("actor", .text), ("card", .int),
            ("kind", .text), ("field", .text), ("old", .text), ("new", .text), ("applied", .int), ("extras", .text),
            ("undone", .int)]),
    ]

    /// Who may use the board (schema 7), written once the migrations have made their tables.
    private static let accessTables: [Table] = [
        Table(name: "access_people", key: "name", columns: [("name", .text), ("role", .text), ("added_at", .text), ("added_by", .text)]),
        Table(name: "access_secrets", key: "digest", columns: [("digest", .text), ("kind", .text), ("person", .text), ("made_at", .text)]),
    ]

    /// Where the undo order waits between the rows and the migration that adds its column.
    private static let undoOrderTable = Table(name: "copied_undo_order", key: "step",
                                              columns: [("step", .int), ("undo_order", .int)])

    /// Each of `tables`' rows.
    private let rows: [RowBatch]
    /// The steps' undo orders (those undone, or with an order), nil when the source predates
    /// the column (the new store's migration then gives them the order the source's would).
    private let undoOrder: RowBatch?
    /// The rows of `accessTables` (none from a store older than schema 7).
    private let access: [RowBatch]
    /// What the copy holds, as `convert` says it wrote: cards on the board, states, steps and
    /// log rows.
    let counted: [Counted]

    /// Reads every row to copy from `db`, in one transaction of the source.
    init(reading db: any SQLConnection) throws {
        rows = try Self.tables.map { table in try Self.read(table.select, table.columns, db) }
        let schema = try StoreSchema.stamp(db)?.schema ?? 0
        undoOrder = schema >= 6
            ? try Self.read("SELECT step, undo_order FROM steps WHERE undo_order IS NOT NULL OR undone = 1 ORDER BY step",
                            Self.undoOrderTable.columns, db)
            : nil
        access = schema >= 7 ? try Self.accessTables.map { table in try Self.read(table.select, table.columns, db) } : []
        let count = { (name: String) in Int(try db.int("SELECT count(*) FROM \(name)") ?? 0) }
        counted = [Counted(Int(try db.int("SELECT count(*) FROM cards WHERE present = 1") ?? 0), "card"),
                   Counted(try count("states"), "state"), Counted(try count("steps"), "step"),
                   Counted(try count("changes"), "change")]
    }

    private static func read(_ sql: String, _ columns: [(name: String, kind: Kind)], _ db: any SQLConnection) throws -> RowBatch {
        let s = try db.statement(sql)
        var batch = RowBatch(columns: columns.count)
        while try s.next() {
            for (k, column) in columns.enumerated() {
                switch column.kind {
                case .int: batch.int(s.int(Int32(k)))
                case .real: batch.real(s.double(Int32(k)))
                case .text: batch.text(s.text(Int32(k)))
                }
            }
        }
        return batch
    }

    /// Writes the rows into a new store's tables of schema 1 (`fill` of the engine's create).
    func insert(into db: any SQLConnection) throws {
        for (table, batch) in zip(Self.tables, rows) where batch.rowCount > 0 {
            try db.insert(table.insert) { take in try take(batch) }
        }
    }

    /// What goes in once the migrations have made the newer tables and columns (`finish` of
    /// the engine's create): the steps' undo order and who may use the board.
    func finish(into db: any SQLConnection) throws {
        try restoreUndoOrder(into: db)
        for (table, batch) in zip(Self.accessTables, access) where batch.rowCount > 0 {
            try db.insert(table.insert) { take in try take(batch) }
        }
    }

    /// Puts each step's undo order back through a table of its own, so the orders go in as
    /// batches and one statement sets them, not a statement for each step.
    private func restoreUndoOrder(into db: any SQLConnection) throws {
        guard let undoOrder, undoOrder.rowCount > 0 else { return }
        let t = Self.undoOrderTable
        try db.execute("CREATE TEMPORARY TABLE \(t.name) (step BIGINT PRIMARY KEY, undo_order BIGINT)")
        try db.statement(t.insert).run(undoOrder)
        try db.execute("""
            UPDATE steps SET undo_order = (SELECT o.undo_order FROM \(t.name) o WHERE o.step = steps.step)
            WHERE step IN (SELECT step FROM \(t.name))
            """)
        try db.execute("DROP TABLE \(t.name)")
    }
}
