import BoardModel
import BoardStore
import BoardTestSupport
import Foundation
import Testing

/// A step's row records which log rows are its (`SQLConnection.writeStep`: one statement on
/// PostgreSQL, three on SQLite): its history and its undo take exactly those, however many.
@Suite struct StepRowTests {
    /// A step of hundreds of log rows (one statement on PostgreSQL, not prepared) or of more
    /// than one statement takes parameters for (three statements), between two small ones:
    /// each step's history is its own rows, and undoing them one by one gives each board back.
    @Test(arguments: StoreEngineUnderTest.allCases, [900, 6_100])
    func aStepOfThousandsOfRowsKeepsToItsOwn(_ engine: StoreEngineUnderTest, rows: Int) throws {
        let tmp = try TemporaryFolder()
        let path = try engine.location("big-step.db", in: tmp)
        let states = [BoardState(id: "todo", name: "To do", category: .todo)]
        _ = try BoardStore.create(path, board: Board(id: "b", name: "B", states: states), step: StepInfo(actor: "t", command: "init"))
        let store = try BoardStore.open(path)
        let first = try #require(try store.apply([.add(Card(id: "a", title: "a", state: "todo"))], by: StepInfo(actor: "t", command: "add")))
        let many = (0..<rows).map { CardEdit.add(Card(id: "m\($0)", title: "m\($0)", state: "todo")) }
        let big = try #require(try store.apply(many, by: StepInfo(actor: "t", command: "import")))
        let last = try #require(try store.apply([.update(card: "a", CardPatch(title: "A"))], by: StepInfo(actor: "t", command: "edit")))
        #expect(first.events.count == 1 && big.events.count == many.count && last.events.count == 1)
        #expect(try store.history(step: big.step).count == many.count)
        #expect(try store.history(step: last.step).map(\.kind) == ["updated"])
        #expect(try store.undo().step == last.step)
        #expect(try store.card(id: "a").card.title == "a")
        #expect(try store.undo().step == big.step)
        #expect(try store.cards().map(\.card.id) == ["a"])
        #expect(try store.redo().step == big.step)
        #expect(try store.cards().count == many.count + 1)
    }
}
