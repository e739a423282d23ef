import BoardModel

/// A card's conversation counted for a line of the board: `💬 3  ☑ 2/5  📎 1`, what a board
/// shows of a card's thread without opening it.
public struct ConversationCounts: Sendable, Equatable {
    public var comments: Int
    public var itemsDone: Int
    public var items: Int
    public var attachments: Int

    public init(_ card: Card) {
        comments = card.comments.count
        items = card.checklists.reduce(0) { $0 + $1.items.count }
        itemsDone = card.checklists.reduce(0) { $0 + $1.doneCount }
        attachments = card.attachments.count
    }

    /// The counts there are, nil when the card has none.
    public var text: String? {
        var parts: [String] = []
        if comments > 0 { parts.append("💬 \(comments)") }
        if items > 0 { parts.append("☑ \(itemsDone)/\(items)") }
        if attachments > 0 { parts.append("📎 \(attachments)") }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}
