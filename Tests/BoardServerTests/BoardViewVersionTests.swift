@testable import BoardServer
import BoardModel
import BoardStore
import Testing

/// A new version of a served board takes the versions of the cards that did not change from
/// the version before, and hashes the ones that did: the same versions either way.
@Suite struct BoardViewVersionTests {
    let states = [BoardState(id: "todo", name: "To do", category: .todo), BoardState(id: "done", name: "Done", category: .done)]

    func stored(_ n: Int64, _ title: String, state: String = "todo") -> StoredCard {
        StoredCard(number: n, card: Card(id: "c\(n)", title: title, state: state), present: true)
    }

    @Test func onlyTheCardsThatChangedGetNewVersions() {
        let header = Board(name: "b", states: states)
        let first = BoardView(header: header, cards: [stored(1, "a"), stored(2, "b"), stored(3, "c")], tag: "\"1\"", writable: true)
        var moved = stored(2, "b", state: "done")
        moved.card.labels = ["x"]
        let now = [stored(1, "a"), moved, stored(3, "c renamed"), stored(4, "new")]
        let second = BoardView(header: header, cards: now, tag: "\"2\"", writable: true, after: first)
        for card in now {
            #expect(second.version(of: card) == card.version, "#\(card.number)")
        }
        #expect(second.version(of: now[0]) == first.version(of: stored(1, "a")))
        #expect(second.version(of: moved) != first.version(of: stored(2, "b")))
        // A card that is not the view's own (an older copy) is hashed, not given the view's.
        #expect(second.version(of: stored(3, "c")) == stored(3, "c").version)
        // The board's API document carries the same versions.
        let api = String(decoding: second.apiJSON, as: UTF8.self)
        for card in now { #expect(api.contains(card.version)) }
    }
}
