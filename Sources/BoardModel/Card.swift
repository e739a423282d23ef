/// One card (an issue, a task, a ticket).
public struct Card: Sendable, Equatable {
    /// Stable id. Readers whose source has none derive one deterministically from the content
    /// (see `StableID`), so a second export of the same file gives the same ids.
    public var id: String
    public var title: String
    /// Free text, possibly multi-line.
    public var body: String
    /// The id of the card's current state.
    public var state: String
    public var due: DueDate?
    /// The due was met (Trello's "complete" tick on a due date): the card is no longer
    /// overdue, due soon or reminded of, whatever its state.
    public var dueComplete: Bool = false
    public var start: DueDate?
    public var created: Instant?
    public var updated: Instant?
    /// When the card last entered a done state.
    public var completed: Instant?
    public var labels: [String]
    public var assignees: [String]
    /// Order within its column, as the source gave it.
    public var position: Double?
    public var archived: Bool
    public var url: String?
    /// Every source column or property the model has no home for, kept by name.
    public var fields: [String: String]
    /// Keys of the source this version does not know, as raw JSON text.
    public var extras: [String: String]
    /// The conversation on the card, oldest first.
    public var comments: [CardComment] = []
    public var checklists: [Checklist] = []
    public var attachments: [Attachment] = []
    /// Links to other cards of the board, kept both ways round (`Board.link`).
    public var links: [CardLink] = []
    /// When to remind of the card, in the order set.
    public var reminders: [Reminder] = []

    public init(id: String, title: String, body: String = "", state: String,
                due: DueDate? = nil, start: DueDate? = nil, created: Instant? = nil,
                updated: Instant? = nil, completed: Instant? = nil, labels: [String] = [],
                assignees: [String] = [], position: Double? = nil, archived: Bool = false,
                url: String? = nil, fields: [String: String] = [:],
                extras: [String: String] = [:]) {
        self.id = id
        self.title = title
        self.body = body
        self.state = state
        self.due = due
        self.start = start
        self.created = created
        self.updated = updated
        self.completed = completed
        self.labels = labels
        self.assignees = assignees
        self.position = position
        self.archived = archived
        self.url = url
        self.fields = fields
        self.extras = extras
    }
}

extension Card {
    /// True when the card carries comments, checklists, attachments or links (what
    /// `boardkit/2` added to the card).
    public var hasConversation: Bool {
        !comments.isEmpty || !checklists.isEmpty || !attachments.isEmpty || !links.isEmpty
    }
}
