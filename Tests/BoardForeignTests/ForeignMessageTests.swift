import Testing
import BoardModel
import BoardForeign

/// The one place the Trello and Taskwarrior wording, and their JSON parser's, is pinned.
@Suite("ForeignMessage")
struct ForeignMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(ForeignMessage, String)] = [
            (.trelloSyntax(.endsInsideObject), "the file ends inside an object (truncated?)"),
            (.taskwarriorSyntax(.textAfterValue), "unexpected text after the JSON value"),
            (.trelloNotABoard, "not a Trello board export: the top level should be an object with \"lists\" and \"cards\" arrays"),
            (.trelloWrongType(key: "name", array: false, kind: "a number"), "\"name\" should be a string, not a number"),
            (.trelloWrongType(key: "idLabels", array: true, kind: "a string"), "\"idLabels\" should be an array, not a string"),
            (.trelloNotAnObject(item: .list, kind: "a string"), "a list should be an object, not a string"),
            (.trelloNotAnObject(item: .card, kind: "null"), "a card should be an object, not null"),
            (.trelloNotAnObject(item: .action, kind: "an array"), "an action should be an object, not an array"),
            (.trelloInvalidDate(key: "due", text: "soon"), "\"due\" is 'soon', not an ISO 8601 timestamp"),
            (.trelloNoActionDate, "the action has no \"date\""),
            (.trelloMissingID(.label), "a label has no \"id\""),
            (.trelloMissingID(.list), "a list has no \"id\""),
            (.trelloMissingID(.card), "a card has no \"id\""),
            (.trelloDuplicateList("l1"), "list id 'l1' is used by two lists"),
            (.trelloUnknownList(card: "c2", list: "nope"), "card 'c2' is in list 'nope', which the export does not have"),
            (.trelloUnknownList(card: "c2", list: nil), "card 'c2' is in list '(none)', which the export does not have"),
            (.trelloUnknownLabel(card: "c1", label: "x"), "card 'c1' has label 'x', which the export does not define"),
            (.trelloUnknownMember(card: "c1", member: "m"), "card 'c1' has member 'm', who is not among the export's members"),
            (.trelloUnknownCustomField(card: "c1"), "card 'c1' has a value for a custom field the export does not define"),
            (.trelloOrphanChecklists(1), "1 checklist belongs to a card the export does not have; left out"),
            (.trelloOrphanChecklists(3), "3 checklists belong to cards the export does not have; left out"),
            (.trelloActionUnknownCard(type: "updateCard", card: "c9"),
             "updateCard action for card 'c9', which the export does not have (deleted without a deleteCard action?); left out of the history"),
            (.trelloActionsUnknownCards(count: 14, listed: 10), "14 actions in all name cards the export does not have (the first 10 are listed)"),
            (.trelloDeletedCardHistory(actions: 1, cards: 1), "1 action of 1 deleted or moved-away card left out"),
            (.trelloDeletedCardHistory(actions: 5, cards: 2), "5 actions of 2 deleted or moved-away cards left out"),
            (.trelloActionsNotKept(["createList": 1, "addMemberToBoard": 2, "commentCard": 2]),
             "5 actions not kept as card history: 2 addMemberToBoard, 2 commentCard, 1 createList"),
            (.trelloActionLimit(oldest: ISO8601.parseInstant("2026-10-01T09:00:00+09:00"), uncreated: 1),
             "the export holds 1000 actions, all Trello's export keeps: history and comments before the oldest action kept (2026-10-01T00:00:00Z) may be missing (1 card has no creation action)"),
            (.trelloActionLimit(oldest: nil, uncreated: 0),
             "the export holds 1000 actions, all Trello's export keeps: history and comments may be missing"),
            (.trelloNoActions, "the export has no \"actions\": the board has no history"),
            (.trelloNoCreateActions(1),
             "1 card has no createCard action: history looks cut (Trello exports hold at most the last 1,000 actions); creation times come from the card ids"),
            (.trelloNoCreateActions(4),
             "4 cards have no createCard action: history looks cut (Trello exports hold at most the last 1,000 actions); creation times come from the card ids"),
            (.trelloExtrasNotWritten(1), "1 unknown key kept from an earlier read (extras) not written: a Trello export has no place for them"),
            (.trelloChangesNotWritten(8),
             "8 field changes of events (old and new values) not written: the export's actions keep only moves and archiving"),
            (.taskwarriorNotAnExport(kind: "an object"), "not a Taskwarrior export: expected an array of tasks, found an object"),
            (.taskwarriorTaskNotAnObject(kind: "a number"), "a task should be an object, not a number"),
            (.taskwarriorWrongType(key: "project", kind: "an array"), "\"project\" should be a string, not an array"),
            (.taskwarriorInvalidDate(key: "due", text: "soon"), "\"due\" is 'soon', not a date like 20261122T141500Z"),
            (.taskwarriorMissingUUID, "the task has no \"uuid\""),
            (.taskwarriorInvalidUUID("x"), "'x' is not a UUID"),
            (.taskwarriorMissingField(uuid: "u1", field: "description"), "task u1 has no \"description\""),
            (.taskwarriorInvalidStatus("open"), "status 'open' is not pending, waiting, completed, deleted or recurring"),
            (.taskwarriorMissingEntry(uuid: "u1"), "task u1 has no \"entry\" date"),
            (.taskwarriorAnnotationWithoutEntry, "an annotation has no valid \"entry\" date"),
            (.taskwarriorDuplicateUUID("u1"), "task u1 appears again; the later one is kept"),
            (.taskwarriorNotWritten([.events(3), .changes(8), .positions(1), .archivedDone(2), .extras(1),
                                     .board([.id("team"), .name, .timeZone("Asia/Seoul"), .metadata(1)])]),
             "not written: 3 events (Taskwarrior keeps only entry, start and end); 8 field changes of events (tasks keep only current values); 1 card position (tasks have no order); the archived flag of 2 finished cards (written as completed); 1 unknown key kept from an earlier read; the board's id 'team', name, time zone Asia/Seoul, 1 metadata entry (a task list has no board)"),
            (.taskwarriorNotWritten([.bodies(2), .commentDetails(1), .checklists(3), .attachments(1), .links(2)]),
             "not written: the description of 2 cards (written as an annotation: it reads back as a comment); the ids, authors and edit times of 1 comment (an annotation holds a time and text); 3 checklists (Taskwarrior has none); 1 attachment (Taskwarrior has none); 2 links between cards other than blocked-by (depends)"),
            (.taskwarriorNotWritten([.events(1), .board([.metadata(2)])]),
             "not written: 1 event (Taskwarrior keeps only entry, start and end); the board's 2 metadata entries (a task list has no board)"),
            (.taskwarriorEntryGuessed(1), "1 card has no creation time; entry is the export time"),
            (.taskwarriorEntryGuessed(2), "2 cards have no creation time; entry is the export time"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }

    @Test("every JSON syntax problem's wording")
    func syntax() {
        let cases: [(JSONSyntaxProblem, String)] = [
            (.textAfterValue, "unexpected text after the JSON value"),
            (.endsBeforeValue, "the file ends where a value should be (truncated?)"),
            (.unexpectedWhereValue(UInt8(ascii: "x")), "unexpected character 'x' where a value should be"),
            (.endsInsideLiteral("true"), "the file ends inside 'true' (truncated?)"),
            (.unexpectedCharacter(0x01), "unexpected character '\\x1'"),
            (.tooDeep(512), "arrays and objects nest deeper than 512"),
            (.endsInsideObject, "the file ends inside an object (truncated?)"),
            (.expectedKey(found: UInt8(ascii: "1")), "expected a quoted key, found '1'"),
            (.expectedColon(key: "a"), "expected ':' after the key \"a\""),
            (.expectedObjectComma(found: UInt8(ascii: "x")), "expected ',' or '}' in an object, found 'x'"),
            (.endsInsideArray, "the file ends inside an array (truncated?)"),
            (.expectedArrayComma(found: UInt8(ascii: "3")), "expected ',' or ']' in an array, found '3'"),
            (.numberWithoutDigits, "a number needs digits"),
            (.leadingZero, "a number may not start with 0"),
            (.noFractionDigits, "a number needs digits after '.'"),
            (.noExponentDigits, "a number needs digits in its exponent"),
            (.numberOutOfRange("1e999"), "the number 1e999 is out of range"),
            (.invalidUTF8, "a string holds bytes that are not UTF-8"),
            (.controlCharacter, "a string holds a raw control character (a line break inside quotes?)"),
            (.endsInsideString, "the file ends inside a string (truncated?)"),
            (.endsInsideUnicodeEscape, "the file ends inside a \\u escape"),
            (.badUnicodeEscape, "a \\u escape needs four hex digits"),
            (.loneSurrogate, "a \\u escape holds a lone UTF-16 surrogate"),
            (.unknownEscape(UInt8(ascii: "q")), "unknown escape '\\q' in a string"),
        ]
        for (problem, text) in cases { #expect(problem.text == text) }
    }
}
