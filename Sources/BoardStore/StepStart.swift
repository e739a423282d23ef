import BoardModel

/// What a step continues from, read in one statement (each statement is a round trip to
/// PostgreSQL, and a page's move was five): the board's header, where the log ends (the last
/// step's number, the last row's key, time and event number: event numbers grow with the
/// log, so the last row's is the largest) and where each state's column ends. Each part is
/// read by an index, no scan.
struct StepStart {
    var header: Board
    var lastStep: Int64 = 0
    /// The log's last row's number; nil after a step of the same transaction (`GroupRun`):
    /// then the one the last step's row records as its last.
    var lastSeq: Int64? = 0
    var lastAt: String?
    var lastEvent: Int64 = 0
    /// Whether undone steps wait to be redone: a new step drops them.
    var redoable = false
    /// The largest position among each state's present cards (a state without any: absent).
    var columnEnds: [String: Double] = [:]

    /// What a read of it found: it, or that the store is still at the commit whose start the
    /// caller holds (`query(_:unlessAt:)`); and the commit the reading transaction is.
    enum Read {
        case read(StepStart, commit: Int64)
        case unchanged(commit: Int64)
    }

    /// The board's row (part 0; the table holds one), its states in order with their
    /// columns' ends (part 1), the log's end with whether steps wait to be redone (part 2).
    /// In a write, also the commit the transaction is (part 3, `StoreSchema.countCommit`),
    /// and parts 0 to 2 only when that commit is not `unlessAt`.
    static func read(_ db: any SQLConnection, inWriteUnlessAt commit: Int64?) throws -> Read {
        try read(from: query(db, unlessAt: commit))
    }

    /// The same outside a write (a store opened read-only may be older than the commit count).
    static func read(_ db: any SQLConnection) throws -> StepStart {
        guard case .read(let start, _) = try read(from: db.statement(text(inWrite: false))) else {
            return StepStart(header: Board(states: []))
        }
        return start
    }

    /// The statement a write reads it with, not yet run (to be sent ahead: `GroupRun.askAhead`).
    static func query(_ db: any SQLConnection, unlessAt commit: Int64?) throws -> any SQLStatement {
        let s = try db.statement(text(inWrite: true))
        s.bind(1, .int(commit ?? -1))
        return s
    }

    private static func text(inWrite: Bool) -> String {
        let unless = inWrite ? " WHERE (SELECT n FROM boardkit_revision) <> ?1" : ""
        // (A column only NULL in the first parts would be text to PostgreSQL, and the last
        // parts' numbers would not match it: the cast.)
        return """
            SELECT 0 AS part, id, name, timezone, metadata, extras, NULL AS wip_limit, 0 AS ord, NULL AS column_end,
                   CAST(NULL AS INTEGER) AS last_event FROM board\(unless)
            UNION ALL
            SELECT 1, id, name, category, extras, NULL, wip_limit, ord,
                   (SELECT max(position) FROM cards WHERE state = states.id AND present = 1), NULL FROM states\(unless)
            UNION ALL
            SELECT 2, (SELECT at FROM changes ORDER BY seq DESC LIMIT 1), NULL,
                   CASE WHEN EXISTS (SELECT 1 FROM steps WHERE undone = 1 AND dropped = 0) THEN 'redo' END, NULL, NULL,
                   (SELECT max(step) FROM steps), (SELECT coalesce(max(seq), 0) FROM changes), NULL,
                   (SELECT event FROM changes ORDER BY seq DESC LIMIT 1)\(unless)
            \(inWrite ? "UNION ALL SELECT 3, NULL, NULL, NULL, NULL, NULL, n, 0, NULL, NULL FROM boardkit_revision" : "")
            ORDER BY part, ord
            """
    }

    /// What `query` reads, from its statement.
    static func read(from row: any SQLStatement) throws -> Read {
        var start = StepStart(header: Board(states: []))
        // Read with the statements' lenient getters: a damaged file can hold a NULL or a blob
        // whatever the schema says (found by the store fuzz target, when GRDB's `row["id"]`
        // read it and trapped: Tests/FuzzFindings/store-null-board-id.db).
        var first = true
        var found = false
        var commit: Int64 = 0
        while try row.next() {
            let part = row.int(0)
            if part != 3 { found = true }
            switch part {
            case 3:
                commit = row.int(6) ?? 0
            case 1:
                let state = BoardState(id: row.text(1) ?? "", name: row.text(2) ?? "",
                                       category: StateCategory(rawValue: row.text(3) ?? "") ?? .todo,
                                       wipLimit: row.int(6).map(Int.init), extras: StoredJSON.map(row.text(4)))
                start.header.states.append(state)
                start.columnEnds[state.id] = row.double(8)
            case 2:
                start.lastAt = row.text(1)
                start.lastStep = row.int(6) ?? 0
                start.lastSeq = row.int(7) ?? 0
                start.lastEvent = row.int(9) ?? 0
                start.redoable = row.text(3) != nil
            default:
                guard first else { continue }
                first = false
                start.header.id = row.text(1) ?? ""
                start.header.name = row.text(2) ?? ""
                start.header.timeZone = row.text(3) ?? ""
                start.header.metadata = StoredJSON.map(row.text(4))
                start.header.extras = StoredJSON.map(row.text(5))
            }
        }
        return found ? .read(start, commit: commit) : .unchanged(commit: commit)
    }
}
