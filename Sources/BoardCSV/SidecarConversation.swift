import BoardModel
import BoardIO

/// The sidecar's comment, checklist, attachment and link rows put on their cards: each
/// card's rows of a kind are read together, in order, by the conversation rule the
/// canonical JSON uses (`ConversationJSON`); a problem is said at its row.
enum SidecarConversation {
    static func apply(_ rows: [EventsSidecar.ConversationRow], to board: inout Board, file: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let index = Dictionary(board.cards.indices.map { (board.cards[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
        struct Group { var card: Int; var part: ConversationPart; var elements: [JSONDocument] = []; var lines: [Int32] = [] }
        var groups: [Group] = []
        var groupOf: [String: Int] = [:]
        for row in rows {
            guard let card = index[row.card] else {
                diagnostics.append(Diagnostic(CSVMessage.conversationUnknownCard(row.card), at: SourceLocation(file: file, line: Int(row.line))))
                continue
            }
            let key = row.card + "\u{0}" + row.part.rawValue
            let g = groupOf[key] ?? {
                groups.append(Group(card: card, part: row.part))
                groupOf[key] = groups.count - 1
                return groups.count - 1
            }()
            groups[g].elements.append(row.element)
            groups[g].lines.append(row.line)
        }
        let zone = board.zone ?? .utc
        for g in groups {
            let read = ConversationJSON.read(g.part, from: .array(g.elements), into: &board.cards[g.card], zone: zone)
            for problem in read.problems {
                let line = problem.element.map { Int(g.lines[$0]) }
                diagnostics.append(Diagnostic(CSVMessage.conversationRowValue(kind: g.part.elementName, problem: problem),
                                              at: SourceLocation(file: file, line: line)))
            }
        }
        return diagnostics
    }
}
