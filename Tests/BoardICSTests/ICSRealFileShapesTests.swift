import BoardModel
import BoardIO
import BoardTestSupport
import Foundation
import Testing
@testable import BoardICS

/// Calendars of the kinds other tools and people write (#19 "Calendars", #17 defect 10). Each
/// test's file is made here to the shape of a real one, named in the test; the real files are
/// under Tests/Corpus/ics/.
@Suite struct ICSRealFileShapesTests {
    /// What a structure error does to the read, as its message says.
    static func consequence(_ d: Diagnostic) -> ICSMessage.Consequence? {
        switch d.message as? ICSMessage {
        case .closesNothing(_, let then)?, .mismatch(_, _, _, let then)?, .closesUnclosed(_, _, _, let then)?: then
        default: nil
        }
    }

    func read(_ text: String, options: ReaderOptions = ReaderOptions()) -> ReadResult {
        ICSReader().read(bytes: Array(text.utf8), name: "t.ics", options: options)
    }

    func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    // MARK: #19.8 Blank lines inside a folded property

    /// The shape of python icalendar's `multiple_calendar_components.ics`, an old Mozilla
    /// Calendar export: every property's name, an empty line, then ` :value` (and a folded
    /// parameter: `DTSTART`, empty, ` ;VALUE=DATE`, empty, ` :20030501`).
    static let mozilla = [
        "BEGIN:VCALENDAR",
        "VERSION", "", " :2.0",
        "PRODID", "", " :-//Mozilla.org/NONSGML Mozilla Calendar V1.0//EN",
        "METHOD", "", " :PUBLISH",
        "BEGIN:VEVENT",
        "UID", "", " :911737808",
        "SUMMARY", "", " :Boxing Day",
        "CLASS", "", " :PUBLIC",
        "X-MOZILLA-ALARM-DEFAULT-LENGTH", "", " :15",
        "DTSTART", "", " ;VALUE=DATE", "", " :20030501",
        "DTSTAMP", "", " :20020430T114937Z",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID", "", " :wh4t3v3r",
        "DTSTART;VALUE=DATE:20031225",
        "SUMMARY:Christmas again!",
        "END:VEVENT",
        "END:VCALENDAR",
    ]

    @Test func blankLinesInsideAFoldAreReadWithOneLocatedWarning() throws {
        let r = read(crlf(Self.mozilla))
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        let folds = r.diagnostics.filter { $0.code == .icsMalformedLine }
        #expect(folds.count == 1, "\(folds)")
        #expect(folds.first?.severity == .warning)
        #expect(folds.first?.location?.line == 3)
        #expect(folds.first?.message as? ICSMessage == .blankLinesInFolds(11), "counts the blank lines: \(folds)")
        let board = try #require(r.board)
        #expect(board.cards.map(\.id) == ["911737808", "wh4t3v3r"])
        #expect(board.cards.map(\.title) == ["Boxing Day", "Christmas again!"])
        #expect(board.cards.first?.due == .date(CalendarDate(year: 2003, month: 5, day: 1)!))
        #expect(board.cards.first?.fields["CLASS"] == "PUBLIC")
        #expect(board.cards.first?.fields["X-MOZILLA-ALARM-DEFAULT-LENGTH"] == "15")
        #expect(board.metadata["PRODID"] == "-//Mozilla.org/NONSGML Mozilla Calendar V1.0//EN")
        // The physical lines of what follows still count the blank lines.
        #expect(r.sourceMap.location(of: .card(index: 1, field: nil)).line == 33)
    }

    @Test func blankLinesInsideAFoldReadAsPythonIcalendarReadsThem() throws {
        let bytes = Array(crlf(Self.mozilla).utf8)
        let oracle = try OracleCalendar.parse(bytes)
        let board = try #require(ICSReader().read(bytes: bytes, name: "t.ics").board)
        #expect(oracle.items.map(\.uid) == board.cards.map(\.id))
        #expect(oracle.items.map(\.summary) == board.cards.map(\.title))
        #expect(oracle.items.map { $0.due?.date } == board.cards.map { $0.due?.description })
    }

