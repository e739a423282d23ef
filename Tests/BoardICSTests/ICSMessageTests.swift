import Testing
import BoardModel
import BoardICS

/// The one place the calendar reader's and writer's wording is pinned.
@Suite("ICSMessage")
struct ICSMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(ICSMessage, String)] = [
            (.notText, "binary data (a NUL byte or invalid UTF-8): this is not an iCalendar text file"),
            (.lineTooLong(limit: 1_048_576), "a content line longer than 1048576 bytes; reading stopped"),
            (.malformedLine(.noColon), "not a content line: no ':' between the name and the value"),
            (.malformedLine(.badName), "not a content line: it does not start with a property name"),
            (.malformedLine(.unterminatedQuote), "not a content line: a quoted parameter value has no closing '\"'"),
            (.malformedLine(.badParameter), "not a content line: a parameter is not NAME=VALUE"),
            (.blankLinesInFolds(1),
             "a blank line inside folded content lines, as old Mozilla Calendar exports write them: the line after starts with a space, so it continues the line before; read as one line, as python icalendar does"),
            (.blankLinesInFolds(11),
             "11 blank lines (the first here) inside folded content lines, as old Mozilla Calendar exports write them: the line after starts with a space, so it continues the line before; read as one line, as python icalendar does"),
            (.notICalendar, "this is not an iCalendar file: it must start with BEGIN:VCALENDAR"),
            (.emptyFile, "the file is empty: an iCalendar file starts with BEGIN:VCALENDAR"),
            (.unterminated("VEVENT"), "BEGIN:VEVENT is never closed (no END:VEVENT before the end of the file)"),
            (.closesNothing("VEVENT", then: .calendarRefused), "END:VEVENT closes nothing (no BEGIN:VEVENT is open); the calendar is refused"),
            (.mismatch("DAYLIGHT", open: "VTIMEZONE", line: 2, then: .calendarRefused),
             "END:DAYLIGHT does not match BEGIN:VTIMEZONE (line 2), and no BEGIN:DAYLIGHT is open; the calendar is refused"),
            (.closesUnclosed("VEVENT", open: "VALARM", line: 12, then: .itemLeftOut(todo: false, line: 11)),
             "END:VEVENT closes BEGIN:VALARM of line 12, which has no END:VALARM; the event of line 11 is left out"),
            (.closesNothing("VTODO", then: .itemLeftOut(todo: true, line: 5)),
             "END:VTODO closes nothing (no BEGIN:VTODO is open); the to-do of line 5 is left out"),
            (.contentOutside(components: ["VTODO": 1, "VEVENT": 2], properties: 1),
             "3 components (2 VEVENT, 1 VTODO) and 1 property line outside any calendar (after END:VCALENDAR, with no BEGIN:VCALENDAR around them) not read; the first is here"),
            (.contentOutside(components: ["VEVENT": 1], properties: 0),
             "1 component (1 VEVENT) outside any calendar (after END:VCALENDAR, with no BEGIN:VCALENDAR around them) not read; the first is here"),
            (.contentOutside(components: [:], properties: 2),
             "2 property lines outside any calendar (after END:VCALENDAR, with no BEGIN:VCALENDAR around them) not read; the first is here"),
            (.badUTCOffset("+9"), "'+9' is not a UTC offset such as +0900"),
            (.impossibleDate(name: "DTSTART", shown: "20260230", kept: false), "DTSTART '20260230' is not a real date or time"),
            (.malformedDate(name: "DTSTART", shown: "tomorrow", kept: false),
             "DTSTART 'tomorrow' is not an iCalendar date (20261130) or date-time (20261130T180000[Z])"),
            (.malformedDate(name: "DTEND", shown: "19970701T2000000Z", kept: true),
             "DTEND '19970701T2000000Z' is not an iCalendar date (20261130) or date-time (20261130T180000[Z]); kept as written in the field DTEND"),
            (.impossibleDate(name: "DTEND", shown: "20260230", kept: true),
             "DTEND '20260230' is not a real date or time; kept as written in the field DTEND"),
            (.invalidTimeZone("Seoul"), "--timezone 'Seoul' is not an IANA zone name such as Asia/Seoul"),
            (.unknownTZID("Mars", readIn: "UTC"), "TZID 'Mars' is neither a VTIMEZONE in this file nor an IANA zone; its times were read in UTC"),
            (.duplicateUID("a", line: 3), "UID 'a' was used before (line 3); this item became card 'a-2' (and so on for others)"),
            (.recurrenceNotExpanded(recurring: 2, overrides: 1),
             "2 recurring items became one card each, due at the first occurrence (the rule is kept in the RRULE field); 1 changed occurrence (RECURRENCE-ID) of a series in the file left out"),
            (.recurrenceNotExpanded(recurring: 1, overrides: 0),
             "1 recurring item became one card each, due at the first occurrence (the rule is kept in the RRULE field)"),
            (.recurrenceNotExpanded(recurring: 0, overrides: 3),
             "0 recurring items became one card each, due at the first occurrence (the rule is kept in the RRULE field); 3 changed occurrences (RECURRENCE-ID) of a series in the file left out"),
            (.noDate(1), "1 item has no due date (no DUE, DURATION or, for an event, DTSTART)"),
            (.noDate(4), "4 items have no due date (no DUE, DURATION or, for an event, DTSTART)"),
            (.componentIgnored("VJOURNAL", count: 2), "2 VJOURNAL components not read: boardkit reads VEVENT and VTODO"),
            (.componentIgnored("VFREEBUSY", count: 1), "1 VFREEBUSY component not read: boardkit reads VEVENT and VTODO"),
            (.badAlarm("1 day"), "--alarm '1 day' is not an iCalendar duration; write it like -P1D, -PT2H or -P1DT12H"),
            (.withoutDueNotWritten(1), "1 card has no due date and is not in the calendar"),
            (.withoutDueNotWritten(3), "3 cards have no due date and are not in the calendar"),
            (.finishedLeftOut(finished: 2, archived: 1),
             "2 finished cards and 1 archived card with a due date left out of the calendar; use --include-done to keep them"),
            (.finishedLeftOut(finished: 0, archived: 2), "2 archived cards with a due date left out of the calendar; use --include-done to keep them"),
            (.finishedLeftOut(finished: 1, archived: 0), "1 finished card with a due date left out of the calendar; use --include-done to keep them"),
            (.eventsNotWritten(events: 6, changes: 8), "6 events (with 8 field changes) not written: iCalendar has no history"),
            (.eventsNotWritten(events: 1, changes: 0), "1 event not written: iCalendar has no history"),
            (.millisecondsNotWritten(1), "the milliseconds of 1 due or start time not written: iCalendar times have whole seconds"),
            (.metadataNotWritten(2), "2 board metadata entries not written: a feed keeps the board's name, id and time zone only"),
            (.controlCharactersLeftOut(1), "1 control character that iCalendar text cannot hold left out"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
    }
}
