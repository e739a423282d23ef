/// A named list of items to tick off on a card (Trello's checklists, Jira's sub-task lists).
public struct Checklist: Sendable, Equatable, Hashable {
    /// The source's id, where it has one.
    public var id: String?
    public var name: String
    /// The items in their order.
    public var items: [ChecklistItem]

    public init(id: String? = nil, name: String, items: [ChecklistItem] = []) {
        self.id = id
        self.name = name
        self.items = items
    }

    /// How many items are done.
    public var doneCount: Int { items.count { $0.done } }
}

/// One item of a checklist.
public struct ChecklistItem: Sendable, Equatable, Hashable {
    public var text: String
    public var done: Bool
    /// The item's own due date (a calendar date stays a date).
    public var due: DueDate?
    /// Who the item is for.
    public var assignee: String?

    public init(text: String, done: Bool = false, due: DueDate? = nil, assignee: String? = nil) {
        self.text = text
        self.done = done
        self.due = due
        self.assignee = assignee
    }
}
