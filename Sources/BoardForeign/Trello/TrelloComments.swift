import BoardModel

/// What one Trello action does to a card's comments.
enum TrelloCommentChange {
    /// `commentCard`: the action is the comment (its id, author, date and `data.text`).
    case add(CardComment)
    /// `updateComment`: the comment with this id now reads `text` (when the action says).
    case edit(id: String, text: String?)
    /// `deleteComment`.
    case delete(id: String)
}

/// The comment actions of an export, gathered while the actions are read (in any order)
/// and applied to the cards oldest first, so an edit or a deletion finds its comment.
struct TrelloCommentLog {
    private var changes: [(at: Instant, card: Int, change: TrelloCommentChange)] = []

    mutating func record(_ change: TrelloCommentChange, card: Int, at: Instant) {
        changes.append((at, card, change))
    }

    /// Applies the changes to `cards` (by index), oldest first, equal times in reading
    /// order. An edit or deletion of a comment the export no longer has (older than its
    /// 1,000 actions) changes nothing.
    func apply(to cards: inout [Card]) {
        let order = changes.indices.sorted { a, b in
            changes[a].at != changes[b].at ? changes[a].at < changes[b].at : a < b
        }
        for k in order {
            let (at, card, change) = changes[k]
            switch change {
            case .add(let comment):
                if !cards[card].comments.contains(where: { $0.id == comment.id }) { cards[card].comments.append(comment) }
            case .edit(let id, let text):
                guard let j = cards[card].comments.firstIndex(where: { $0.id == id }) else { continue }
                if let text { cards[card].comments[j].text = text }
                if cards[card].comments[j].edited.map({ $0 < at }) ?? true { cards[card].comments[j].edited = at }
            case .delete(let id):
                cards[card].comments.removeAll { $0.id == id }
            }
        }
    }
}
