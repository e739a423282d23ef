@testable import BoardServer
import BoardModel
import BoardStore
import NIOCore
import Testing

/// A new version of a served board takes the versions (and API lines) of the cards that did
/// not change from the version before, and works out the ones that did: the same view either
/// way, whether it was read whole or as the cards written since.
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
        let api = String(buffer: second.apiJSON)
        for card in now { #expect(api.contains(card.version)) }
    }

    /// The cards written since a view (one moved, one deleted, one added) put into it give the
    /// view a whole read gives: the same cards in the same order, the same API document.
    @Test func aViewFollowedByTheCardsWrittenSinceIsTheWholeView() {
        let header = Board(name: "b", states: states)
        var cards = (1...6).map { stored(Int64($0), "card \($0)") }
        for k in cards.indices { cards[k].card.position = Double(k + 1) }
        let first = BoardView(header: header, cards: cards, tag: "\"1\"", writable: true, commit: 4)
        _ = first.apiJSON  // its lines made, to be taken by the next view

        var moved = cards[1]
        moved.card.state = "done"
        var deleted = cards[3]
        deleted.present = false
        var added = stored(7, "new")
        added.card.position = 0.5
        let followed = BoardView(first, header: header, written: [moved, deleted, added], tag: "\"2\"", writable: true, commit: 7)
        let now = [cards[0], moved, cards[2], cards[4], cards[5], added]
        let whole = BoardView(header: header, cards: now, tag: "\"2\"", writable: true, commit: 7)

        #expect(followed.cards == whole.cards)
        #expect(followed.cards.first?.number == 7)
        #expect(followed.card(id: "c4") == nil)
        #expect(followed.commit == 7)
        #expect(followed.apiJSON == whole.apiJSON)
        #expect(String(buffer: followed.apiJSON).contains(moved.version))
    }
}
