import BoardModel

/// A card as a report's lists show it.
public struct ReportCard: Sendable, Equatable {
    public var id: String
    public var title: String
    public var stateID: String
    public var stateName: String
    public var assignees: [String]
    public var labels: [String]
    /// The card's link on its board (a Trello or Jira page), when it has one.
    public var url: String?
    /// Its checklists' items, and how many of them are done (0 of 0: none).
    public var checklistItems: Int
    public var checklistDone: Int

    init(_ card: borrowing Card, state: Int32, states: StateTable) {
        id = card.id
        title = card.title
        stateID = state >= 0 ? states.ids[Int(state)] : card.state
        stateName = state >= 0 ? states.names[Int(state)] : card.state
        assignees = card.assignees
        labels = card.labels
        url = card.url
        checklistItems = card.checklists.reduce(0) { $0 + $1.items.count }
        checklistDone = card.checklists.reduce(0) { $0 + $1.doneCount }
    }
}
