import BoardModel

/// Who has cards pressing at a moment: for each assignee, their cards overdue, due today
/// and due in the next 7 days (not done, not archived), as `boardkit remind` mails them.
/// The cards considered are those `filter` keeps (every card when it is empty), so a
/// narrower selection (`--where`) applies to reminders as to every other view.
public struct DueReminders: Sendable {
    /// One card on a reminder.
    public struct Item: Sendable, Equatable {
        /// `#12` for a card of a store, else its id.
        public var reference: String
        public var title: String
        public var stateName: String
        public var due: DueDate
    }

    /// One assignee's reminder; each list sorted by due date, then reference.
    public struct Person: Sendable, Equatable {
        public var name: String
        public var overdue: [Item] = []
        public var today: [Item] = []
        public var week: [Item] = []
        public var count: Int { overdue.count + today.count + week.count }
    }

    /// Assignees with at least one card, by name.
    public var people: [Person]
    /// The cards due with no assignee, as one reminder whose `name` is empty (whoever takes
    /// them: `remind --unassigned-to`); nil when there are none.
    public var unassigned: Person?
    /// The moment, in the board's zone.
    public var now: Instant
    public var asOfDate: CalendarDate
    public var boardName: String
    public var zone: Zone

    /// `numbers` maps card ids to their store numbers (empty for a board from a file).
    public init(board: Board, now: Instant, filter: CardFilter = CardFilter(), numbers: [String: Int64] = [:]) {
        let zone = board.zone ?? .utc
        let states = Dictionary(board.states.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var byName: [String: Person] = [:]
        for card in board.cards where !card.archived {
            let state = states[card.state]
            guard let due = card.due, let status = DueStatus.of(card, category: state?.category, now: now, zone: zone),
                  filter.matches(card, category: state?.category, now: now, zone: zone) else { continue }
            let item = Item(reference: numbers[card.id].map { "#\($0)" } ?? card.id, title: card.title,
                            stateName: state?.name ?? card.state, due: due)
            // An unassigned card is kept under the empty name, which no assignee has.
            for name in card.assignees.isEmpty ? [""] : Set(card.assignees) {
                var person = byName[name] ?? Person(name: name)
                switch status {
                case .overdue: person.overdue.append(item)
                case .today: person.today.append(item)
                case .soon: person.week.append(item)
                case .later, .done: continue
                }
                byName[name] = person
            }
        }
        func sorted(_ items: [Item]) -> [Item] {
            items.sorted { a, b in
                let (x, y) = (a.due.overdueFrom(in: zone), b.due.overdueFrom(in: zone))
                return x == y ? a.reference < b.reference : x < y
            }
        }
        let everyone = byName.values.sorted { $0.name < $1.name }.map {
            Person(name: $0.name, overdue: sorted($0.overdue), today: sorted($0.today), week: sorted($0.week))
        }
        people = everyone.filter { !$0.name.isEmpty }
        unassigned = everyone.first { $0.name.isEmpty }
        self.now = zone.localize(now)
        asOfDate = zone.calendarDate(of: now)
        boardName = board.name
        self.zone = zone
    }
}
