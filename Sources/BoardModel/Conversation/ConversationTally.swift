
/// How much conversation a board's cards carry, part by part: what a writer that cannot hold
/// it says it left out (`3 comments, 2 checklists, 1 attachment, 4 links`).
public struct ConversationTally: Sendable, Equatable, CustomStringConvertible {
    public var comments: Int
    public var checklists: Int
    public var attachments: Int
    public var links: Int

    public init(comments: Int = 0, checklists: Int = 0, attachments: Int = 0, links: Int = 0) {
        self.comments = comments
        self.checklists = checklists
        self.attachments = attachments
        self.links = links
    }

    /// Counts the parts of every card of `board`.
    public init(_ board: Board) {
        self.init()
        for card in board.cards where card.hasConversation {
            comments += card.comments.count
            checklists += card.checklists.count
            attachments += card.attachments.count
            links += card.links.count
        }
    }

    public var isEmpty: Bool { self == ConversationTally() }

    /// The parts there are, counted: `3 comments, 1 attachment`.
    public var description: String { counted.map(\.description).joined(separator: ", ") }

    /// The parts there are, each counted.
    public var counted: [Counted] {
        [Counted(comments, "comment"), Counted(checklists, "checklist"), Counted(attachments, "attachment"), Counted(links, "link")]
            .filter { $0.count > 0 }
    }
}
