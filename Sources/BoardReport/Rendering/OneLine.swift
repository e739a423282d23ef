extension StringProtocol {
    /// The text on one line, its line breaks as spaces: a card's title or a board's name in a
    /// subject or a list line (a title may hold a line break).
    var onOneLine: String {
        split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
