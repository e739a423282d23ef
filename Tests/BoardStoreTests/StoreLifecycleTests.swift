import BoardModel
import BoardIO
import BoardSample
import BoardStore
import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// The store through its library API: every kind of change, its log, undo and redo, and the
/// board it gives every format.
@Suite("store lifecycle")
struct StoreLifecycleTests {
    let tmp: TemporaryFolder
    init() throws { tmp = try TemporaryFolder() }

    static let states = [
        BoardState(id: "todo", name: "To do", category: .todo),
        BoardState(id: "doing", name: "Doing", category: .doing, wipLimit: 2),
        BoardState(id: "done", name: "Done", category: .done),
    ]

    func newStore(_ engine: StoreEngineUnderTest) throws -> BoardStore {
        try BoardStore.create(try engine.location("team.db", in: tmp), board: Board(id: "team", name: "Team", timeZone: "Asia/Seoul", states: Self.states),
                              step: StepInfo(actor: "mina", command: "init", at: at(0)))
    }

    func at(_ minutes: Int64) -> Instant {
        Instant(epochSeconds: 1_795_000_000 + minutes * 60, offsetSeconds: 9 * 3600)
    }

    func step(_ minutes: Int64, _ command: String = "test", actor: String = "mina") -> StepInfo {
        StepInfo(actor: actor, command: command, at: at(minutes))
    }

