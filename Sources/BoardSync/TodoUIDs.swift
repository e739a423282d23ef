import BoardICS
import BoardModel

/// The UIDs of the cards' to-dos, both ways round: a to-do's RELATED-TO names another to-do by
/// its UID, a card's link names another card by its id. A card never synced has the UID its
/// first push will give it (`…todo@BOARD.boardkit`); a UID no card has (another app's to-do
/// this board does not hold) stays the link's name as it was, so a push writes it back.
struct TodoUIDs {
    private var uidOf: [String: String]
    private var cardOf: [String: String] = [:]
    private let suffix: String

    /// `known`: the UID of every card's to-do that has had one, by card id.
    init(board: String, known: [String: String]) {
        uidOf = known
        suffix = ".todo@\(board).boardkit"
        for (card, uid) in known { cardOf[uid] = card }
    }

    /// Remembers that `uid` is card `card`'s to-do (one the pull is making a card of).
    mutating func add(card: String, uid: String) {
        uidOf[card] = uid
        cardOf[uid] = card
    }

    /// The UID of card `id`'s to-do; for a name that is no card of `cards` (a link to
    /// another app's to-do kept as its UID), the name itself.
    func uid(of id: String, cards: Set<String>) -> String {
        if let uid = uidOf[id] { return uid }
        return cards.contains(id) ? id + suffix : id
    }

    /// The card a RELATED-TO's UID names, or the UID itself when no card has it.
    func card(of uid: String) -> String {
        if let card = cardOf[uid] { return card }
        if uid.hasSuffix(suffix), uid.count > suffix.count { return String(uid.dropLast(suffix.count)) }
        return uid
    }

    /// The to-do as the board names things: its links by card id.
    func naming(_ todo: ICSTodoResource.Todo) -> ICSTodoResource.Todo {
        var todo = todo
        todo.card.links = todo.card.links.map { CardLink($0.type, card(of: $0.card)) }
        return todo
    }
}
