import BoardModel

/// What a page is rendered for: the reader's language and name, the moment, where the page
/// sits under the board's URL, and whether archived cards are shown.
struct PageContext: Sendable {
    var language: PageLanguage
    /// The name changes are recorded under (the `boardkit-actor` cookie); nil until given.
    var actor: String?
    var now: Instant
    /// The board's zone: what "overdue today" means and how times are shown.
    var zone: Zone
    /// From this page back to the board's folder: "" for the board and history pages,
    /// "../" for a card's page (relative links keep working behind a path prefix).
    var root: String = ""
    var showArchived = false
    /// What the reader's Undo and Redo would take now, in words (nil: nothing).
    var nextUndo: String?
    var nextRedo: String?
    /// The step the reader's last form post made (`?did=STEP`), said after it: "mina deleted
    /// #12 'Fix login'", with an Undo while it is still theirs to take back.
    var done: (sentence: String, undoable: Bool)?
    /// The board's feed (`team.ics`), linked in the footer beside the report.
    var calendarPath: String

    var words: PageWords { language.words }

    /// The tag of the board's columns as this reader sees them: the board's version and
    /// what changes the rendering (language, archived shown, named or not, the day, which
    /// moves due chips). The page carries it and `columns` answers with it as its ETag, so
    /// the page's script replaces the columns only when one of these changed.
    func columnsTag(of view: BoardView) -> String {
        let inner = view.tag.filter { $0 != "\"" }
        let today = zone.calendarDate(of: now)
        return "\"\(inner)-\(language.rawValue)-\(showArchived ? "a" : "")\(actor == nil ? "" : "w")-\(today)\""
    }
}
