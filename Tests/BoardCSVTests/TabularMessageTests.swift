import Testing
import BoardModel
import BoardTabular

/// The one place the shared column mapping's wording is pinned: each case as users read it.
@Suite("TabularMessage")
struct TabularMessageTests {
    @Test("every case's wording")
    func wording() {
        let attributes = "id, title, body, state, stateCategory, due, dueComplete, start, created, updated, completed, labels, assignees, reminders, position, archived, url, comments, attachments, parent, children, blockedBy, blocks, relates, duplicates, field:NAME, ignore"
        let cases: [(TabularMessage, String)] = [
            (.invalidTimeZone("Mars/Base"), "'Mars/Base' is not an IANA time-zone name; times without an offset are read as UTC"),
            (.emptyHeader(column: 3), "column 3 has no header; its values are kept as field 'column 3'"),
            (.noTitleColumn(mapping: nil, titleHeaders: ["Title"], headers: ["Key", "Kind", "State"]),
             "the header has no title column (Title, Summary, Name, Task, Card Name, Content…); it has 'Key', 'Kind', 'State'. Say which column holds the title with --columns title=HEADER, or name the mapping with --mapping"),
            (.noTitleColumn(mapping: "jira", titleHeaders: ["Summary"], headers: []),
             "the header has no mapping 'jira''s title column ('Summary'); it has no names. Say which column holds the title with --columns title=HEADER, or name the mapping with --mapping"),
            (.noTitleColumn(mapping: "x", titleHeaders: ["A", "B"], headers: ["C"]),
             "the header has no mapping 'x''s title column ('A' or 'B'); it has 'C'. Say which column holds the title with --columns title=HEADER, or name the mapping with --mapping"),
            (.headerRow(row: 4, passed: 3, firstPassed: ["Product Backlog", "", " "]),
             "the header is row 4; the 3 rows above it ('Product Backlog'…) are not cards. Say --header-row N if the header is another row"),
            (.headerRow(row: 2, passed: 1, firstPassed: ["a", "b", "c", "d", String(repeating: "x", count: 61)]),
             "the header is row 2; the row above it ('a', 'b', 'c') is not a card. Say --header-row N if the header is another row"),
            (.headerRow(row: 2, passed: 1, firstPassed: [String(repeating: "x", count: 61)]),
             "the header is row 2; the row above it ('\(String(repeating: "x", count: 57))...') is not a card. Say --header-row N if the header is another row"),
            (.noHeaderRow(7), "--header-row 7: row 7 is not there or holds nothing; nothing to read cards by"),
            (.columnsNotAnAttribute("titel"), "--columns: 'titel' is not an attribute (\(attributes))"),
            (.columnsNoSuchHeader(name: "title", header: "Story", headers: ["Name", "storyName"]),
             "--columns: title=Story, but the header has no column 'Story' (it has 'Name', 'storyName')"),
            (.stateColumnUnread(todo: "To do", column: "Workflow", cards: 3, shown: ["Done", "Cancelled"]),
             "no column was read as the state, so every card is in 'To do'; 'Workflow' names states of work begun or done on 3 cards ('Done', 'Cancelled'). If it is the state, say --columns state='Workflow'"),
            (.stateColumnUnread(todo: "Backlog", column: "S", cards: 1, shown: ["Done"]),
             "no column was read as the state, so every card is in 'Backlog'; 'S' names states of work begun or done on 1 card ('Done'). If it is the state, say --columns state='S'"),
            (.rowSkipped(kind: "Epic", cardKinds: ["Task", "Bug"]),
             "a row of kind 'Epic' is neither a card (Task, Bug), a section nor a note; skipped"),
            (.valueKept(column: "Type", value: "x", reason: .notACategory),
             "Type 'x' is not a state category (To Do, In Progress, Done); kept as custom field 'Type'"),
            (.valueKept(column: "Rank", value: "x", reason: .notANumber), "Rank 'x' is not a number; kept as custom field 'Rank'"),
            (.valueKept(column: "Gone", value: "x", reason: .notABool), "Gone 'x' is not true or false; kept as custom field 'Gone'"),
            (.valueKept(column: "Comment", value: "soon;mina;hi", reason: .notAComment),
             "Comment 'soon;mina;hi' is not a comment as 'date;author;text' with a date this mapping reads; kept as custom field 'Comment'"),
            (.valueKept(column: "Attachment", value: "a.png", reason: .notAnAttachment),
             "Attachment 'a.png' is not an attachment as 'date;author;name;url' or a URL; kept as custom field 'Attachment'"),
            (.valueKept(column: "DATE", value: "every Monday", reason: .notADate(formats: [])),
             "DATE 'every Monday' is not a date this mapping reads (ISO 8601); kept as custom field 'DATE'"),
            (.valueKept(column: "Due", value: "soon", reason: .notADate(formats: ["dd/MMM/yy h:mm a", "yyyy.MM.dd"])),
             "Due 'soon' is not a date this mapping reads (ISO 8601, dd/MMM/yy h:mm a, yyyy.MM.dd); kept as custom field 'Due'"),
            (.impossibleDate(column: "Due", value: "2026-02-30"), "Due '2026-02-30' is not a real date"),
            (.ambiguousDate(column: "due", value: "03/04/2026", first: "2026-03-04", second: "2026-04-03"),
             "due '03/04/2026' could be 2026-03-04 or 2026-04-03: no other date in this column settles it (a day over 12); say --date-order month-first or day-first (or \"slashDates\" in a mapping file)"),
            (.mixedDateOrders(column: "due", value: "03/04/2026", first: "2026-03-04", second: "2026-04-03",
                              shown: "13/06/2026", order: .dayFirst, other: "06/13/2026"),
             "due '03/04/2026' could be 2026-03-04 or 2026-04-03: this column has dates of both orders ('13/06/2026' reads only day first (DD/MM), '06/13/2026' only month first (MM/DD)); say --date-order month-first or day-first (or \"slashDates\" in a mapping file)"),
            (.dateOrderShown(column: "Due Date", order: .monthFirst, shown: "09/19/25 03:00 PM", count: 2),
             "Due Date: slash dates read month first (MM/DD), as '09/19/25 03:00 PM' shows; 2 dates that read both ways were read so. --date-order day-first reads them the other way"),
            (.dateOrderShown(column: "Fecha", order: .dayFirst, shown: "19/09/25", count: 1),
             "Fecha: slash dates read day first (DD/MM), as '19/09/25' shows; 1 date that reads both ways was read so. --date-order month-first reads them the other way"),
            (.notWritten(.attribute(.body, cards: 1), layout: "jira"), "1 card's body not written: the jira layout has no column for it"),
            (.notWritten(.attribute(.due, cards: 2), layout: "jira"), "2 cards' due not written: the jira layout has no column for it"),
            (.notWritten(.customFieldValues(4), layout: "trello"), "4 custom field values not written: the trello layout writes no custom fields"),
            (.notWritten(.emptyFieldValues(2), layout: "x"), "2 empty custom field values not written: an empty cell reads back as no value"),
            (.notWritten(.unknownCardKeys(3), layout: "x"), "3 unknown card keys not written: a table keeps only known attributes and fields"),
            (.notWritten(.nonFinitePositions(1), layout: "x"), "1 position that is not a finite number written as text"),
            (.noSuchMapping("nope", presets: ["boardkit", "jira"]), "'nope' is neither a mapping preset (boardkit, jira) nor a readable mapping file"),
            (.mappingNotAnObject, "not a JSON object; a mapping file is {\"name\": …, \"columns\": {…}}"),
            (.mappingColumnsNotAMap, "'columns' must map attributes to header lists"),
            (.mappingNotAnAttribute("titel"), "'columns' has 'titel', which is not an attribute (\(attributes))"),
            (.mappingColumnNotHeaders("title"), "'columns.title' must be a header or a list of headers"),
            (.mappingDateFormatIncomplete("MM/dd"), "date format 'MM/dd' needs a year, a month and a day (yyyy, MM or MMM, dd)"),
            (.mappingSlashDates("sideways"), "'slashDates' is 'month-first', 'day-first' or 'unknown', not 'sideways'"),
            (.mappingDateOnlyNotADate("title"), "'dateOnly' lists date attributes a card keeps as a calendar date (due, start), not 'title'"),
            (.mappingDateOnlyNotAList, "'dateOnly' must be a list such as [\"due\", \"start\"]"),
            (.mappingRowsNoKind, "'rows' needs 'kind', the header of the column saying what a row is"),
            (.mappingWriteNoHeader(index: 2), "write.columns[2] has no 'header'"),
            (.mappingWriteValue(index: 0, value: "x"), "write.columns[0].value 'x' is not an attribute"),
            (.mappingWriteFormat(index: 1, pattern: "q"), "write.columns[1].format 'q' is not a date layout"),
            (.mappingWriteDateFormat(index: 1, pattern: "q"), "write.columns[1].dateFormat 'q' is not a date layout"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }

    @Test("a field-changes cell's failures, each as the reader says it and as decoding finds it")
    func fieldChangesFailures() {
        let cases: [(String, FieldChangesText.Failure, String)] = [
            ("{}", .notAnArray, "the changes are not a JSON array"),
            ("[] x", .textAfterArray, "text after the end of the changes' array"),
            (#"[{"field":"a"} {"#, .listNotClosed, "the list of changes is not closed with ']'"),
            ("[1]", .notAnObject(change: 1), "change 1 is not a JSON object"),
            ("[{1:2}]", .keyNotAString(change: 1), "change 1 has a key that is not a JSON string"),
            (#"[{"field" "a"}]"#, .noColon(change: 1, key: "field"), #"change 1 has no ':' after "field""#),
            (#"[{"field":1}]"#, .fieldNotAString(change: 1), #"change 1's "field" is not a string"#),
            (#"[{"field":"a"},{"field":"b","old":1}]"#, .badValue(change: 2, side: "old"),
             #"change 2's "old" is not a string, an array of strings or null"#),
            (#"[{"field":"a","x":1}]"#, .unknownKey(change: 1, key: "x"), #"change 1 has the key "x"; a change holds only field, old and new"#),
            (#"[{"field":"a" "#, .changeNotClosed(change: 1), "change 1 is not closed with '}'"),
            (#"[{"old":"a"}]"#, .noField(change: 1), #"change 1 has no "field""#),
        ]
        for (cell, failure, text) in cases {
            #expect(FieldChangesText.decode(cell) == .failure(failure), "\(cell)")
            #expect(failure.text == text)
        }
    }
}