    @Test func aBlankLineNotFollowedByAFoldIsStillSkipped() throws {
        // Blank lines between content lines (ical.js's blank_line_mid.ics) stay harmless and
        // silent; a folded value continued over several blank lines is one value.
        let r = read(crlf(["BEGIN:VCALENDAR", "", "BEGIN:VEVENT", "UID:a", "", "",
                           "DESCRIPTION:one", "", "", " two", "\t three", "DTSTART:20261130", "END:VEVENT", "END:VCALENDAR", "", ""]))
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        #expect(r.diagnostics.filter { $0.code == .icsMalformedLine }.map(\.location?.line) == [8])
        #expect(r.board?.cards.first?.body == "onetwo three")
    }
}

extension ICSRealFileShapesTests {
    // MARK: #19.9 A changed occurrence whose series is not in the file

    /// The shape of Google Calendar's birthday export (ical.js's `google_birthday.ics`): a
    /// series under one UID and changed occurrences (RECURRENCE-ID) under another UID whose
    /// series is not in the file; then a series with an override of its own, which stays left out.
    @Test func aChangedOccurrenceWhoseSeriesIsNotInTheFileIsACardOfItsOwn() throws {
        let r = read(crlf([
            "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0",
            "X-WR-CALNAME:Contacts' birthdays and events",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20141210", "DTEND;VALUE=DATE:20141211",
            "RRULE:FREQ=DAILY;INTERVAL=1;COUNT=1", "UID:2014_BIRTHDAY_79d389868f96182e@google.com",
            "SUMMARY:PErson #2's birthday", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20121210", "DTEND;VALUE=DATE:20121211",
            "UID:BIRTHDAY_79d389868f96182e@google.com", "RECURRENCE-ID;VALUE=DATE:20121210",
            "DESCRIPTION:Today is PErson #2's birthday!", "SUMMARY:PErson #2's birthday", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20131210", "DTEND;VALUE=DATE:20131211",
            "UID:BIRTHDAY_79d389868f96182e@google.com", "RECURRENCE-ID;VALUE=DATE:20131210",
            "SUMMARY:PErson #2's birthday", "END:VEVENT",
            "BEGIN:VEVENT", "UID:standup@example.com", "DTSTART:20261102T090000Z",
            "RRULE:FREQ=WEEKLY", "SUMMARY:Standup", "END:VEVENT",
            "BEGIN:VEVENT", "UID:standup@example.com", "RECURRENCE-ID:20261109T090000Z",
            "DTSTART:20261109T100000Z", "SUMMARY:Standup (moved)", "END:VEVENT",
            "END:VCALENDAR",
        ]))
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        let board = try #require(r.board)
        #expect(board.cards.map(\.id) == [
            "2014_BIRTHDAY_79d389868f96182e@google.com",
            "BIRTHDAY_79d389868f96182e@google.com-20121210",
            "BIRTHDAY_79d389868f96182e@google.com-20131210",
            "standup@example.com",
        ])
        #expect(board.cards[1].due == .date(CalendarDate(year: 2012, month: 12, day: 10)!))
        #expect(board.cards[1].body == "Today is PErson #2's birthday!")
        #expect(board.cards[1].fields["RECURRENCE-ID"] == "20121210")
        #expect(board.cards[2].due == .date(CalendarDate(year: 2013, month: 12, day: 10)!))
        // Occurrences of one series are not duplicates of each other.
        #expect(!r.diagnostics.contains { $0.code == .icsDuplicateUID })
        // The standup's own override is still left out, and counted.
        let recurrence = r.diagnostics.filter { $0.code == .icsRecurrenceNotExpanded }
        #expect(recurrence.count == 1)
        #expect(recurrence.first?.message as? ICSMessage == .recurrenceNotExpanded(recurring: 2, overrides: 1), "\(recurrence)")
    }

    @Test func aLoneChangedOccurrenceKeepsItsUIDAsTheCardID() throws {
        // An invitation to one occurrence of someone else's meeting.
        let r = read(crlf(["BEGIN:VCALENDAR", "METHOD:REQUEST", "BEGIN:VEVENT", "UID:040000008200E00074C5B7101A82E008",
                           "RECURRENCE-ID;TZID=Europe/Berlin:20261201T100000", "DTSTART;TZID=Europe/Berlin:20261201T110000",
                           "SUMMARY:Review (moved)", "END:VEVENT", "END:VCALENDAR"]))
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        #expect(r.board?.cards.map(\.id) == ["040000008200E00074C5B7101A82E008"])
        #expect(!r.diagnostics.contains { $0.code == .icsRecurrenceNotExpanded })
    }
}

extension ICSRealFileShapesTests {
    // MARK: #19.10 Content after END:VCALENDAR

