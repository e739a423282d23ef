import BoardModel

/// The reminders set on cards (`Card.reminders`) whose moment has come, as `boardkit remind`
/// mails them: each at the first run after its moment, and none over `lateness` late (a
/// timer stopped for days does not flood anyone with reminders of things long past).
/// Cards done or archived, or whose due is marked met, are not reminded of; the cards considered are those `filter`
/// keeps, as in every view.
public struct CardRemindersDue: Sendable {
    /// One reminder whose moment has come.
    public struct Item: Sendable, Equatable {
        public var cardID: String
        /// `#12` for a card of a store, else its id.
        public var reference: String
        public var title: String
        public var stateName: String
        public var due: DueDate?
        public var reminder: Reminder
        /// When it was to go.
        public var moment: Instant
        /// Whom it goes to; empty for a card with no assignee.
        public var assignees: [String]
    }

    /// By moment, then reference.
    public var items: [Item]
    public var boardName: String
    public var zone: Zone

    /// A day: how late a reminder may still go.
    public static let defaultLateness: Int64 = 86_400

    public init(board: Board, now: Instant, filter: CardFilter = CardFilter(), numbers: [String: Int64] = [:],
                lateness: Int64 = defaultLateness) {
        let zone = board.zone ?? .utc
        let states = Dictionary(board.states.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let earliest = now.adding(seconds: -lateness)
        var items: [Item] = []
        for card in board.cards where !card.archived && !card.dueComplete && !card.reminders.isEmpty {
            let state = states[card.state]
            guard state?.category != .done, filter.matches(card, category: state?.category, now: now, zone: zone) else { continue }
            for reminder in Set(card.reminders) {
                guard let moment = reminder.moment(due: card.due, zone: zone), moment <= now, moment > earliest else { continue }
                items.append(Item(cardID: card.id, reference: numbers[card.id].map { "#\($0)" } ?? card.id, title: card.title,
                                  stateName: state?.name ?? card.state, due: card.due, reminder: reminder,
                                  moment: zone.localize(moment), assignees: Array(Set(card.assignees)).sorted()))
            }
        }
        self.items = items.sorted { $0.moment == $1.moment ? ($0.reference, $0.reminder.description) < ($1.reference, $1.reminder.description) : $0.moment < $1.moment }
        boardName = board.name
        self.zone = zone
    }
}
