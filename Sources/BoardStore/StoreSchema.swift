/// The store's tables and their versions, for both engines.
///
/// Every release that changes the tables adds a migration at the end of `migrations`, which
/// raises `version` by one (each migration's last statement records the version it makes);
/// a store is migrated forward when opened for writing, and a store whose
/// version is newer than this build's is refused untouched (see `BoardStore.open`). The SQL
/// is SQLite's; PostgreSQL runs it through `PostgresDialect.schema` (wider integers, byte
/// order for text), so the tables are written once.
enum StoreSchema {
    /// What `boardkit_store.format` holds: how a store says it is a boardkit store.
    static let formatName = "boardkit-store"
    /// The schema this build writes: one per migration that raises it.
    static let version = declared.filter(\.raisesVersion).count

    /// One step of the schema: its name (SQLite stores record the names they have had, in
    /// GRDB's `grdb_migrations`; PostgreSQL ones in `boardkit_migrations`) and its statements.
    struct Migration: Sendable {
        let name: String
        let sql: String
        /// False for the one step that completes a version without raising it (version 1's
        /// indexes).
        var raisesVersion = true
    }

    /// The migrations as run: each one that raises the version ends by recording it.
    static let migrations: [Migration] = {
        var reached = 0
        return declared.map { step in
            guard step.raisesVersion else { return step }
            reached += 1
            return Migration(name: step.name, sql: step.sql + "\nUPDATE boardkit_store SET value = '\(reached)' WHERE key = 'schema';")
        }
    }()

    private static let declared: [Migration] = [
        Migration(name: tablesMigration, sql: """
            CREATE TABLE boardkit_store (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE board (
                id TEXT NOT NULL, name TEXT NOT NULL, timezone TEXT NOT NULL,
                metadata TEXT, extras TEXT);
            CREATE TABLE states (
                ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
                category TEXT NOT NULL, wip_limit INTEGER, extras TEXT);
            -- Current values. `number` is the short number commands take (#12); `present`
            -- is 0 for a card deleted, or whose creation was undone (kept for undo/redo).
            CREATE TABLE cards (
                number INTEGER PRIMARY KEY, id TEXT NOT NULL, title TEXT NOT NULL,
                body TEXT NOT NULL DEFAULT '', state TEXT NOT NULL,
                due TEXT, start TEXT, created TEXT, updated TEXT, completed TEXT,
                labels TEXT, assignees TEXT, position REAL,
                archived INTEGER NOT NULL DEFAULT 0, url TEXT, fields TEXT, extras TEXT,
                present INTEGER NOT NULL DEFAULT 1);
            -- One row per command (or page action): the unit of undo and redo. `dropped`
            -- marks an undone step a later step took off the redo list.
            -- Its rows in `changes` are `first_seq` to `last_seq` (one transaction each).
            CREATE TABLE steps (
                step INTEGER PRIMARY KEY, at TEXT NOT NULL, actor TEXT,
                command TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0,
                dropped INTEGER NOT NULL DEFAULT 0, first_seq INTEGER, last_seq INTEGER);
            -- The append-only change log: one row per changed field, naming the card by
            -- its number. Rows of one event share `event`. `applied` is 0 for history carried
            -- in from a file (a record, not something undo reverses). `old` and `new` are JSON
            -- (StoredJSON).
            CREATE TABLE changes (
                seq INTEGER PRIMARY KEY, step INTEGER NOT NULL REFERENCES steps(step),
                event INTEGER NOT NULL, at TEXT NOT NULL, actor TEXT,
                card INTEGER NOT NULL REFERENCES cards(number),
                kind TEXT NOT NULL, field TEXT, old TEXT, new TEXT,
                applied INTEGER NOT NULL DEFAULT 1, extras TEXT,
                undone INTEGER NOT NULL DEFAULT 0);
            INSERT INTO boardkit_store (key, value) VALUES ('format', '\(formatName)'), ('schema', '0');
            """),
        // Indexes are a migration of their own, so that an import fills the tables first and
        // builds each index once (faster than keeping it up to date row by row).
        Migration(name: indexesMigration, sql: """
            CREATE UNIQUE INDEX cards_id ON cards(id);
            CREATE INDEX cards_state ON cards(state, present, position);
            CREATE INDEX changes_card ON changes(card);
            """, raisesVersion: false),
        // v2: finding the steps undo, redo and a new step look at without reading every step
        // (a board changed from its page gathers tens of thousands).
        Migration(name: "v2-steps-index", sql: """
            CREATE INDEX steps_undone ON steps(undone, step);
            """),
        // v3: what a sync with a CalDAV to-do list remembers (SyncLedger).
        Migration(name: "v3-sync", sql: """
            CREATE TABLE sync_remote (
                id INTEGER PRIMARY KEY CHECK (id = 1), url TEXT NOT NULL, "user" TEXT,
                token TEXT, synced_at TEXT);
            -- One row per card that has a remote resource; `base` is the card's synced
            -- values as both sides last agreed (JSON), `resource` the resource's text.
            CREATE TABLE sync_items (
                card INTEGER PRIMARY KEY REFERENCES cards(number), href TEXT NOT NULL UNIQUE,
                etag TEXT, base TEXT NOT NULL, resource TEXT NOT NULL);
            """),
        // v4: the reminders a sync writes into every to-do are a setting of the remote,
        // kept like its URL (a JSON list of durations; NULL: never set).
        Migration(name: "v4-sync-alarms", sql: """
            ALTER TABLE sync_remote ADD COLUMN alarms TEXT;
            """),
        // v5: the UID of each card's to-do, kept when the ledger forgets the resource (the
        // card archived, deleted, or undone), so the to-do it gets back is the same one. (A
        // sync fills it in for the resources an older store's ledger holds.)
        Migration(name: "v5-sync-uids", sql: """
            CREATE TABLE sync_uids (card INTEGER PRIMARY KEY REFERENCES cards(number), uid TEXT NOT NULL);
            """),
        // v6: the order steps were undone in, so redo puts back the step undone last even
        // when one person's undo took a step from the middle of the log. Until now undo went
        // newest first, so the undone steps' order is their steps' reversed.
        Migration(name: "v6-undo-order", sql: """
            ALTER TABLE steps ADD COLUMN undo_order INTEGER;
            UPDATE steps SET undo_order = -step WHERE undone = 1;
            CREATE INDEX steps_undo_order ON steps(undo_order);
            """),
        // v7: who may use the board when it is served (BoardAccess): people with a role, and
        // the secrets that let them (and the board's feeds) in, kept only as SHA-256 digests.
        Migration(name: "v7-access", sql: """
            CREATE TABLE access_people (
                name TEXT PRIMARY KEY, role TEXT NOT NULL, added_at TEXT NOT NULL, added_by TEXT);
            CREATE TABLE access_secrets (
                digest TEXT PRIMARY KEY, kind TEXT NOT NULL, person TEXT REFERENCES access_people(name),
                made_at TEXT NOT NULL);
            CREATE INDEX access_secrets_person ON access_secrets(person);
            """),
        // v8: what `boardkit remind` has mailed (SentReminders), so a rerun, a crash or two
        // timers at once never mail a reminder twice.
        Migration(name: "v8-reminders-sent", sql: """
            CREATE TABLE reminders_sent (
                key TEXT NOT NULL, recipient TEXT NOT NULL, state TEXT NOT NULL, at TEXT NOT NULL,
                PRIMARY KEY (key, recipient));
            """),
        // v9: the whole resource of a to-do the ledger forgets (its card archived, deleted or
        // undone), kept beside its UID, so the to-do the card gets back carries what other
        // apps put there (their X- properties, ATTACH, RELATED-TO, reminders), not only the
        // UID. NULL while `sync_items` holds the resource.
        Migration(name: "v9-sync-resource", sql: """
            ALTER TABLE sync_uids ADD COLUMN resource TEXT;
            """),
        // v10: which commit last wrote each card, so a served board reads only the cards
        // written since the view it holds (`BoardStore.overview(since:)`). `boardkit_revision`
        // counts the store's commits, one more per write transaction (PostgreSQL stores have
        // had it from the start); `last_commit` is that count in the commit that wrote the row.
        Migration(name: cardCommitsMigration, sql: """
            CREATE TABLE IF NOT EXISTS boardkit_revision (n INTEGER NOT NULL);
            INSERT INTO boardkit_revision (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM boardkit_revision);
            ALTER TABLE cards ADD COLUMN last_commit INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX cards_last_commit ON cards(last_commit);
            """),
        // v11: the commit up to which every card's changes are on the sync's remote
        // (`SyncRemote.pushedThrough`), so a sync that finds no card written since, and
        // nothing changed there, pushes nothing without reading every card and the ledger.
        Migration(name: "v11-sync-pushed-through", sql: """
            ALTER TABLE sync_remote ADD COLUMN pushed_through INTEGER;
            """),
    ]

