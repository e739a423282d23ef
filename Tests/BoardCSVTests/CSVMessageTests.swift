import Testing
import BoardIO
import BoardModel
import BoardTabular
import BoardCSV

/// The one place the CSV reader's, writer's and events file's wording is pinned.
@Suite("CSVMessage")
struct CSVMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(CSVMessage, String)] = [
            (.unknownEncoding("KLINGON", suggest: true),
             "'KLINGON' is not an encoding this system's iconv knows (try CP949, EUC-KR, LATIN1, CP1252, SHIFT_JIS)"),
            (.notInEncoding(byte: 0xFF, encoding: "CP949"), "byte 0xFF is not valid CP949"),
            (.cannotConvert(from: "CP949"), "cannot convert from CP949"),
            (.invalidUTF8(byte: 0xE9, hint: false), "byte 0xE9 is not UTF-8"),
            (.invalidUTF8(byte: 0xE9, hint: true),
             "byte 0xE9 is not UTF-8; if the file was saved by Excel or another program in a legacy encoding, name it with --encoding (CP949, LATIN1, CP1252…)"),
            (.fieldCount(found: 4, expected: 3),
             "row has 4 fields, 1 more than the header's 3; a field with the delimiter or a newline inside must be quoted"),
            (.fieldCount(found: 2, expected: 3),
             "row has 2 fields, 1 fewer than the header's 3; a field with the delimiter or a newline inside must be quoted"),
            (.strayQuote,
             #"a quote inside an unquoted field or text after a closing quote; a field with quotes must be quoted and its quotes doubled ("say ""hi""")"#),
            (.unterminatedQuote, "a quoted field opened in this row is never closed"),
            (.outOfMemory, "out of memory while parsing"),
            (.emptyFile, "the file is empty: a CSV board needs a header row (id,title,state,…) and a row per card"),
            (.eventsHeader,
             "the events file's header needs the columns card, at and type (and record, id, name, category, wip, key, value for the board)"),
            (.eventsBoardRowNoKey, "a board row needs a key"),
            (.eventsUnknownBoardKey("colour"), "unknown board key 'colour' (id, name, timezone, metadata.KEY, extra.KEY)"),
            (.eventsStateRowNoID, "a state row needs an id"),
            (.eventsBadCategory("wip"), "state category 'wip' is not todo, doing or done"),
            (.eventsBadWIPLimit("-1"), "WIP limit '-1' is not a whole number"),
            (.eventsRowNoCard, "an event row needs a card"),
            (.eventsRowNoTime, "an event row needs a time (at)"),
            (.eventsBadTime("soon"), "'soon' is not an ISO 8601 time"),
            (.eventsBadType("teleported"), "event type 'teleported' is not one of created, moved, updated, archived, restored, deleted"),
            (.eventsBadChanges(.noField(change: 1)),
             #"change 1 has no "field" (expected [{"field":"due","old":"2026-12-01","new":"2026-12-03"}])"#),
            (.eventsBadRecord("card"), "record kind 'card' is not board, state, event, comment, checklist, attachment or link"),
            (.eventsStrayQuote, "a quote where none may be"),
            (.eventsUnterminatedQuote, "a quoted field is never closed"),
            (.eventsOutOfMemory, "out of memory"),
            (.cannotCreateEventsFile(errno: 2), "cannot create the events file: No such file or directory"),
            (.cannotWriteEventsFile, "cannot write the events file"),
            (.unknownOutputEncoding("KLINGON"), "'KLINGON' is not an encoding this system's iconv knows"),
            (.cannotHold(encoding: "LATIN1"), "the board has characters LATIN1 cannot hold; write UTF-8 (with --excel for Excel) instead"),
            (.eventsNotWritten(events: 6, changes: 8), "6 events (with 8 field changes) not written: CSV has no history; use --events FILE"),
            (.eventsNotWritten(events: 3, changes: 1), "3 events (with 1 field change) not written: CSV has no history; use --events FILE"),
            (.eventsNotWritten(events: 12, changes: 0), "12 events not written: CSV has no history; use --events FILE"),
            (.boardNotWritten([.id("b-1"), .name, .timeZone("Europe/Berlin"), .metadata(1), .unknownKeys(2), .states(4, renamed: false)]),
             "the board's id 'b-1', name, time zone Europe/Berlin, 1 metadata entry, 2 unknown board keys, 4 states' ids, order, categories and WIP limits not written: CSV keeps states by name only; use --events FILE to keep them"),
            (.boardNotWritten([.states(3, renamed: true)]),
             "the board's 3 states' ids, names, order, categories and WIP limits not written: CSV keeps states by name only; use --events FILE to keep them"),
            (.eventsFileKeysNotWritten(2), "2 unknown state and event keys not written: the events file keeps only known columns"),
            (.conversationRowNoCard, "a comment, checklist, attachment or link row needs a card"),
            (.conversationRowValue(kind: "link", problem: nil), "the link in value is not a JSON object (docs/json.md lists its keys)"),
            (.conversationRowValue(kind: "comment", problem: ConversationProblem(path: "[0]", kind: .missingKey("text"))),
             "the comment in value has no \"text\" (docs/json.md lists its keys)"),
            (.conversationUnknownCard("c9"), "names card 'c9', which the CSV does not have"),
            (.conversationNotWritten(ConversationTally(comments: 1, attachments: 2)),
             "1 comment, 2 attachments of cards not written: a CSV row holds a card's fields only; use --events FILE to keep them"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }
}
