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
}
