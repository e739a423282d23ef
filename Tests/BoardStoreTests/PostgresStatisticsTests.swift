import BoardModel
@testable import BoardStore
import BoardTestSupport
import Foundation
import Testing

/// A board a `serve` keeps writing has its tables analyzed as they grow
/// (`PostgresStatistics`): plans cached while the steps table held one row scanned it whole
/// for every key until autovacuum got to it, a minute or more later.
@Suite struct PostgresStatisticsTests {
    /// How many times the board's `steps` table has been analyzed, as the server counts
    /// (asked through the store's own connections: a `psql` beside a busy test run may not
    /// get one).
    private static func analyses(_ store: BoardStore) throws -> Int64 {
        try store.glance { db in
            try db.int("""
                SELECT analyze_count + autoanalyze_count FROM pg_stat_user_tables
                WHERE schemaname = current_schema() AND relname = 'steps'
                """)
        } ?? -1
    }

    @Test func aGrowingStepsTableIsAnalyzedWhileTheStoreWrites() throws {
        let location = try TestPostgres.newBoard()
        let board = Board(states: BoardState.defaults, cards: [Card(id: "c1", title: "One", state: "todo")])
        _ = try BoardStore.create(location, board: board, step: StepInfo(actor: "mina", command: "init"))
        let store = try BoardStore.open(location)
        let atStart = try Self.analyses(store)
        #expect(atStart >= 1, "the import analyzes the new board's tables")
        // Several pages of steps where the table held one row when it was analyzed, then,
        // past the interval at which the store looks, one more.
        for n in 0..<300 {
            try store.apply([.move(card: "c1", state: n % 2 == 0 ? "doing" : "todo", position: nil)],
                            by: StepInfo(actor: "mina", command: "move"))
        }
        Thread.sleep(forTimeInterval: 1.5)
        try store.apply([.move(card: "c1", state: "done", position: nil)], by: StepInfo(actor: "mina", command: "move"))
        #expect(try Self.analyses(store) > atStart)
    }
}
