/// Which cards a person asked to see: words in the title, notes or labels, a label, an
/// assignee, where the due date stands. Every condition given must hold; none given, every
/// card. The board page's filter (its query: `q`, `label`, `assignee`, `due`).
public struct CardFilter: Sendable, Equatable, Hashable {
    /// Where a card's due date stands, in the board's zone.
    public enum Due: String, Sendable, CaseIterable {
        /// Past due (a finished or archived card never is).
        case overdue
        /// Due today, earlier today included.
        case today
        /// Due today or in the next 7 days, not yet past.
        case week
        /// No due date.
        case none
    }

    /// Words to find, in any case, in the title, the notes or a label.
    public var text: String?
    public var label: String?
    public var assignee: String?
    public var due: Due?

    public init(text: String? = nil, label: String? = nil, assignee: String? = nil, due: Due? = nil) {
        self.text = text.flatMap { $0.isEmpty ? nil : $0 }
        self.label = label.flatMap { $0.isEmpty ? nil : $0 }
        self.assignee = assignee.flatMap { $0.isEmpty ? nil : $0 }
        self.due = due
    }

    /// No condition: every card shows.
    public var isEmpty: Bool { text == nil && label == nil && assignee == nil && due == nil }

    /// Whether `card` (in a state of `category`) meets every condition at `now` in `zone`.
    public func matches(_ card: Card, category: StateCategory?, now: Instant, zone: Zone) -> Bool {
        if let label, !card.labels.contains(label) { return false }
        if let assignee, !card.assignees.contains(assignee) { return false }
        if let text {
            let wanted = text.lowercased()
            let found = card.title.lowercased().contains(wanted) || card.body.lowercased().contains(wanted)
                || card.labels.contains { $0.lowercased().contains(wanted) }
            if !found { return false }
        }
        if let due {
            guard let date = card.due else { return due == .none }
            let status = DueStatus.of(date, category: category, archived: card.archived, now: now, zone: zone)
            switch (due, status) {
            case (.overdue, .overdue), (.today, .today), (.today, .overdue(days: 0)), (.week, .today), (.week, .soon): return true
            default: return false
            }
        }
        return true
    }
}