    /// Two cards whose field values are the same text spelt two ways (a precomposed "Å" and
    /// "A" with a combining ring: equal to Swift's `==`) keep their own bytes through the store
    /// (the second came back with the first one's spelling; found by LosslessPropertyTests).
    @Test(arguments: StoreEngineUnderTest.allCases) func canonicallyEquivalentTextsKeepTheirBytes(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.add(Card(id: "c1", title: "one", state: "todo", labels: ["\u{C5}"], fields: ["team-web": "\u{C5}"])),
                         .add(Card(id: "c2", title: "two", state: "todo", labels: ["A\u{30A}"], fields: ["team-web": "A\u{30A}"]))],
                        by: step(1))
        let cards = try store.board().cards
        #expect(Array(cards[0].fields["team-web"]!.unicodeScalars) == ["\u{C5}"])
        #expect(Array(cards[1].fields["team-web"]!.unicodeScalars) == ["A", "\u{30A}"])
        #expect(Array(cards[1].labels[0].unicodeScalars) == ["A", "\u{30A}"])
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func everyKindOfChangeIsLoggedAndUndoable(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        let added = try #require(try store.apply([.add(Card(id: "c1", title: "Fix login", state: "todo"))], by: step(1)))
        #expect(added.cards.first?.number == 1)
        try store.apply([.update(card: "c1", CardPatch(due: .some(.date(CalendarDate(year: 2026, month: 12, day: 1)!)),
                                                       addLabels: ["bug"]))], by: step(2))
        try store.apply([.move(card: "c1", state: "doing", position: nil)], by: step(3))
        try store.apply([.archive(card: "c1")], by: step(4))
        try store.apply([.restore(card: "c1")], by: step(5))

        var board = try store.board()
        #expect(board.cards.map(\.state) == ["doing"])
        #expect(board.cards[0].labels == ["bug"])
        #expect(board.events.map(\.type) == [.created, .updated, .moved, .archived, .restored])
        #expect(board.events[1].changes == [
            FieldChange(field: "due", old: nil, new: .text("2026-12-01")),
            FieldChange(field: "labels", old: nil, new: .list(["bug"])),
        ])
        #expect(board.events[2].from == "todo" && board.events[2].to == "doing")

        // Undo walks back one step at a time, each restoring the values before it.
        #expect(try store.undo().command == "test")  // restore
        #expect(try store.board().cards[0].archived)
        _ = try store.undo()  // archive
        _ = try store.undo()  // move
        board = try store.board()
        #expect(board.cards[0].state == "todo")
        #expect(board.events.map(\.type) == [.created, .updated])
        _ = try store.undo()  // edit
        #expect(try store.board().cards[0].due == nil)
        #expect(try store.board().cards[0].labels.isEmpty)
        _ = try store.undo()  // add
        #expect(try store.board().cards.isEmpty)
        #expect(try store.board().events.isEmpty)
        #expect(throws: StoreError.nothingToUndo) { try store.undo() }

        // Redo puts them back in order.
        for _ in 0..<3 { _ = try store.redo() }
        board = try store.board()
        #expect(board.cards.map(\.state) == ["doing"])
        #expect(board.events.map(\.type) == [.created, .updated, .moved])

        // A new change drops what was left to redo; the log keeps it, marked undone.
        try store.apply([.update(card: "c1", CardPatch(title: "Fix the login"))], by: step(6))
        #expect(throws: StoreError.nothingToRedo) { try store.redo() }
        let log = try store.history()
        #expect(log.map(\.kind) == ["created", "updated", "moved", "archived", "restored", "updated"])
        #expect(log.map(\.undone) == [false, false, false, true, true, false])
        #expect(try store.board().events.map(\.type) == [.created, .updated, .moved, .updated])
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func deleteThenUndoBringsTheCardBack(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.add(Card(id: "c1", title: "A", state: "todo")), .add(Card(id: "c2", title: "B", state: "todo"))], by: step(1))
        try store.apply([.delete(card: "c1")], by: step(2))
        #expect(try store.cards().map(\.card.id) == ["c2"])
        #expect(throws: StoreError.self) { try store.card("c1") }
        // The board still names the deleted card for its history, archived so feeds leave it.
        let board = try store.board()
        #expect(board.cards.map(\.id) == ["c1", "c2"])
        #expect(board.cards[0].archived)
        #expect(board.events.last?.type == .deleted)
        let undone = try store.undo()
        #expect(undone.events.map(\.kind) == ["deleted"])
        #expect(try store.cards().map(\.card.id) == ["c1", "c2"])
        #expect(try store.board().cards[0].archived == false)
        // Two adds in one step are one undo.
        _ = try store.undo()
        #expect(try store.cards().isEmpty)
    }

    /// A sync brings back a card deleted here: the same card (number, fields), logged as
    /// created again, undone and redone like any step; only a deleted card comes back.
    @Test(arguments: StoreEngineUnderTest.allCases) func undeleteBringsBackTheDeletedCardAsOneStep(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.add(Card(id: "c1", title: "A", state: "doing", labels: ["x"]))], by: step(1))
        try store.apply([.delete(card: "c1")], by: step(2))
        #expect(throws: StoreError.self) { try store.apply([.undelete(card: "nope")], by: step(3)) }
        let back = try #require(try store.apply([.undelete(card: "c1")], by: step(3)))
        #expect(back.cards.map(\.number) == [1] && back.cards[0].card.labels == ["x"] && back.cards[0].card.state == "doing")
        #expect(try store.card("c1").card.title == "A")
        #expect(try store.history().map(\.kind) == ["created", "deleted", "created"])
        #expect(throws: StoreError.self) { try store.apply([.undelete(card: "c1")], by: step(4)) }
        _ = try store.undo()
        #expect(try store.cards().isEmpty)
        _ = try store.redo()
        #expect(try store.cards().map(\.card.id) == ["c1"])
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func movesKeepPositionsAndSetCompletion(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply((1...3).map { .add(Card(id: "c\($0)", title: "Card \($0)", state: "todo")) }, by: step(1))
        try store.apply([.move(card: "c3", state: "todo", position: 1)], by: step(2))
        let order = try store.cards().sorted { ($0.card.position ?? 0) < ($1.card.position ?? 0) }.map(\.card.id)
        #expect(order == ["c3", "c1", "c2"])
        try store.apply([.move(card: "c1", state: "done", position: nil)], by: step(3))
        let done = try store.card("c1").card
        #expect(done.completed == at(3))
        // A move to where the card already is changes nothing and makes no step.
        #expect(try store.apply([.move(card: "c1", state: "done", position: nil)], by: step(4)) == nil)
        _ = try store.undo()
        #expect(try store.card("c1").card.completed == nil)
        #expect(throws: StoreError.refused(.unknownState("nowhere", known: ["To do", "Doing", "Done"]))) {
            try store.apply([.move(card: "c1", state: "nowhere", position: nil)], by: step(5))
        }
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func cardsAreFoundByNumberIDOrTitle(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.add(Card(id: "login-1", title: "로그인 고치기", state: "todo")),
                         .add(Card(id: "x2", title: "Write docs", state: "todo"))], by: step(1))
        #expect(try store.card("1").card.id == "login-1")
        #expect(try store.card("#2").card.id == "x2")
        #expect(try store.card("x2").number == 2)
        #expect(try store.card("write DOCS").card.id == "x2")
        #expect(try store.card("로그인 고치기").number == 1)
        do {
            _ = try store.card("login")
            Issue.record("a partial id must not match")
        } catch {
            #expect(error == .refused(.unknownCard("login", close: ["#1 '로그인 고치기' (login-1)"])))
        }
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func sampleBoardRoundTripsThroughTheStore(_ engine: StoreEngineUnderTest) throws {
        let board = SampleBoard(cards: 60, weeks: 8, seed: 3, until: SampleBoard.defaultUntil).generate()
        let store = try BoardStore.create(try engine.location("sample.db", in: tmp), board: board, step: step(0, "import"))
        #expect(try store.board() == board)
        // The import is one step: undo empties the board, redo brings it all back.
        _ = try store.undo()
        #expect(try store.board().cards.isEmpty)
        #expect(try store.board().events.isEmpty)
        _ = try store.redo()
        #expect(try store.board() == board)
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func aBoardLargerThanOneBatchRoundTrips(_ engine: StoreEngineUnderTest) throws {
        // Past 4,096 cards and events the import encodes rows on a second thread (pipelined).
        let board = SampleBoard(cards: 9_000, weeks: 8, seed: 5, until: SampleBoard.defaultUntil).generate()
        #expect(board.events.count > 3 * 4_096)
        let store = try BoardStore.create(try engine.location("big.db", in: tmp), board: board, step: step(0, "import"))
        #expect(try store.board() == board)
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func aBoardWhoseEventNamesNoCardIsRefusedNotCrashedOn(_ engine: StoreEngineUnderTest) throws {
        let location = try engine.location("orphan.db", in: tmp)
        let board = Board(states: Self.states, cards: [Card(id: "c1", title: "A", state: "todo")],
                          events: [Event(card: "ghost", at: at(1), type: .created, to: "todo")])
        #expect(throws: StoreError.refused(.invalidValue(field: "events[0].card", value: "ghost",
                                                accepted: .boardsCard))) {
            try BoardStore.create(location, board: board, step: step(0, "import"))
        }
        // Nothing half-made is left: no file, no board in the database.
        #expect(throws: StoreError.missing(path: location)) { try BoardStore.open(location) }
    }

    /// A board in a database is never written over either: its history stays whole.
    @Test func createNeverOverwritesABoardInADatabase() throws {
        let store = try newStore(.postgres)
        try store.apply([.add(Card(id: "c1", title: "Kept", state: "todo"))], by: step(1))
        #expect(throws: StoreError.alreadyExists(path: store.path)) {
            try BoardStore.create(store.path, board: Board(), step: step(2))
        }
        #expect(try BoardStore.open(store.path).cards().map(\.card.title) == ["Kept"])
    }

    /// Inits of one board name racing each other: one makes the board, every other is
    /// refused as `store-exists` (a loser whose CREATE SCHEMA waited on the winner's got
    /// PostgreSQL's own "duplicate key value violates unique constraint" as `store-failed`).
    @Test func racingInitsOfOneBoardNameLeaveOneWinnerAndTheRestStoreExists() throws {
        let racers = 6
        for _ in 0..<3 {
            let store = try TestPostgres.newBoard()
            let runs = Mutex<[ProcessOutput]>([])
            let finished = DispatchGroup()
            for _ in 0..<racers {
                finished.enter()
                Thread.detachNewThread {
                    defer { finished.leave() }
                    if let run = try? CommandRunner.boardkit(["init", "-b", store, "--from", CommandRunner.sample("board.json")]) {
                        runs.withLock { $0.append(run) }
                    }
                }
            }
            finished.wait()
            let all = runs.withLock { $0 }
            #expect(all.count == racers)
            #expect(all.filter { $0.status == 0 }.count == 1, "\(all.map(\.stderr))")
            for loser in all where loser.status != 0 {
                #expect(loser.status == 1 && loser.stderr.contains("[store-exists]"), "\(loser.stderr)")
            }
            #expect(try BoardStore.open(store).cards().count == 40)
        }
    }

    @Test func createNeverOverwrites() throws {
        let path = tmp.path("team.db")
        try Data("precious".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.alreadyExists(path: path)) {
            try BoardStore.create(path, board: Board(), step: step(0))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }
}