    /// The shape of python icalendar's `issue_1050_multiple_calendars.ics`: two calendars one
    /// after the other. Both are read, and nothing says otherwise.
    @Test func aSecondCalendarIsReadAndNotCalledUnread() throws {
        let r = read(crlf([
            "BEGIN:VCALENDAR", "VERSION:2.0", "X-WR-CALNAME:Work", "BEGIN:VEVENT", "UID:w1", "DTSTART:20261130T090000Z",
            "SUMMARY:Plan", "END:VEVENT", "END:VCALENDAR",
            "BEGIN:VCALENDAR", "VERSION:2.0", "X-WR-CALNAME:Home", "BEGIN:VTODO", "UID:h1", "DUE;VALUE=DATE:20261201",
            "SUMMARY:Shop", "END:VTODO", "END:VCALENDAR",
        ]))
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        #expect(!r.diagnostics.contains { $0.code == .icsContentOutsideCalendar }, "\(r.diagnostics)")
        #expect(!r.diagnostics.contains { $0.code == .icsComponentIgnored }, "\(r.diagnostics)")
        let board = try #require(r.board)
        #expect(board.cards.map(\.id) == ["w1", "h1"])
        #expect(board.name == "Work")
    }

    /// The shape of libical's `large.ics` (and `calendar.ics`, `incoming.ics`): a calendar,
    /// then components written after its END:VCALENDAR with no calendar around them, then
    /// another calendar. The loose components are not read, and the one warning counts them.
    @Test func componentsOutsideAnyCalendarAreCountedWhenDropped() throws {
        let r = read(crlf([
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:in", "DTSTART:19970714T170000Z", "SUMMARY:Bastille Day Party",
            "END:VEVENT", "END:VCALENDAR",
            "",
            "BEGIN:VEVENT", "UID:out1", "DTSTART:19970903T163000Z", "END:VEVENT",           // line 9
            "BEGIN:VEVENT", "UID:out2", "DTSTART:19970904T163000Z",
            "BEGIN:VALARM", "TRIGGER:-PT15M", "ACTION:DISPLAY", "END:VALARM", "END:VEVENT",
            "BEGIN:VTODO", "UID:out3", "DUE:19970905T163000Z", "END:VTODO",
            "X-STRAY:1",
            "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:second", "DTSTART:19970906T163000Z", "END:VEVENT", "END:VCALENDAR",
        ]))
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        #expect(r.board?.cards.map(\.id) == ["in", "second"])
        let outside = r.diagnostics.filter { $0.code == .icsContentOutsideCalendar }
        #expect(outside.count == 1, "\(outside)")
        #expect(outside.first?.location?.line == 9)
        #expect(outside.first?.message as? ICSMessage == .contentOutside(components: ["VEVENT": 2, "VTODO": 1], properties: 1), "\(outside)")
    }
}

extension ICSRealFileShapesTests {
    // MARK: #19.11 A malformed value of a property kept only as a field

    /// The shape of libical's `large.ics` and `calendar.ics`: `DTEND:19970701T2000000Z` (one
    /// digit too many) in events whose due comes from DTSTART; 25 of them, more than the
    /// reader shows of one code.
    @Test func aMalformedDTENDIsAWarningThatKeepsTheRawText() throws {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hacksw/handcal//NONSGML v1.0//EN"]
        for k in 1...25 {
            lines += ["BEGIN:VEVENT", "UID:e\(k)", "DTSTART:19970701T100000Z", "DTEND:19970701T2000000Z",
                      "SUMMARY:Event \(k)", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        let r = read(crlf(lines))
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics.filter { $0.severity == .error })")
        let board = try #require(r.board)
        #expect(board.cards.count == 25)
        #expect(board.cards.allSatisfy { $0.fields["DTEND"] == "19970701T2000000Z" })
        #expect(board.cards.first?.due?.description == "1997-07-01T10:00:00Z")
        let kept = r.diagnostics.filter { $0.code == .invalidDate }
        #expect(kept.count == 21)
        #expect(kept.allSatisfy { $0.severity == .warning })
        #expect(kept.first?.location?.line == 7)
        #expect(kept.first?.message as? ICSMessage == .malformedDate(name: "DTEND", shown: "19970701T2000000Z", kept: true), "\(kept)")
        #expect(kept.last?.message as? BoardIOMessage == .moreNotShown(.invalidDate, count: 5))
    }

    @Test func aMalformedDueIsStillAnError() {
        // DTSTART gives the due: a due that cannot be read refuses the calendar (as before).
        let r = read(crlf(["BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:a", "DTSTART:INVALID-DATE", "DTEND:ALSO-INVALID",
                           "END:VEVENT", "END:VCALENDAR"]))
        #expect(r.diagnostics.filter { $0.severity == .error }.map(\.location?.line) == [4])
        #expect(r.diagnostics.filter { $0.code == .invalidDate && $0.severity == .warning }.map(\.location?.line) == [5])
    }

    @Test func datePropertiesAnItemDoesNotUseAreKeptAsWritten() throws {
        // A VEVENT's DUE and a VTODO's DTEND are not RFC 5545's (and not what a card's dates come
        // from): kept as written, never a reason to refuse the calendar.
        let r = read(crlf(["BEGIN:VCALENDAR",
                           "BEGIN:VEVENT", "UID:a", "DTSTART;VALUE=DATE:20261130", "DUE:2026-11-3O", "END:VEVENT",
                           "BEGIN:VTODO", "UID:b", "DUE;VALUE=DATE:20261201", "DTEND:20261202", "END:VTODO",
                           "END:VCALENDAR"]))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        let cards = try #require(r.board?.cards)
        #expect(cards[0].fields["DUE"] == "2026-11-3O")
        #expect(cards[1].fields["DTEND"] == "20261202")
    }
}

extension ICSRealFileShapesTests {
    // MARK: #19.12 An error says what happens

