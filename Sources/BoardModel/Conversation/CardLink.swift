/// How one card stands to another.
public enum LinkType: String, Sendable, CaseIterable, Hashable {
    case parent, child, blocks
    case blockedBy = "blocked-by"
    case relates, duplicates

    /// What the other card's link says back: a parent's `child`, a blocker's `blocked-by`,
    /// `relates` the same. nil for `duplicates`: the original does not duplicate its copy,
    /// and the model has no word for "is duplicated by".
    public var inverse: LinkType? {
        switch self {
        case .parent: .child
        case .child: .parent
        case .blocks: .blockedBy
        case .blockedBy: .blocks
        case .relates: .relates
        case .duplicates: nil
        }
    }
}

/// A link from a card to another card of the board, by the other card's id.
public struct CardLink: Sendable, Equatable, Hashable {
    public var type: LinkType
    /// The other card's id.
    public var card: String

    public init(_ type: LinkType, _ card: String) {
        self.type = type
        self.card = card
    }
}
