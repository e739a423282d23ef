import BoardModel

/// One change a person asks for. A step (one command, one page action) is a list of these,
/// applied in one transaction and undone together.
public enum CardEdit: Sendable, Equatable {
    /// A new card. An empty id gets a fresh one; created is set to the step's time.
    case add(Card)
    /// Changes to fields other than the state (the patch is applied to the card as stored
    /// when the transaction starts, so two people adding labels at once both land).
    case update(card: String, CardPatch)
    /// Into `state` (an id), at 1-based `position` within that column, or at its end. Into a
    /// done state, the card's completion time is `completed` (when another app says it was
    /// finished), else the step's.
    case move(card: String, state: String, position: Int?, completed: Instant? = nil)
    case archive(card: String)
    case restore(card: String)
    case delete(card: String)
    /// Brings a deleted card back as it was deleted (its number, fields and history), logged
    /// as its creation in its state: a sync whose remote edited a to-do deleted here.
    case undelete(card: String)
    /// A sync's record that a field changed on both sides and one value lost: written to the
    /// history, changing nothing.
    case recordConflict(card: String, SyncConflict)
}

extension CardEdit {
    /// The edits that link card `from` to card `to` as `type` (or take the link off), both
    /// ways round in one step: the other card gets the inverse (a parent's child is the
    /// child's parent). The terminal's `link` and the page's link form both ask for these.
    public static func linking(_ from: String, _ type: LinkType, _ to: String, removing: Bool = false) -> [CardEdit] {
        func change(_ link: CardLink) -> ConversationChange { removing ? .unlink(link) : .link(link) }
        var edits: [CardEdit] = [.update(card: from, CardPatch(conversation: [change(CardLink(type, to))]))]
        if let inverse = type.inverse {
            edits.append(.update(card: to, CardPatch(conversation: [change(CardLink(inverse, from))])))
        }
        return edits
    }
}

/// What `edit` changes: nil leaves a field as it is. Lists change by adding and removing
/// items, so an edit made from a stale view adds to what others added meanwhile.
public struct CardPatch: Sendable, Equatable {
    public var title: String?
    public var body: String?
    /// `.some(nil)` clears the due date.
    public var due: DueDate??
    /// Marks the due met (true) or pressing again (false).
    public var dueComplete: Bool?
    public var start: DueDate??
    public var url: String??
    public var addLabels: [String] = []
    public var removeLabels: [String] = []
    public var addAssignees: [String] = []
    public var removeAssignees: [String] = []
    public var addReminders: [Reminder] = []
    public var removeReminders: [Reminder] = []
    /// Custom fields: a value sets, nil removes.
    public var fields: [String: String?] = [:]
    /// Comments, checklist items, links and attachments added or taken off, in order.
    public var conversation: [ConversationChange] = []

    public init(title: String? = nil, body: String? = nil, due: DueDate?? = nil, start: DueDate?? = nil,
                url: String?? = nil, addLabels: [String] = [], removeLabels: [String] = [],
                addAssignees: [String] = [], removeAssignees: [String] = [], addReminders: [Reminder] = [],
                removeReminders: [Reminder] = [], fields: [String: String?] = [:], conversation: [ConversationChange] = []) {
        self.title = title
        self.body = body
        self.due = due
        self.start = start
        self.url = url
        self.addLabels = addLabels
        self.removeLabels = removeLabels
        self.addAssignees = addAssignees
        self.removeAssignees = removeAssignees
        self.addReminders = addReminders
        self.removeReminders = removeReminders
        self.fields = fields
        self.conversation = conversation
    }

    /// The card with the patch applied in `step` (whose actor and time a comment takes).
    public func applied(to card: Card, in step: StepInfo) -> Card {
        var c = card
        if let title { c.title = title }
        if let body { c.body = body }
        if let due { c.due = due }
        if let dueComplete { c.dueComplete = dueComplete }
        if let start { c.start = start }
        if let url { c.url = url }
        c.labels = Self.edited(c.labels, adding: addLabels, removing: removeLabels)
        c.assignees = Self.edited(c.assignees, adding: addAssignees, removing: removeAssignees)
        c.reminders = Self.edited(c.reminders, adding: addReminders, removing: removeReminders)
        for (name, value) in fields { c.fields[name] = value }
        for change in conversation { c = change.applied(to: c, in: step) }
        return c
    }

    /// Removes, then appends what is not there yet; the order of the rest is kept.
    static func edited<Item: Equatable>(_ list: [Item], adding: [Item], removing: [Item]) -> [Item] {
        var out = list.filter { !removing.contains($0) }
        for item in adding where !out.contains(item) { out.append(item) }
        return out
    }
}

/// Who makes a step, when, and with which command (the history shows them).
public struct StepInfo: Sendable, Equatable {
    /// How a step's time is decided.
    public enum Timing: Sendable, Equatable {
        /// The store stamps the step with the time its write transaction holds the lock (in
        /// the board's zone), never earlier than the log's last row: the log is in time
        /// order as it is in commit order, however long the step waited for another writer.
        case commit
        /// `at` as given: an import's own time, or a test's clock.
        case given
    }

    public var actor: String?
    /// `add`, `move`, `import board.json`, or a page action's name.
    public var command: String
    /// When the step happened (before a `.commit` step commits: when it was asked for, in UTC).
    public var at: Instant
    public var timing: Timing

    /// A step at a time of the caller's choosing.
    public init(actor: String?, command: String, at: Instant) {
        self.init(actor: actor, command: command, at: at, timing: .given)
    }

    /// A step stamped with the time it commits, in the board's zone.
    public init(actor: String?, command: String) {
        self.init(actor: actor, command: command, at: .now(), timing: .commit)
    }

    private init(actor: String?, command: String, at: Instant, timing: Timing) {
        self.actor = actor
        self.command = command
        self.at = at
        self.timing = timing
    }
}

/// One field changed both here and on the sync's remote side since the last sync: which
/// value was kept, which lost, and whose local change was involved.
public struct SyncConflict: Sendable, Equatable {
    public enum Side: String, Sendable {
        case local, remote
    }

    public var field: String
    public var kept: FieldValue?
    public var lost: FieldValue?
    /// The side whose value lost.
    public var loser: Side
    /// Who made the local change (the history names them).
    public var localActor: String?
    /// Set when the remote's value lost because no card field may hold it (a title with a
    /// control character, 600 characters long): why, as BoardEditing's `CardText.Problem.code`.
    public var refusal: String?

    public init(field: String, kept: FieldValue?, lost: FieldValue?, loser: Side, localActor: String?, refusal: String? = nil) {
        self.field = field
        self.kept = kept
        self.lost = lost
        self.loser = loser
        self.localActor = localActor
        self.refusal = refusal
    }

    /// How a card left one side: the conflict's `field` when the removal lost to an edit.
    public enum Removal: String, Sendable {
        case archived, deleted
    }

    /// Archived or deleted here by `actor`, edited on the remote since: the edit won, the card
    /// came back.
    public static func cameBack(after removal: Removal, by actor: String?) -> SyncConflict {
        SyncConflict(field: removal.rawValue, kept: .text("false"), lost: .text("true"), loser: .local, localActor: actor)
    }

    /// Deleted on the remote, edited here by `actor` since: the card stays (and its to-do
    /// goes back).
    public static func keptAfterRemoteDelete(editedBy actor: String?) -> SyncConflict {
        SyncConflict(field: Removal.deleted.rawValue, kept: .text("false"), lost: .text("true"), loser: .remote, localActor: actor)
    }
}