    /// The shape of libical's `zday.ics`: `END:DAYLIGHT` where `END:VTIMEZONE` belongs.
    @Test func aComponentMismatchSaysTheCalendarIsRefused() throws {
        let r = read(crlf(["BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:Z", "BEGIN:STANDARD", "DTSTART:19701025T030000",
                           "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:DAYLIGHT", "END:VTIMEZONE",
                           "BEGIN:VEVENT", "UID:a", "DTSTART:20261130", "END:VTODO", "END:VEVENT",
                           "END:VCALENDAR", "END:VEVENT"]))
        let mismatches = r.diagnostics.filter { $0.code == .icsComponentMismatch }
        #expect(mismatches.map(\.location?.line) == [9, 14, 17])
        for d in mismatches {
            #expect(d.severity == .error)
            #expect(Self.consequence(d) == .calendarRefused, "\(d)")
        }
        #expect(mismatches.first?.message as? ICSMessage == .mismatch("DAYLIGHT", open: "VTIMEZONE", line: 2, then: .calendarRefused))
    }
}

extension ICSRealFileShapesTests {
    // MARK: #17.10 --skip-invalid

    func leavingOut() -> ReaderOptions {
        var options = ReaderOptions()
        options.invalidItems = .leaveOut
        return options
    }

    static func manyEvents(_ count: Int, bad: Set<Int>) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//many events//EN"]
        for k in 1...count {
            lines += ["BEGIN:VEVENT", "UID:e\(k)", bad.contains(k) ? "DTSTART:20260230T100000Z" : "DTSTART:20261130T100000Z",
                      "SUMMARY:Event \(k)", "END:VEVENT"]
        }
        lines.append("END:VCALENDAR")
        return lines.map { $0 + "\r\n" }.joined()
    }

    @Test func oneImpossibleDateRefusesByDefaultAndLeavesOneEventOutWithSkipInvalid() throws {
        let text = Self.manyEvents(200, bad: [57])
        // Event 57 begins at line 3 + 56 * 5 + 1 = 284; its DTSTART is two lines further.
        let strict = read(text)
        #expect(strict.diagnostics.filter { $0.severity == .error }.map(\.location?.line) == [286])
        #expect(!strict.diagnostics.contains { $0.code == .itemsLeftOut })

        let r = read(text, options: leavingOut())
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        let board = try #require(r.board)
        #expect(board.cards.count == 199)
        #expect(!board.cards.contains { $0.id == "e57" })
        #expect(board.cards.map(\.id) == (1...200).filter { $0 != 57 }.map { "e\($0)" })
        let why = r.diagnostics.filter { $0.code == .invalidDate }
        #expect(why.map(\.severity) == [.warning])
        #expect(why.first?.location?.line == 286)
        #expect(why.contains { if case .impossibleDate? = $0.message as? ICSMessage { true } else { false } })
        let summary = r.diagnostics.filter { $0.code == .itemsLeftOut }
        #expect(summary.map { $0.message as? BoardIOMessage } == [.itemsLeftOut(count: 1, item: "event", items: "events")])
        #expect(summary.first?.severity == .warning)
        // The source map still points each card at its own item.
        #expect(r.sourceMap.location(of: .card(index: 56, field: nil)).line == 289)
    }