    static let cardCommitsMigration = "v10-card-commits"
    /// The schema from which card rows say which commit wrote them: the version its
    /// migration reaches.
    static let cardCommitsVersion = versionReached(by: cardCommitsMigration)

    /// The schema version a store has once the migration called `name` ran.
    static func versionReached(by name: String) -> Int {
        let raising = declared.filter(\.raisesVersion)
        guard let index = raising.firstIndex(where: { $0.name == name }) else { preconditionFailure("no migration \(name)") }
        return index + 1
    }
    /// Counts a write transaction as one more commit, first thing in it, so that the card
    /// rows it writes say which commit wrote them (`cardWritten`).
    static let countCommit = "UPDATE boardkit_revision SET n = n + 1"
    /// The commit a write transaction is (`countCommit` made it), as its statements read it.
    static let commitBeingWritten = "(SELECT n FROM boardkit_revision)"
    /// What a statement that writes a card row sets besides (`UPDATE cards SET … , \(cardWritten)`).
    static let cardWritten = "last_commit = \(commitBeingWritten)"

    /// The migration an import stops before, to fill the tables without indexes.
    static let tablesMigration = "v1"
    static let indexesMigration = "v1-indexes"

    /// The migrations up to and including `tablesMigration`, and those after it.
    static var tables: ArraySlice<Migration> { migrations.prefix(1) }
    static var afterTables: ArraySlice<Migration> { migrations.dropFirst() }

    /// What a store says about itself: nil when it has no `boardkit_store` table.
    static func stamp(_ db: any SQLConnection) throws -> (format: String, schema: Int)? {
        guard try db.tableExists("boardkit_store") else { return nil }
        // Lenient getters: a damaged file can hold a NULL where the schema says none can be
        // (found by the store fuzz target: Tests/FuzzFindings/store-null-stamp-key.db); such
        // a row says nothing.
        let rows = try db.statement("SELECT key, value FROM boardkit_store")
        var format = "", schema = 0
        while try rows.next() {
            guard let key = rows.text(0), let value = rows.text(1) else { continue }
            if key == "format" { format = value }
            if key == "schema" { schema = Int(value) ?? 0 }
        }
        return (format, schema)
    }
}
