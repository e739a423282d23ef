import BoardModel

/// What a page is rendered for: the reader's language and name, the moment, where the page
/// sits under the board's URL, and whether archived cards are shown.
struct PageContext: Sendable {
    var language: PageLanguage
    /// The name changes are recorded under: the person let in, or on an open board the name
    /// the reader gave (the `boardkit-actor` cookie); nil until given.
    var actor: String?
    /// Whether the reader's role lets them change the board (a viewer's does not).
    var mayChange = true
    /// Whether the page asks the reader's name (an open board; elsewhere the link says who).
    var asksName = true
    var now: Instant
    /// The board's zone: what "overdue today" means and how times are shown.
    var zone: Zone
    /// From this page back to the board's folder: "" for the board and history pages,
    /// "../" for a card's page (relative links keep working behind a path prefix).
    var root: String = ""
    var showArchived = false
    /// The cards the reader asked to see (`?q=…&label=…&assignee=…&state=…&due=…`).
    var filter = CardFilter()
    /// Why the address's filter names nothing on this board (a label it does not have): said
    /// above the columns, which then show every card.
    var filterProblem: String?
    /// What the reader's Undo and Redo would take now, in words (nil: nothing).
    var nextUndo: String?
    var nextRedo: String?
    /// The step the reader's last form post made (`?did=STEP`), said after it: "mina deleted
    /// #12 'Fix login'", with an Undo while it is still theirs to take back.
    var done: (sentence: String, undoable: Bool)?
    /// A refused "Add a card": the column's form is shown again with what was sent.
    var refusedAdd: (state: String, values: FormValues, problem: FieldProblem)?
    /// The board's feed (`team.ics`), linked in the footer beside the report.
    var calendarPath: String

    var words: PageWords { language.words }

    /// Whether this reader may change this board here: a store, a role that reaches, a name.
    func canChange(_ view: BoardView) -> Bool { view.writable && mayChange && actor != nil }

    /// The filter as the page's query carries it (`q=login&due=week`), empty when none.
    var filterQuery: String {
        let pairs: [(String, String?)] = [("q", filter.text), ("label", filter.label), ("assignee", filter.assignee),
                                          ("state", filter.state), ("due", filter.due?.rawValue)]
        return pairs.compactMap { name, value in value.map { "\(name)=\(HTMLText.queryValue($0))" } }.joined(separator: "&")
    }

    /// What of the reader's standing changes the columns' rendering: "w" when they may change the board.
    private var canChangeMark: String { actor != nil && mayChange ? "w" : "" }

    /// The query parameters the page's filter form sends (`FilterExpression.query` reads them).
    static let filterNames = ["q", "label", "assignee", "state", "due"]

    /// What the page's own links and forms carry to keep the reader's view
    /// (`?assignee=jisoo&archived=1`; "" for none; escaped where it goes into markup, as every
    /// string is): a form post, and the page it leads back to, keep the filter the reader was
    /// looking through.
    var keptQuery: String {
        var parts = filter.isEmpty ? [] : [filterQuery]
        if showArchived { parts.append("archived=1") }
        return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
    }

    /// The tag of the board's columns as this reader sees them: the board's version and
    /// what changes the rendering (language, archived shown, named or not, the day, which
    /// moves due chips). The page carries it and `columns` answers with it as its ETag, so
    /// the page's script replaces the columns only when one of these changed.
    func columnsTag(of view: BoardView) -> String {
        let inner = view.tag.filter { $0 != "\"" }
        let today = zone.calendarDate(of: now)
        let filtered = filter.isEmpty ? "" : "-" + EntityTag.of(Array(filterQuery.utf8), kind: "f").filter { $0 != "\"" }
        return "\"\(inner)-\(language.rawValue)-\(showArchived ? "a" : "")\(canChangeMark)-\(today)\(filtered)\""
    }
}
