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
    /// The board's feed (`team.ics`), linked in the footer beside the report.
    var calendarPath: String

    var words: PageWords { language.words }
}
