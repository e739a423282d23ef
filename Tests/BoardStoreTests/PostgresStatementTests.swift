@testable import BoardStore
import BoardModel
import BoardTestSupport
import Foundation
import Testing

/// The store's statements as PostgreSQL is sent them (`PostgresDialect.statement`).
@Suite struct PostgresStatementTests {
    /// `LIKE` becomes `ILIKE` where it is an operator only. Before, the whole text was
    /// rewritten, and a literal or a quoted name holding " LIKE " changed with it.
    @Test func likeInsideQuotesIsLeftAlone() {
        let statement = PostgresDialect.statement("""
            SELECT 'a LIKE b', "x LIKE y" FROM cards WHERE title LIKE ? AND ?3 LIKE body AND tags = ?
            """)
        #expect(statement == """
            SELECT 'a LIKE b', "x LIKE y" FROM cards WHERE title ILIKE $1 AND $3 ILIKE body AND tags = $4
            """)
    }

    @Test func aLiteralComesBackAsWritten() throws {
        let tmp = try TemporaryFolder()
        let store = try BoardStore.create(try StoreEngineUnderTest.postgres.location("s.db", in: tmp),
                                          board: Board(id: "b", name: "B", timeZone: "UTC",
                                                       states: [BoardState(id: "todo", name: "To do", category: .todo)]),
                                          step: StepInfo(actor: "admin", command: "init"))
        let text = try store.glance { db in try db.text("SELECT 'a LIKE b' WHERE 'A' LIKE ?", [.text("a")]) }
        #expect(text == "a LIKE b")
    }

    /// A new board's foreign keys are added after its tables are filled, the same keys under
    /// the same names as when declared with their columns (an import checked them row by row).
    @Test func foreignKeysComeApartFromTheirTable() {
        let (table, keys) = PostgresDialect.foreignKeysApart("""
            CREATE TABLE changes (
                seq BIGINT PRIMARY KEY, step BIGINT NOT NULL REFERENCES steps(step),
                card BIGINT NOT NULL REFERENCES cards(number), old TEXT COLLATE "C", undone BIGINT NOT NULL DEFAULT 0)
            """)
        #expect(table == """
            CREATE TABLE changes (
                seq BIGINT PRIMARY KEY, step BIGINT NOT NULL,
                card BIGINT NOT NULL, old TEXT COLLATE "C", undone BIGINT NOT NULL DEFAULT 0)
            """)
        #expect(keys == ["ALTER TABLE changes ADD FOREIGN KEY (step) REFERENCES steps(step)",
                         "ALTER TABLE changes ADD FOREIGN KEY (card) REFERENCES cards(number)"])
        #expect(PostgresDialect.foreignKeysApart("CREATE INDEX a ON b(c)") == ("CREATE INDEX a ON b(c)", []))
    }

    @Test func aNewBoardHasEveryConstraint() throws {
        let tmp = try TemporaryFolder()
        let location = try StoreEngineUnderTest.postgres.location("k.db", in: tmp)
        _ = try BoardStore.create(location, board: Board(id: "b", name: "B", timeZone: "UTC",
                                                         states: [BoardState(id: "todo", name: "To do", category: .todo)]),
                                  step: StepInfo(actor: "admin", command: "init"))
        let schema = "board_" + (location.components(separatedBy: "board=").last ?? "")
        let keys = try TestPostgres.psql("""
            SELECT string_agg(conname, ' ' ORDER BY conname) FROM pg_constraint WHERE connamespace = '\(schema)'::regnamespace
            """).trimmingCharacters(in: .whitespacesAndNewlines)
        // What a board made with its keys declared inline had (boardkit before this change).
        #expect(keys == """
            access_people_pkey access_secrets_person_fkey access_secrets_pkey boardkit_migrations_pkey boardkit_store_pkey \
            cards_pkey changes_card_fkey changes_pkey changes_step_fkey reminders_sent_pkey states_id_key states_pkey steps_pkey \
            sync_items_card_fkey sync_items_href_key sync_items_pkey sync_remote_id_check sync_remote_pkey sync_uids_card_fkey sync_uids_pkey
            """)
        // A key is enforced: a log row naming no card is refused.
        #expect(throws: StoreError.self) {
            try BoardStore.open(location).glance { db in
                try db.execute("INSERT INTO changes (step, event, at, card, kind) VALUES (1, 1, 'x', 999, 'made')")
            }
        }
    }
}
