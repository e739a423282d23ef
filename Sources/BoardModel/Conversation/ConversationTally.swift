/// How much conversation a card, or a board's cards, carry, part by part: what a writer that
/// cannot hold it says it left out (`3 comments, 2 checklists, 1 attachment, 4 links`), and
/// what a board shows of a card's thread without opening it (its items and how many are done).
public struct ConversationTally: Sendable, Equatable, CustomStringConvertible {
    public var comments: Int
    public var checklists: Int
    /// Checklist items, and how many of them are ticked.
    public var items: Int
    public var itemsDone: Int
    public var attachments: Int
    public var links: Int

    public init(comments: Int = 0, checklists: Int = 0, items: Int = 0, itemsDone: Int = 0,
                attachments: Int = 0, links: Int = 0) {
        self.comments = comments
        self.checklists = checklists
        self.items = items
        self.itemsDone = itemsDone
        self.attachments = attachments
        self.links = links
    }

    /// Counts the parts of one card.
    public init(_ card: Card) {
        self.init(comments: card.comments.count, checklists: card.checklists.count,
                  items: card.checklists.reduce(0) { $0 + $1.items.count },
                  itemsDone: card.checklists.reduce(0) { $0 + $1.doneCount },
                  attachments: card.attachments.count, links: card.links.count)
    }

    /// Counts the parts of every card of `board`.
    public init(_ board: Board) {
        self.init()
        for card in board.cards where card.hasConversation {
            let one = ConversationTally(card)
            comments += one.comments
            checklists += one.checklists
            items += one.items
            itemsDone += one.itemsDone
            attachments += one.attachments
            links += one.links
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