    @Test func skipInvalidLeavesOutEveryKindOfBrokenItemAndOnlyThose() throws {
        let text = crlf([
            "BEGIN:VCALENDAR",
            "BEGIN:VEVENT", "UID:good1", "DTSTART:20261130", "END:VEVENT",
            "BEGIN:VTODO", "UID:badline", "DUE:20261201", "this line has no colon", "END:VTODO",            // 6
            "BEGIN:VEVENT", "UID:badend", "DTSTART:20261202", "END:VTODO", "END:VEVENT",                   // 11
            "BEGIN:VEVENT", "UID:alarm", "DTSTART:20261203", "BEGIN:VALARM", "TRIGGER:-PT5M", "END:VEVENT", // 16
            "BEGIN:VTODO", "UID:good2", "DUE;VALUE=DATE:20261204", "END:VTODO",
            "BEGIN:VTODO", "UID:created", "DUE:20261205", "CREATED:2026-13-01", "END:VTODO",
            "END:VCALENDAR",
        ])
        let strict = read(text)
        #expect(strict.diagnostics.filter { $0.severity == .error }.count == 4, "\(strict.diagnostics)")

        let r = read(text, options: leavingOut())
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        #expect(r.board?.cards.map(\.id) == ["good1", "good2"])
        let summaries = r.diagnostics.filter { $0.code == .itemsLeftOut }.map { $0.message as? BoardIOMessage }
        #expect(summaries == [.itemsLeftOut(count: 2, item: "event", items: "events"),
                              .itemsLeftOut(count: 2, item: "to-do", items: "to-dos")])
        let mismatch = r.diagnostics.filter { $0.code == .icsComponentMismatch }
        #expect(mismatch.map(\.location?.line) == [14, 21])
        #expect(mismatch.first.flatMap(Self.consequence) == .itemLeftOut(todo: false, line: 11), "\(mismatch)")
        #expect(mismatch.allSatisfy { $0.severity == .warning })
    }

    @Test func skipInvalidStillRefusesWhatIsNotAnItem() {
        // A broken time zone or a stray END outside any item is the calendar's, not an item's.
        let r = read(crlf(["BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:Z", "BEGIN:STANDARD", "DTSTART:19701025T030000",
                           "TZOFFSETFROM:two hours", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE",
                           "BEGIN:VEVENT", "UID:a", "DTSTART:20261130", "END:VEVENT", "END:VCALENDAR", "END:VTODO"]),
                     options: leavingOut())
        #expect(r.diagnostics.filter { $0.severity == .error }.map(\.location?.line) == [6, 15])
        #expect(!r.diagnostics.contains { $0.code == .itemsLeftOut })
        // The file ends inside an event: that event is left out, the open calendar still refuses.
        let cut = read("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20261130\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\n", options: leavingOut())
        #expect(cut.diagnostics.filter { $0.severity == .error }.map(\.location?.line) == [1])
        #expect(cut.diagnostics.filter { $0.code == .icsUnterminatedComponent && $0.severity == .warning }.map(\.location?.line) == [6])
        #expect(cut.board?.cards.map(\.id) == ["a"])
    }

    @Test func skipInvalidLeavesOutMoreBadItemsThanTheReaderShows() throws {
        // 30 bad events: 20 diagnostics are shown, the rest counted; none stays an error.
        let bad = Set(stride(from: 3, through: 90, by: 3))
        let strict = read(Self.manyEvents(100, bad: bad))
        #expect(strict.diagnostics.filter { $0.severity == .error }.last?.message as? BoardIOMessage == .moreNotShown(.invalidDate, count: 10))
        let r = read(Self.manyEvents(100, bad: bad), options: leavingOut())
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics.filter { $0.severity == .error })")
        #expect(r.board?.cards.count == 70)
        #expect(r.diagnostics.filter { $0.code == .invalidDate }.count == 21)
        #expect(r.diagnostics.contains { $0.message as? BoardIOMessage == .moreNotShown(.invalidDate, count: 10) && $0.severity == .warning })
        #expect(r.diagnostics.last?.message as? BoardIOMessage == .itemsLeftOut(count: 30, item: "event", items: "events"), "\(r.diagnostics.last as Any)")
    }
}
