import BoardModel
@testable import BoardStore
import BoardTestSupport
import Foundation
import Testing

/// A board a `serve` keeps writing has its tables analyzed as they grow
/// (`PostgresStatistics`): plans cached while the steps table held one row scanned it whole
/// for every key until autovacuum got to it, a minute or more later.
@Suite struct PostgresStatisticsTests {
    /// How many times the board's `steps` table has been analyzed, as the server counts.
    private static func analyses(of location: String) throws -> Int {
        let schema = try #require(try PostgresAddress(location)).schema
        let text = try TestPostgres.psql("""
            SELECT analyze_count + autoanalyze_count FROM pg_stat_user_tables WHERE schemaname = '\(schema)' AND relname = 'steps'
            """)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func aGrowingStepsTableIsAnalyzedWhileTheStoreWrites() throws {
        let location = try TestPostgres.newBoard()
        let board = Board(states: BoardState.defaults, cards: [Card(id: "c1", title: "One", state: "todo")])
        _ = try BoardStore.create(location, board: board, step: StepInfo(actor: "mina", command: "init"))
        let store = try BoardStore.open(location)
        let atStart = try Self.analyses(of: location)
        #expect(atStart >= 1, "the import analyzes the new board's tables")
        // Several pages of steps where the table held one row when it was analyzed, then,
        // past the interval at which the store looks, one more.
        for n in 0..<300 {
            try store.apply([.move(card: "c1", state: n % 2 == 0 ? "doing" : "todo", position: nil)],
                            by: StepInfo(actor: "mina", command: "move"))
        }
        Thread.sleep(forTimeInterval: 1.5)
        try store.apply([.move(card: "c1", state: "done", position: nil)], by: StepInfo(actor: "mina", command: "move"))
        #expect(try Self.analyses(of: location) > atStart)
    }
}
