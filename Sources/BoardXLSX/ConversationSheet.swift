import BoardModel

/// The four sheets a card's conversation is written to (`WorkbookSchema`), and which element
/// of which card each row holds: rows follow the cards' order, and within a card the
/// elements' order.
enum ConversationSheet: CaseIterable {
    case comments, checklists, attachments, links

    var name: String {
        switch self {
        case .comments: WorkbookSchema.comments
        case .checklists: WorkbookSchema.checklists
        case .attachments: WorkbookSchema.attachments
        case .links: WorkbookSchema.links
        }
    }

    var header: [String] {
        switch self {
        case .comments: WorkbookSchema.commentsHeader
        case .checklists: WorkbookSchema.checklistsHeader
        case .attachments: WorkbookSchema.attachmentsHeader
        case .links: WorkbookSchema.linksHeader
        }
    }

    /// Widths of the visible columns, in characters; the columns after them are hidden.
    var widths: [Double] {
        switch self {
        case .comments: [12, 10, 14, 17, 60, 17]
        case .checklists: [12, 20, 12, 40, 8, 17, 14]
        case .attachments: [12, 24, 40, 18, 10, 17, 14, 8]
        case .links: [12, 12, 12]
        }
    }

    /// One row: the card (index into `board.cards`), the element (comment, checklist,
    /// attachment or link) and, for a checklist, the item (-1: a checklist without items).
    struct Row {
        var card: Int32
        var element: Int32
        var item: Int32
    }

    func rows(of board: Board) -> [Row] {
        var out: [Row] = []
        for (c, card) in board.cards.enumerated() {
            let c = Int32(c)
            switch self {
            case .comments: out += card.comments.indices.map { Row(card: c, element: Int32($0), item: -1) }
            case .attachments: out += card.attachments.indices.map { Row(card: c, element: Int32($0), item: -1) }
            case .links: out += card.links.indices.map { Row(card: c, element: Int32($0), item: -1) }
            case .checklists:
                for (l, list) in card.checklists.enumerated() {
                    if list.items.isEmpty { out.append(Row(card: c, element: Int32(l), item: -1)) }
                    out += list.items.indices.map { Row(card: c, element: Int32(l), item: Int32($0)) }
                }
            }
        }
        return out
    }
}
