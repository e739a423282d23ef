import BoardModel

/// The names boardkit's feeds use beyond RFC 5545, shared by the writer and the reader so a
/// feed reads back to the same cards. Other calendar apps keep `X-` properties and ignore them.
enum ICSVocabulary {
    /// Calendar: the board's id (`team-web`).
    static let boardID: StaticString = "X-BOARDKIT-BOARD"
    /// Calendar: one per state, `X-BOARDKIT-STATE-DEF;X-ID=review;X-CATEGORY=doing:REVIEW`.
    static let stateDefinition: StaticString = "X-BOARDKIT-STATE-DEF"
    /// Calendar: `TRUE` when SUMMARY starts with `[STATE] ` (`--show-state`).
    static let showsState: StaticString = "X-BOARDKIT-SHOW-STATE"
    /// Item: the card's state id.
    static let state: StaticString = "X-BOARDKIT-STATE"
    /// Item: the card's assignees, a comma-separated TEXT list.
    static let assignees: StaticString = "X-BOARDKIT-ASSIGNEES"
    /// Item: `TRUE` when the card's due was met (`Card.dueComplete`; iCalendar has no such mark).
    static let dueComplete: StaticString = "X-BOARDKIT-DUE-COMPLETE"
    /// Item: one custom field, `X-BOARDKIT-FIELD;X-NAME="Story points":3`.
    static let field: StaticString = "X-BOARDKIT-FIELD"
    /// Item: the card's start when the component has no DTSTART for it (ISO 8601).
    static let start: StaticString = "X-BOARDKIT-START"
    /// VALARM: the card's reminder as boardkit keeps it (`-P1D`), where TRIGGER could only
    /// say its moment (a date-only due counts from 09:00 in the board's zone).
    static let reminder: StaticString = "X-BOARDKIT-REMINDER"
    /// Parameter on a UTC DATE-TIME: the offset the instant was written in (`+0530`), when
    /// it is neither UTC nor the board zone's offset, so the instant keeps its offset.
    static let offsetParameter: StaticString = "X-BOARDKIT-OFFSET"
    /// How often subscribers should refresh (REFRESH-INTERVAL, X-PUBLISHED-TTL).
    static let refreshInterval: StaticString = "PT1H"
}

/// Stable UIDs: from the card's id and the board's id only, so re-exporting or re-serving
/// never duplicates an item in a subscriber's calendar. Events and to-dos of one card differ
/// (`--component both`).
enum ICSUID {
    /// Writes the UID of a card's event (`c12@team-web.boardkit`) or to-do
    /// (`c12.todo@team-web.boardkit`) as an escaped TEXT value straight into the line, with
    /// no String built per item. The parts between the ids need no escaping, so this is the
    /// same text as escaping the whole UID.
    static func write(card: String, board: String, todo: Bool, to out: inout ICSOutput) {
        out.text(card)
        out.raw(todo ? ".todo@" : "@")
        out.text(board)
        out.raw(".boardkit")
    }

    /// The card id inside a UID boardkit wrote for `board`, or nil for any other UID.
    static func cardID(fromUID uid: String, isTodo: Bool, board: String) -> String? {
        let suffix = (isTodo ? ".todo@" : "@") + board + ".boardkit"
        guard uid.hasSuffix(suffix), uid.utf8.count > suffix.utf8.count else { return nil }
        return String(uid.dropLast(suffix.count))
    }
}