/// An open store's file is opened by nothing but its SQLite connection (issue #29: a plain
/// open and close in the same process released SQLite's locks).
@Suite struct HeldStoreFileTests {
    @Test func anOpenStoreIsHeldAndItsFileIsNotOpenedForReading() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("held.db")
        #expect(try CommandRunner.boardkit(["init", "-b", path, "--name", "Held"]).status == 0)
        #expect(!HeldFiles.isHeld(path))
        do {
            let store = try BoardStore.open(path)
            #expect(HeldFiles.isHeld(path))
            // Another path to the same file is the same file.
            #expect(HeldFiles.isHeld(folder.path("./held.db")))
            // The sniff gets the head recorded when it was held (through the format versions,
            // 2 and 2: WAL mode); a reader is refused.
            #expect(try HeldFiles.head(of: path, count: 64).get() == Array("SQLite format 3\0".utf8) + [0x10, 0, 2, 2])
            guard case .failure(let failure) = MappedText.load(path: path) else {
                Issue.record("a held store was mapped")
                return
            }
            #expect(failure.errno == EBUSY)
            #expect(StoreLocation(path).holdsStore)
            _ = try store.header()
        }
        #expect(!HeldFiles.isHeld(path))
        #expect(try HeldFiles.head(of: path, count: 16).get() == Array("SQLite format 3\0".utf8))
    }
}
