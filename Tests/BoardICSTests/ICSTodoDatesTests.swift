import BoardModel
import Testing
@testable import BoardICS
@testable import BoardIO

/// A to-do's DTSTART, DUE and DURATION (RFC 5545 §3.6.2), read by the reader and written by a
/// sync's resource: DTSTART is the start, DUE (or DTSTART + DURATION) the due, and a start
/// DTSTART cannot hold goes in X-BOARDKIT-START.
@Suite struct ICSTodoDatesTests {
    func card(_ todo: String, zone: String = "Asia/Seoul") throws -> Card {
        var options = ReaderOptions()
        options.timeZone = zone
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:t@x\r\nSUMMARY:T\r\n" + todo + "END:VTODO\r\nEND:VCALENDAR\r\n"
        let read = ICSReader().read(bytes: Array(text.utf8), name: "t.ics", options: options)
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        return try #require(read.board?.cards.first)
    }

    @Test func aStartAndADurationAreDueAtTheirSum() throws {
        let timed = try card("DTSTART:20261210T090000\r\nDURATION:PT2H30M\r\n")
        #expect(timed.start?.description == "2026-12-10T09:00:00+09:00")
        #expect(timed.due?.description == "2026-12-10T11:30:00+09:00")
        #expect(timed.fields["DURATION"] == nil)
        let days = try card("DTSTART;VALUE=DATE:20261210\r\nDURATION:P1W\r\n")
        #expect(days.start == DueDate(iso: "2026-12-10") && days.due == DueDate(iso: "2026-12-17"))
        // Days are counted on the calendar: across the end of summer time, still 09:00.
        let berlin = try card("DTSTART;TZID=Europe/Berlin:20261024T090000\r\nDURATION:P1D\r\n", zone: "UTC")
        #expect(berlin.due?.description == "2026-10-25T09:00:00+01:00")
        // Beside a DUE (which RFC 5545 forbids) the DUE is the due, the DURATION kept as written.
        let both = try card("DTSTART:20261210T090000\r\nDUE:20261211T090000\r\nDURATION:PT1H\r\n")
        #expect(both.due?.description == "2026-12-11T09:00:00+09:00" && both.fields["DURATION"] == "PT1H")
    }

    @Test func aStartAloneIsAStartNotADue() throws {
        let only = try card("DTSTART;VALUE=DATE:20261210\r\n")
        #expect(only.start == DueDate(iso: "2026-12-10") && only.due == nil)
    }

    @Test func boardkitsOwnStartIsReadWhereDTSTARTIsNot() throws {
        let after = try card("DUE;VALUE=DATE:20261210\r\nX-BOARDKIT-START:2026-12-20\r\n")
        #expect(after.start == DueDate(iso: "2026-12-20") && after.due == DueDate(iso: "2026-12-10"))
        // A DTSTART another app set since comes first.
        let set = try card("DTSTART;VALUE=DATE:20261201\r\nDUE;VALUE=DATE:20261210\r\nX-BOARDKIT-START:2026-12-20\r\n")
        #expect(set.start == DueDate(iso: "2026-12-01"))
    }

    func render(_ card: Card, over existing: String? = nil) -> String {
        ICSTodoResource.render(card, board: Board(id: "b", timeZone: "Asia/Seoul"), uid: "c.todo@b.boardkit", linkUID: { $0 },
                               alarms: [], stamp: Instant(epochSeconds: 1_800_000_000), over: existing)
    }

    @Test func aSyncedToDoHasDueOrDurationNeverBoth() throws {
        var c = Card(id: "c", title: "T", state: "todo")
        c.start = DueDate(iso: "2026-12-10")
        c.due = DueDate(iso: "2026-12-17")
        let phone = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:p@phone\r\nSUMMARY:T\r\n"
            + "DTSTART;VALUE=DATE:20261210\r\nDURATION:P1W\r\nX-PHONE:kept\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let text = render(c, over: phone)
        #expect(!text.contains("DURATION") && text.contains("DUE;VALUE=DATE:20261217") && text.contains("DTSTART;VALUE=DATE:20261210"))
        #expect(text.contains("X-PHONE:kept"))
    }

    @Test func aStartWithoutADueIsWrittenAsDTSTARTAlone() throws {
        var c = Card(id: "c", title: "T", state: "todo")
        c.start = DueDate(iso: "2026-12-10")
        let text = render(c)
        #expect(text.contains("DTSTART;VALUE=DATE:20261210") && !text.contains("DUE") && !text.contains("X-BOARDKIT-START"))
        let back = try #require(ICSTodoResource.read(text, zone: "Asia/Seoul"))
        #expect(back.card.start == c.start && back.card.due == nil)
    }

    @Test func aStartAfterTheDueComesBack() throws {
        var c = Card(id: "c", title: "T", state: "todo")
        c.start = DueDate(iso: "2026-12-20")
        c.due = DueDate(iso: "2026-12-10")
        let text = render(c)
        #expect(!text.contains("DTSTART") && text.contains("X-BOARDKIT-START:2026-12-20"))
        let back = try #require(ICSTodoResource.read(text, zone: "Asia/Seoul"))
        #expect(back.card.start == c.start && back.card.due == c.due)
        // Once the start fits before the due, DTSTART holds it and the X- property goes.
        c.start = DueDate(iso: "2026-12-01")
        let fitted = render(c, over: text)
        #expect(fitted.contains("DTSTART;VALUE=DATE:20261201") && !fitted.contains("X-BOARDKIT-START"))
    }
}
