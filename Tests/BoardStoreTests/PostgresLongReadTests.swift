@testable import BoardStore
import BoardModel
import BoardTestSupport
import Foundation
import Testing

/// A read of a PostgreSQL board that spends longer than the session's idle limit between its
/// statements (working through a large board's rows: the log of 100,000 cards took 20 s in a
/// debug build) is not ended by the server. Before, `convert` from such a board, into JSON or
/// into a file store, failed with "the connection to the server was lost".
@Suite struct PostgresLongReadTests {
    @Test func aReadOutlastsTheIdleLimit() throws {
        let tmp = try TemporaryFolder()
        let store = try BoardStore.create(try StoreEngineUnderTest.postgres.location("long.db", in: tmp),
                                          board: Board(id: "b", name: "B", timeZone: "UTC",
                                                       states: [BoardState(id: "todo", name: "To do", category: .todo)]),
                                          step: StepInfo(actor: "admin", command: "init"))
        let name = try store.read { db -> String? in
            _ = try db.int("SELECT count(*) FROM cards")
            Thread.sleep(forTimeInterval: Double(PostgresSession.idleInTransaction.components.seconds) + 1.5)
            return try db.text("SELECT name FROM board")
        }
        #expect(name == "B")
    }
}
