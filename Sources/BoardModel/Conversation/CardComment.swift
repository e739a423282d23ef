/// One comment of a card's conversation, as the person wrote it.
public struct CardComment: Sendable, Equatable, Hashable {
    /// Unique among the card's comments (the source's own id where it has one).
    public var id: String
    /// Who wrote it (a login or a display name, as the source names people).
    public var author: String?
    /// When it was written.
    public var at: Instant
    /// The text exactly as written: new lines, Markdown, any script.
    public var text: String
    /// When it was last edited, if it was.
    public var edited: Instant?

    public init(id: String, author: String? = nil, at: Instant, text: String, edited: Instant? = nil) {
        self.id = id
        self.author = author
        self.at = at
        self.text = text
        self.edited = edited
    }
}
