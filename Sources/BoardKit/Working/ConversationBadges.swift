import BoardModel

extension ConversationTally {
    /// A card's thread on a line of the board: `💬 3  ☑ 2/5  📎 1`, nil when it has none of
    /// these (links show on the card's own page).
    public var badges: String? {
        var parts: [String] = []
        if comments > 0 { parts.append("💬 \(comments)") }
        if items > 0 { parts.append("☑ \(itemsDone)/\(items)") }
        if attachments > 0 { parts.append("📎 \(attachments)") }
        return parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}
