import BoardModel
import BoardTestSupport
import Foundation
import Testing
@testable import BoardICS

/// Calendars of the kinds other tools and people write (#19 "Calendars", #17 defect 10). Each
/// test's file is made here to the shape of a real one, named in the test; the real files are
/// under Tests/Corpus/ics/.
@Suite struct ICSRealFileShapesTests {
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
        #expect(folds.first?.message.contains("11") == true, "counts the blank lines: \(folds)")
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
