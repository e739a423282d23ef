import BoardModel
import BoardStore
import BoardTestSupport
import Testing

/// One person's undo and redo on a board several people change (`UndoScope.actor`): it takes
/// back their own last step, never someone else's, and never over a later change to the same
/// card. The board-wide undo keeps its meaning.
@Suite("undo of one person's steps")
struct PersonalUndoTests {
    let tmp: TemporaryFolder
    init() throws { tmp = try TemporaryFolder() }

    func newStore(_ engine: StoreEngineUnderTest) throws -> BoardStore {
        let states = [BoardState(id: "todo", name: "To do", category: .todo), BoardState(id: "doing", name: "Doing", category: .doing),
                      BoardState(id: "done", name: "Done", category: .done)]
        let store = try BoardStore.create(try engine.location("team.db", in: tmp), board: Board(id: "team", name: "Team", timeZone: "UTC", states: states),
                                          step: StepInfo(actor: "admin", command: "init", at: Instant(epochSeconds: 1_795_000_000)))
        try store.apply([.add(Card(id: "a", title: "Mina's card", state: "todo")),
                         .add(Card(id: "b", title: "Jisoo's card", state: "todo"))], by: StepInfo(actor: "admin", command: "add"))
        return store
    }

    func state(_ store: BoardStore, _ id: String) throws -> String? {
        try store.board().cards.first { $0.id == id }?.state
    }

    /// Mina's Undo takes back Mina's move although Jisoo moved a card after her.
    @Test(arguments: StoreEngineUnderTest.allCases) func undoTakesBackTheActorsOwnLastStep(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.move(card: "a", state: "doing", position: nil)], by: StepInfo(actor: "mina", command: "move"))
        try store.apply([.move(card: "b", state: "done", position: nil)], by: StepInfo(actor: "jisoo", command: "move"))

        #expect(try store.nextUndo(.actor("mina"))?.actor == "mina")
        let undone = try store.undo(.actor("mina"))
        #expect(undone.actor == "mina" && undone.command == "move")
        #expect(try state(store, "a") == "todo")
        #expect(try state(store, "b") == "done", "Jisoo's move stays")

        let redone = try store.redo(.actor("mina"))
        #expect(redone.actor == "mina")
        #expect(try state(store, "a") == "doing")
        #expect(try state(store, "b") == "done")
    }

    /// A redo never puts a step back over an undo made after the step was undone: Jisoo's
    /// redo would set the card over Mina's undo, and undoing everything afterwards would then
    /// give Mina's value back although her step is undone (the log would no longer replay to
    /// the board). It is refused, naming whose step's undo changed the card.
    @Test(arguments: StoreEngineUnderTest.allCases) func aRedoNeverGoesOverAnUndoMadeAfterIt(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.move(card: "a", state: "doing", position: nil)], by: StepInfo(actor: "mina", command: "move"))
        try store.apply([.move(card: "a", state: "done", position: nil)], by: StepInfo(actor: "jisoo", command: "move"))
        _ = try store.undo()
        _ = try store.undo(.actor("mina"))
        #expect(try state(store, "a") == "todo")

        #expect(throws: StoreError.undoConflict(card: 1, by: "mina", command: "move", undoing: false)) { try store.redo(.actor("jisoo")) }
        #expect(try state(store, "a") == "todo", "nothing changed")
        // In the order they were undone, both come back.
        _ = try store.redo(.actor("mina"))
        _ = try store.redo(.actor("jisoo"))
        #expect(try state(store, "a") == "done")
    }

    /// A later change by someone else to the same card is never thrown away: the undo is
    /// refused, naming the card by number and who changed it.
    @Test(arguments: StoreEngineUnderTest.allCases) func aLaterChangeToTheSameCardRefusesTheUndo(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.move(card: "a", state: "doing", position: nil)], by: StepInfo(actor: "mina", command: "move"))
        try store.apply([.move(card: "a", state: "done", position: nil)], by: StepInfo(actor: "jisoo", command: "move"))

        #expect(throws: StoreError.undoConflict(card: 1, by: "jisoo", command: "move", undoing: true)) { try store.undo(.actor("mina")) }
        #expect(try state(store, "a") == "done", "nothing changed")
        #expect(StoreError.undoConflict(card: 1, by: "jisoo", command: "move", undoing: true).diagnostic.message.text
                == "cannot undo: jisoo's 'move' changed #1 since, and would be lost; undo that first, or change the card by hand")
        // Once Jisoo takes hers back, Mina's undo goes through.
        _ = try store.undo(.actor("jisoo"))
        _ = try store.undo(.actor("mina"))
        #expect(try state(store, "a") == "todo")
    }

    /// Nobody's Undo reaches another person's steps, and says so.
    @Test(arguments: StoreEngineUnderTest.allCases) func nothingOfYoursIsSaid(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.move(card: "a", state: "doing", position: nil)], by: StepInfo(actor: "mina", command: "move"))
        #expect(throws: StoreError.nothingOfTheirs(actor: "jisoo", undoing: true)) { try store.undo(.actor("jisoo")) }
        #expect(StoreError.nothingOfTheirs(actor: "jisoo", undoing: true).diagnostic.message.text == "nothing of jisoo's to undo")
        #expect(throws: StoreError.nothingOfTheirs(actor: "mina", undoing: false)) { try store.redo(.actor("mina")) }
        #expect(try store.nextUndo(.actor("jisoo")) == nil)
    }

    /// Redo puts back the step undone last: after one person's undo took a step from the
    /// middle, undoing the board's live steps and redoing as many gives the board back (redo
    /// went by step number and put the person's undone step back instead of the last one).
    @Test(arguments: StoreEngineUnderTest.allCases) func redoIsAStackOfUndos(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.move(card: "a", state: "doing", position: nil)], by: StepInfo(actor: "mina", command: "move"))
        try store.apply([.move(card: "b", state: "doing", position: nil)], by: StepInfo(actor: "jisoo", command: "move"))
        _ = try store.undo(.actor("mina"))
        let board = try store.board().cards.map(\.state)
        #expect(board == ["todo", "doing"])
        #expect(try store.undo(steps: 2).map(\.actor) == ["jisoo", "admin"])
        #expect(try store.board().cards.isEmpty)
        #expect(try store.redo(steps: 2).map(\.actor) == ["admin", "jisoo"])
        #expect(try store.board().cards.map(\.state) == board)
    }

    /// After one person's undo, the board-wide redo does not put their step back over a later
    /// change to the same card either.
    @Test(arguments: StoreEngineUnderTest.allCases) func boardRedoPastAPersonalUndoIsChecked(_ engine: StoreEngineUnderTest) throws {
        let store = try newStore(engine)
        try store.apply([.update(card: "a", CardPatch(title: "Mina's title"))], by: StepInfo(actor: "mina", command: "edit"))
        try store.apply([.move(card: "b", state: "doing", position: nil)], by: StepInfo(actor: "jisoo", command: "move"))
        _ = try store.undo(.actor("mina"))
        // Jisoo's later step touched another card: the board's redo may put Mina's back.
        let redone = try store.redo()
        #expect(redone.actor == "mina")
        #expect(try store.board().cards.first { $0.id == "a" }?.title == "Mina's title")
    }
}
