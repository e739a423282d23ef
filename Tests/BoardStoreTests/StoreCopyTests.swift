import BoardModel
import BoardStore
import BoardTestSupport
import Foundation
import Testing

/// `convert` from a store to a store copies the log itself (issue #48, item 4): SQLite →
/// PostgreSQL → SQLite, and SQLite → SQLite → SQLite, keep every step with its number, undone
/// and dropped steps, the redo stack and its order, deleted cards and conflict records, so
/// history, undo, redo and one person's undo answer on the copies as on the original. (Before,
/// the whole past became one import step and the redo stack was gone.)
@Suite("a store copied whole")
struct StoreCopyTests {
    let tmp: TemporaryFolder
    init() throws { tmp = try TemporaryFolder() }

    @discardableResult
    func bk(_ args: [String], status: Int32 = 0) throws -> ProcessOutput {
        let r = try CommandRunner.boardkit(args)
        #expect(r.status == status, "boardkit \(args.joined(separator: " ")): \(r.stderr)")
        return r
    }

    /// A store with imported history, several people's steps, a deleted card, a conflict
    /// record, a dropped step, and two undone steps on the redo stack, undone out of step
    /// order (one person's undo took the older one first).
    /// The store, and what `access add mina` printed on it.
    func original() throws -> (store: String, link: String) {
        let db = tmp.path("team.db")
        try bk(["init", "-b", db, "--from", CommandRunner.sample("board.json"), "--name", "Team"])
        try bk(["add", "Fix login", "--label", "bug", "--actor", "mina", "-b", db])
        let link = try bk(["access", "add", "mina", "--role", "admin", "-b", db]).stdoutText
        try bk(["access", "add", "ola", "--role", "viewer", "-b", db])
        try bk(["move", "c1", "doing", "--actor", "mina", "-b", db])
        try bk(["edit", "c2", "--due", "2026-12-01", "--label", "+ui", "--actor", "jisoo", "-b", db])
        try bk(["delete", "c3", "--actor", "admin", "-b", db])
        let store = try BoardStore.open(db)
        try store.apply([.recordConflict(card: "c4", SyncConflict(field: "title", kept: .text("Kept"), lost: .text("Lost"),
                                                                  loser: .remote, localActor: "mina"))],
                        by: StepInfo(actor: "sync", command: "sync"))
        // Undone, then dropped by the next step.
        try bk(["move", "c5", "done", "--actor", "mina", "-b", db])
        try bk(["undo", "-b", db])
        try bk(["add", "Write notes", "--actor", "jisoo", "-b", db])
        // The redo stack: jisoo's move undone first (from the middle), then mina's edit.
        try bk(["move", "c2", "todo", "--actor", "jisoo", "-b", db])
        try bk(["edit", "c1", "--title", "Renamed", "--actor", "mina", "-b", db])
        try bk(["undo", "--mine", "--actor", "jisoo", "-b", db])
        try bk(["undo", "-b", db])
        return (db, link)
    }

    func history(_ store: String) throws -> NSArray {
        let json = try bk(["history", "--format", "json", "-b", store]).stdout
        return try #require(try JSONSerialization.jsonObject(with: json) as? NSArray)
    }

    func export(_ store: String) throws -> Data {
        let json = tmp.path("export-\(UUID().uuidString).json")
        try bk(["convert", store, json])
        return try Data(contentsOf: URL(fileURLWithPath: json))
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func historyUndoAndRedoAnswerOnTheCopyAsOnTheOriginal(_ engine: StoreEngineUnderTest) throws {
        let (original, link) = try original()
        let middle = try engine.location("middle.db", in: tmp), back = tmp.path("back.db")
        let copied = try bk(["convert", original, middle]).stdoutText
        #expect(copied.contains("cards, 4 states, 10 steps,"), "\(copied)")
        try bk(["convert", middle, back])
        let stores = [original, middle, back]

        let expected = try history(original)
        #expect(expected.count > 100)
        // Who may use the board goes along: the same people, and mina's link opens the copy.
        let people = try bk(["access", "list", "-b", original]).stdoutText
        #expect(people.contains("mina  admin") && people.contains("ola   viewer"))
        for store in stores.dropFirst() { #expect(try bk(["access", "list", "-b", store]).stdoutText == people) }
        let token = link.split(separator: "/").dropFirst(2).first.map(String.init) ?? ""
        #expect(try BoardStore.open(back).access(token: token).key?.person == "mina")
        for store in stores.dropFirst() {
            #expect(try history(store) == expected, "history of \(store)")
            #expect(try export(store) == (try export(original)), "export of \(store)")
        }
        // The same answers, and the same board after each, on every one of them.
        for args in [["redo"], ["undo", "--mine", "--actor", "mina"], ["redo", "--mine", "--actor", "jisoo"], ["undo"],
                     ["redo"], ["redo"], ["redo"], ["undo", "--mine", "--actor", "jisoo"]] {
            let answers = try stores.map { store in
                let r = try CommandRunner.boardkit(args + ["-b", store])
                return "\(r.status) \(r.stdoutText) \(r.stderr.replacingOccurrences(of: store, with: "STORE"))"
            }
            #expect(Set(answers).count == 1, "\(args): \(answers)")
            let exports = try stores.map(export)
            #expect(exports.allSatisfy { $0 == exports[0] }, "the board after \(args)")
        }
        // The next step gets the same numbers: its step, its log rows, its card.
        for store in stores { try bk(["add", "Next", "--actor", "mina", "-b", store]) }
        let last = try stores.map { store -> [Int] in
            let event = try #require(try history(store).lastObject as? NSDictionary)
            return ["step", "seq", "number"].map { (event[$0] as? Int) ?? -1 }
        }
        #expect(last.allSatisfy { $0 == last[0] } && last[0][0] == 11, "\(last)")

        // Never over a store that is there.
        let before = try export(middle)
        #expect(try bk(["convert", original, middle], status: 1).stderr.contains("store-exists"))
        #expect(try export(middle) == before)
    }
}
