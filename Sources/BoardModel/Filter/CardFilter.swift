/// Which cards a person asked to see: words in the title, notes or labels, a label, an
/// assignee, a state, where the due date stands or a range of due days. Every condition given
/// must hold; none given, every card. What `--where` (BoardEditing's `FilterExpression`) and
/// the page's and the feeds' query parameters say, checked against the board.
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
    /// A state's id.
    public var state: String?
    public var due: Due?
    /// Due on one of these calendar days (in the board's zone), either end open.
    public var dueFrom: CalendarDate?
    public var dueThrough: CalendarDate?

    public init(text: String? = nil, label: String? = nil, assignee: String? = nil, state: String? = nil, due: Due? = nil,
                dueFrom: CalendarDate? = nil, dueThrough: CalendarDate? = nil) {
        self.text = text.flatMap { $0.isEmpty ? nil : $0 }
        self.label = label.flatMap { $0.isEmpty ? nil : $0 }
        self.assignee = assignee.flatMap { $0.isEmpty ? nil : $0 }
        self.state = state.flatMap { $0.isEmpty ? nil : $0 }
        self.due = due
        self.dueFrom = dueFrom
        self.dueThrough = dueThrough
    }

    /// No condition: every card shows.
    public var isEmpty: Bool { self == CardFilter() }

    /// Whether `card` (in a state of `category`) meets every condition at `now` in `zone`.
    public func matches(_ card: Card, category: StateCategory?, now: Instant, zone: Zone) -> Bool {
        if let label, !card.labels.contains(label) { return false }
        if let assignee, !card.assignees.contains(assignee) { return false }
        if let state, card.state != state { return false }
        if dueFrom != nil || dueThrough != nil {
            guard let day = card.due?.calendarDate(in: zone) else { return false }
            if let dueFrom, day < dueFrom { return false }
            if let dueThrough, dueThrough < day { return false }
        }
        if let text {
            let wanted = text.lowercased()
            let found = card.title.lowercased().contains(wanted) || card.body.lowercased().contains(wanted)
                || card.labels.contains { $0.lowercased().contains(wanted) }
                || card.comments.contains { $0.text.lowercased().contains(wanted) }
                || card.checklists.contains { $0.items.contains { $0.text.lowercased().contains(wanted) } }
            if !found { return false }
        }
        if let due {
            guard let status = DueStatus.of(card, category: category, now: now, zone: zone) else { return due == .none }
            switch (due, status) {
            case (.overdue, .overdue), (.today, .today), (.today, .overdue(days: 0)), (.week, .today), (.week, .soon): return true
            default: return false
            }
        }
        return true
    }
}

extension Board {
    /// The board with only the cards `filter` keeps (at `now`, in the board's zone) and their
    /// events; every state stays, so a filtered board is still the whole board's shape.
    public func keeping(_ filter: CardFilter, now: Instant) -> Board {
        guard !filter.isEmpty else { return self }
        let zone = self.zone ?? .utc
        let categories = Dictionary(states.map { ($0.id, $0.category) }, uniquingKeysWith: { a, _ in a })
        var out = self
        out.cards = cards.filter { filter.matches($0, category: categories[$0.state], now: now, zone: zone) }
        let kept = Set(out.cards.map(\.id))
        out.events = events.filter { kept.contains($0.card) }
        return out
    }
}
