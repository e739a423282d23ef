import BoardModel
import BoardStore
import BoardTestSupport
import Testing
@testable import BoardIO

/// A card moved to a place in a column is shown there, however many moves came before: the
/// board page's order (`StoredCard.inColumnOrder`) against a list a reader can follow.
@Suite("cards stay where they are put")
struct ColumnOrderTests {
    static let states = ["todo", "doing", "done"]

    /// The columns as the board shows them: each state's present, unarchived cards in order.
    static func columns(_ store: BoardStore) throws -> [String: [String]] {
        let shown = try store.cards(includeArchived: false).filter { !$0.card.archived }
        var out: [String: [String]] = [:]
        for state in states {
            out[state] = StoredCard.inColumnOrder(shown.filter { $0.card.state == state }).map(\.card.id)
        }
        return out
    }

    static func step(_ n: Int) -> StepInfo {
        StepInfo(actor: "mina", command: "move", at: Instant(epochSeconds: Int64(n) * 60))
    }

    /// The case: the last card of a column moved to place 2 again and again. Each move
    /// halved the gap between the first two cards, and after 54 all three shared position 1.
    @Test(arguments: StoreEngineUnderTest.allCases)
    func theLastCardMovedToSecondPlaceAgainAndAgainIsSecond(engine: StoreEngineUnderTest) throws {
        let tmp = try TemporaryFolder()
        let board = Board(states: BoardState.defaults, cards: (1...3).map { Card(id: "c\($0)", title: "\($0)", state: "todo", position: Double($0)) })
        let store = try BoardStore.create(try engine.location("o.db", in: tmp), board: board, step: Self.step(0))
        var order = ["c1", "c2", "c3"]
        for n in 1...120 {
            let last = order.removeLast()
            order.insert(last, at: 1)
            try store.apply([.move(card: last, state: "todo", position: 2)], by: Self.step(n))
            let shown = try Self.columns(store)["todo"]
            #expect(shown == order, "after move \(n)")
            if shown != order { return }
        }
        // Positions stay short enough to read in a file: renumbering kept them apart.
        let positions = try store.cards().compactMap(\.card.position)
        #expect(Set(positions).count == 3)
        #expect(positions.allSatisfy { ($0 * 65_536).rounded() == $0 * 65_536 })
    }

    /// A column renumbered to make room is one step with the move: the history says the move
    /// alone, the board's events have no other, and undo puts every position back.
    @Test func aRenumberedColumnIsUndoneWithItsMove() throws {
        let tmp = try TemporaryFolder()
        let board = Board(states: BoardState.defaults, cards: [
            Card(id: "a", title: "A", state: "todo", position: 1),
            Card(id: "b", title: "B", state: "todo", position: 1),  // equal: an import may give them
            Card(id: "c", title: "C", state: "todo", position: 1),
        ])
        let store = try BoardStore.create(tmp.path("u.db"), board: board, step: Self.step(0))
        let before = try store.cards()
        let eventsBefore = try store.board().events.count
        try store.apply([.move(card: "c", state: "todo", position: 2)], by: Self.step(1))
        #expect(try Self.columns(store)["todo"] == ["a", "c", "b"])
        let history = try store.history(step: 2)
        #expect(history.map(\.card) == ["c"])
        #expect(history.map(\.kind) == ["moved"])
        #expect(try store.board().events.count == eventsBefore + 1)
        _ = try store.undo()
        #expect(try store.cards() == before)
        _ = try store.redo()
        #expect(try Self.columns(store)["todo"] == ["a", "c", "b"])
    }

    /// 10,000 moves (half of them to one crowded place, the rest anywhere), each checked
    /// against the lists, with an undo and a redo now and then: every card is where it was put.
    @Test(arguments: [(StoreEngineUnderTest.sqlite, 10_000), (.postgres, 1_500)])
    func randomMovesKeepEveryCardWhereItWasPut(engine: StoreEngineUnderTest, moves: Int) throws {
        let tmp = try TemporaryFolder()
        var random = RandomEditTests.Random(state: 7)
        let cards = (1...12).map { Card(id: "c\($0)", title: "카드 \($0)", state: Self.states[$0 % 3], position: Double($0)) }
        let store = try BoardStore.create(try engine.location("m.db", in: tmp), board: Board(states: BoardState.defaults, cards: cards),
                                          step: Self.step(0))
        var columns = try Self.columns(store)
        var previous: [String: [String]]?  // the columns before the last step
        var undos = 0
        // A served board reading only the cards written since (renumbered ones too) sees the same board.
        var followed = try FollowedCards(store)
        for n in 1...moves {
            if random.next(50) == 0, let previous {
                _ = try store.undo()
                #expect(try Self.columns(store) == previous, "undo after move \(n)")
                _ = try store.redo()
                #expect(try Self.columns(store) == columns, "redo after move \(n)")
                undos += 1
                continue
            }
            let before = columns
            let id = "c\(random.next(12) + 1)"
            let from = Self.states.first { columns[$0]!.contains(id) }!
            let to = random.next(2) == 0 ? "todo" : Self.states[random.next(3)]
            columns[from]!.removeAll { $0 == id }
            let place = random.next(2) == 0 ? 2 : random.next(columns[to]!.count + 1) + 1
            columns[to]!.insert(id, at: min(place - 1, columns[to]!.count))
            if try store.apply([.move(card: id, state: to, position: place)], by: Self.step(n)) != nil { previous = before }
            let shown = try Self.columns(store)
            #expect(shown == columns, "move \(n): \(id) to \(to) at \(place)")
            if shown != columns { return }
            if n % 10 == 0 { guard try followed.check(store, "move \(n)") else { return } }
        }
        #expect(undos > 0)
    }
}
