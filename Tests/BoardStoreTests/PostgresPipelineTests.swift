@testable import BoardStore
import BoardModel
import BoardTestSupport
import Foundation
import Testing

/// A PostgreSQL write's statements that return no rows are sent without waiting
/// (`PostgresSession.send`): their failures must still reach the write that made them, and a
/// write that failed must leave nothing behind. (Each engine is tried: SQLite runs every
/// statement as it is called, and must answer the same.)
@Suite struct PostgresPipelineTests {
    private static func newStore(_ engine: StoreEngineUnderTest, _ tmp: TemporaryFolder, commits: CommitMode = .each) throws -> BoardStore {
        let location = try engine.location("p.db", in: tmp)
        _ = try BoardStore.create(location, board: Board(id: "b", name: "B", timeZone: "UTC",
                                                         states: [BoardState(id: "todo", name: "To do", category: .todo)]),
                                  step: StepInfo(actor: "admin", command: "init"))
        let store = try BoardStore.open(location, commits: commits)
        try store.write { db in try db.execute(Self.insert, [.text("taken")]) }
        return store
    }

    /// A row of a table both engines have, named (its key).
    private static let insert = "INSERT INTO access_people (name, role, added_at) VALUES (?, 'viewer', '2026-11-30T00:00:00Z')"

    /// A name already taken: the INSERT fails when the server runs it.
    private static let taken = insert.replacingOccurrences(of: "?", with: "'taken'")

    private static func kept(_ store: BoardStore, _ name: String) throws -> Int64 {
        try store.glance { db in try db.int("SELECT COUNT(*) FROM access_people WHERE name = ?", [.text(name)]) } ?? 0
    }

    /// A failure sent without waiting is thrown by the write, which is rolled back whole
    /// (the row written before the failing one is not kept), whether a read came after it
    /// or only the commit.
    @Test(arguments: StoreEngineUnderTest.allCases)
    func aWriteThatFailsLateKeepsNothing(engine: StoreEngineUnderTest) throws {
        let tmp = try TemporaryFolder()
        let store = try Self.newStore(engine, tmp)
        for readsAfter in [false, true] {
            let name = "before-\(readsAfter)"
            #expect(throws: StoreError.self) {
                try store.write { db in
                    try db.execute(Self.insert, [.text(name)])
                    try db.execute(Self.taken)
                    if readsAfter { _ = try db.int("SELECT COUNT(*) FROM cards") }
                }
            }
            #expect(try Self.kept(store, name) == 0)
        }
        // The session is usable after the failure.
        try store.write { db in try db.execute(Self.insert, [.text("after")]) }
        #expect(try Self.kept(store, "after") == 1)
    }

    /// Writes committed together (group commit): the one whose statement failed gets the
    /// failure, and the one after it (which reads) commits. Sent without waiting, the
    /// failure was answered with the next write's read, and the wrong write failed.
    @Test(arguments: StoreEngineUnderTest.allCases)
    func aFailureInAGroupIsItsOwnWrites(engine: StoreEngineUnderTest) async throws {
        let tmp = try TemporaryFolder()
        let store = try Self.newStore(engine, tmp, commits: .grouped)
        for round in 0..<5 {
            // A slow write holds the committer, so the two after it queue and share a group.
            let holding = Task { try await store.write { db in
                Thread.sleep(forTimeInterval: 0.2)
                try db.execute(Self.insert, [.text("hold-\(round)")])
            } }
            try await Task.sleep(for: .milliseconds(50))
            let failing = Task { try await store.write { db in
                try db.execute(Self.insert, [.text("failing-\(round)")])
                try db.execute(Self.taken)
            } }
            try await Task.sleep(for: .milliseconds(20))
            let reading = Task { try await store.write { db in
                try db.execute(Self.insert, [.text("reading-\(round)")])
                return try db.int("SELECT COUNT(*) FROM access_people")
            } }
            try await holding.value
            await #expect(throws: StoreError.self) { try await failing.value }
            #expect(try await reading.value != nil)
            #expect(try Self.kept(store, "failing-\(round)") == 0)
            #expect(try Self.kept(store, "reading-\(round)") == 1)
            #expect(try Self.kept(store, "hold-\(round)") == 1)
        }
    }

    /// A read sent ahead (`SQLStatement.readAhead`) gives its own rows, whatever was read
    /// between (the rows of several answers come back in one round trip on PostgreSQL and
    /// must go to their own statements); a statement bound again before its rows were taken
    /// gives the new binding's rows; on PostgreSQL, a read ahead that fails fails the write.
    @Test(arguments: StoreEngineUnderTest.allCases)
    func aReadSentAheadGivesItsOwnRows(engine: StoreEngineUnderTest) throws {
        let tmp = try TemporaryFolder()
        let store = try Self.newStore(engine, tmp)
        try store.write { db in try db.execute(Self.insert, [.text("second")]) }
        let named = "SELECT name FROM access_people WHERE name = ?"
        let (ahead, between, rebound) = try store.write { db -> (String?, Int64?, String?) in
            let first = try db.statement(named)
            first.bind(1, "taken")
            try first.readAhead()
            let count = try db.int("SELECT COUNT(*) FROM access_people")
            let read = try first.next() ? first.text(0) : nil
            first.reset()
            let again = try db.statement(named)
            again.bind(1, "taken")
            try again.readAhead()
            let reused = try db.statement(named)
            reused.bind(1, "second")
            return (read, count, try reused.next() ? reused.text(0) : nil)
        }
        #expect(ahead == "taken")
        #expect(between == 2)
        #expect(rebound == "second")
        // (SQLite runs a read when it is stepped: one never stepped never fails.)
        guard engine == .postgres else { return }
        #expect(throws: StoreError.self) {
            try store.write { db in
                try db.execute(Self.insert, [.text("kept-not")])
                let failing = try db.statement("SELECT 1 / (COUNT(*) - COUNT(*)) FROM access_people")
                try failing.readAhead()
                _ = try db.int("SELECT COUNT(*) FROM access_people")
            }
        }
        #expect(try Self.kept(store, "kept-not") == 0)
    }
}
