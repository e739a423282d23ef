/// Links are kept both ways round: a parent's `child` and the child's `parent` never
/// disagree. Readers of formats that say a link once (Jira's `Parent id`, Taskwarrior's
/// `depends`) add the other side here.
extension Board {
    /// Adds `type` from card `from` to card `to`, and its inverse on `to` (when `to` is on
    /// the board and the type has one). Adding a link a card already has changes nothing.
    public mutating func link(_ from: String, _ type: LinkType, _ to: String) {
        let index = Dictionary(cards.indices.map { (cards[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
        link(from, type, to, index: index)
    }

    /// Adds the missing other side of every link whose target is on the board; returns the
    /// links whose target is not (kept as they are: the other card may come later).
    @discardableResult
    public mutating func completeLinks() -> [(card: String, link: CardLink)] {
        let index = Dictionary(cards.indices.map { (cards[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
        var dangling: [(card: String, link: CardLink)] = []
        for k in cards.indices where !cards[k].links.isEmpty {
            for l in cards[k].links {
                if index[l.card] == nil { dangling.append((cards[k].id, l)) }
                else { link(cards[k].id, l.type, l.card, index: index) }
            }
        }
        return dangling
    }

    private mutating func link(_ from: String, _ type: LinkType, _ to: String, index: [String: Int]) {
        if let a = index[from], !cards[a].links.contains(CardLink(type, to)) {
            cards[a].links.append(CardLink(type, to))
        }
        if let inverse = type.inverse, let b = index[to], !cards[b].links.contains(CardLink(inverse, from)) {
            cards[b].links.append(CardLink(inverse, from))
        }
    }
}
