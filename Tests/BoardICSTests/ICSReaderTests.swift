import BoardKit
import BoardModel
import BoardSample
import BoardTestSupport
import Foundation
import Testing
@testable import BoardICS
@testable import BoardIO
import BoardValidation

/// What the foreign-writer oracle says each item must read as.
struct ForeignExpectation: Decodable {
    struct Item: Decodable {
        var uid: String
        var summary: String
        var due: OracleCalendar.When
        var state_category: String
        var labels: [String]
        var description: String
        var fields: [String: String]
        var recurs: Bool
    }
    var items: [Item]
}

@Suite struct ICSReaderTests {
    func read(_ text: String, options: ReaderOptions = ReaderOptions()) -> ReadResult {
        ICSReader().read(bytes: Array(text.utf8), name: "t.ics", options: options)
    }

    @Test func boardkitsOwnFeedReadsBackToTheSameCards() throws {
        let board = SampleBoard(cards: 400, weeks: 8, seed: 3).generate()
        let options = WriterOptions(calendar: CalendarOptions(component: .both, includeDone: true, showState: true))
        let bytes = ICSWriter().encode(board, options: options).bytes
        let result = ICSReader().read(bytes: bytes, name: "feed.ics")
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let back = try #require(result.board)
        #expect(back.id == board.id)
        #expect(back.name == board.name)
        #expect(back.timeZone == board.timeZone)
        #expect(back.states == board.states)
        let dated = board.cards.filter { $0.due != nil }
        #expect(back.cards.count == dated.count)
        let byID = Dictionary(uniqueKeysWithValues: back.cards.map { ($0.id, $0) })
        for card in dated {
            let got = try #require(byID[card.id])
            #expect(got.title == card.title)
            #expect(got.body == card.body)
            #expect(got.due == card.due)
            #expect(got.labels == card.labels)
            #expect(got.url == card.url)
            #expect(got.state == card.state)
            #expect(got.assignees == card.assignees)
            #expect(got.fields == card.fields)
            #expect(got.created == card.created.map { $0.utc })
            #expect(got.completed?.epochMilliseconds == card.completed.map { $0.epochMilliseconds / 1000 * 1000 })
        }
        #expect(BoardValidator.validate(back, sourceMap: result.sourceMap).filter { $0.severity == .error }.isEmpty)
    }

    @Test(arguments: ["icalendar", "vobject"])
    func otherToolsFilesReadCorrectly(library: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("\(library).ics")
        let out = try CommandRunner.python("ics_foreign_write.py", [library, path])
        #expect(out.status == 0, "\(out.stderr)")
        let expected = try JSONDecoder().decode(ForeignExpectation.self, from: out.stdout)
        let result = ICSReader().read(BoardInput(path: path), options: ReaderOptions(timeZone: "Asia/Seoul"))
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        #expect(result.diagnostics.contains { $0.code == .icsRecurrenceNotExpanded })
        let board = try #require(result.board)
        #expect(board.name == "Oracle calendar")
        let byID = Dictionary(uniqueKeysWithValues: board.cards.map { ($0.id, $0) })
        #expect(board.cards.count == expected.items.count)
        let seoul = try #require(Zone.named("Asia/Seoul"))
        for item in expected.items {
            let card = try #require(byID[item.uid], "\(item.uid) missing")
            #expect(card.title == item.summary)
            #expect(card.body == item.description)
            #expect(card.labels == item.labels)
            #expect(board.category(ofState: card.state)?.rawValue == item.state_category, "\(item.uid)")
            for (name, value) in item.fields { #expect(card.fields[name] == value) }
            if item.recurs { #expect(card.fields["RRULE"] != nil) }
            switch (item.due.date, item.due.epoch, item.due.floating) {
            case (let d?, _, _):
                #expect(card.due == DueDate(iso: d), "\(item.uid)")
            case (_, let e?, _):
                guard case .instant(let i)? = card.due else { Issue.record("\(item.uid) has no instant due"); continue }
                #expect(i.epochSeconds == e, "\(item.uid)")
            case (_, _, let f?):
                // Floating: read in --timezone (Asia/Seoul here).
                guard case .local(let l)? = ISO8601.parse(Array(f.utf8)),
                      case .instant(let i)? = card.due else { Issue.record("\(item.uid)"); continue }
                #expect(i == seoul.instant(l))
            default:
                Issue.record("no expectation for \(item.uid)")
            }
        }
    }

    @Test func parametersQuotedAndEscaped() throws {
        let text = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        BEGIN:VEVENT\r
        UID:q1\r
        DTSTART;TZID="America/New_York";X-NOTE="a;b:c, ^'quoted^' ^^":20261130T090000\r
        SUMMARY;LANGUAGE=ko:회의\\, 준비\\; 끝\\nnext\r
        X-CUSTOM;X-P="x:y":value with \\, comma\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
        let result = read(text)
        let card = try #require(result.board?.cards.first)
        #expect(card.title == "회의, 준비; 끝\nnext")
        let ny = try #require(Zone.named("America/New_York"))
        #expect(card.due == .instant(ny.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 30)!, hour: 9))))
        #expect(card.fields["X-CUSTOM"] == "value with , comma")
    }

    @Test func foldedLinesUnfoldAcrossSpacesAndTabs() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:f1\r\nDUE;VALUE=DATE:2026\r\n 1130\r\nSUMMARY:Long ti\r\n\ttle 한\r\n 글\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let card = try #require(read(text).board?.cards.first)
        #expect(card.title == "Long title 한글")
        #expect(card.due == .date(CalendarDate(year: 2026, month: 11, day: 30)!))
    }

    @Test func floatingTimesUseTheTimeZoneOption() throws {
        let text = "BEGIN:VCALENDAR\nX-WR-TIMEZONE:Europe/Berlin\nBEGIN:VEVENT\nUID:x\nDTSTART:20260715T120000\nEND:VEVENT\nEND:VCALENDAR\n"
        let inBerlin = try #require(read(text).board?.cards.first?.due)
        #expect(inBerlin.description == "2026-07-15T12:00:00+02:00")
        let inSeoul = try #require(read(text, options: ReaderOptions(timeZone: "Asia/Seoul")).board?.cards.first?.due)
        #expect(inSeoul.description == "2026-07-15T12:00:00+09:00")
    }

    // MARK: Bad input: a diagnostic with the line, never a crash.

    func codes(_ r: ReadResult) -> [String] { r.diagnostics.map(\.code.id) }

    @Test func mismatchedEndIsReportedWithItsLine() {
        let r = read("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nEND:VTODO\nEND:VEVENT\nEND:VCALENDAR\n")
        let d = r.diagnostics.first { $0.code == .icsComponentMismatch }
        #expect(d?.location?.line == 4)
        #expect(d?.location?.description == "t.ics:4")
    }

    @Test func unterminatedComponentNamesTheBeginLine() {
        let r = read("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20261130\n")
        let lines = r.diagnostics.filter { $0.code == .icsUnterminatedComponent }.compactMap(\.location?.line)
        #expect(lines.sorted() == [1, 2])
        #expect(r.diagnostics.hasErrors)
    }

    @Test func badDatesAreErrorsAtTheirLine() {
        let r = read("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART:20260230\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nDTSTART:tomorrow\nEND:VEVENT\nEND:VCALENDAR\n")
        let bad = r.diagnostics.filter { $0.code == .invalidDate }
        #expect(bad.compactMap(\.location?.line) == [4, 8])
        #expect(bad.map { $0.message as? ICSMessage } == [.impossibleDate(name: "DTSTART", shown: "20260230", kept: false),
                                                         .malformedDate(name: "DTSTART", shown: "tomorrow", kept: false)])
    }

    @Test func binaryJunkIsNotText() {
        var junk = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n".utf8)
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<100_000 {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            junk.append(UInt8(truncatingIfNeeded: x))
        }
        let r = ICSReader().read(bytes: junk, name: "junk.ics")
        #expect(r.board == nil)
        #expect(codes(r) == ["ics-not-text"])
        #expect(r.diagnostics.first?.location?.line ?? 0 >= 3)
    }

    @Test func absurdlyLongLineStopsTheRead() {
        let long = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:" + String(repeating: "x", count: 2 << 20) + "\nEND:VEVENT\nEND:VCALENDAR\n"
        let r = read(long)
        #expect(r.board == nil)
        #expect(codes(r) == ["ics-line-too-long"])
        #expect(r.diagnostics.first?.location?.line == 3)
        // Folded into many short lines, it is just as long.
        let folded = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\n" + String(repeating: " xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", count: 40_000)
        #expect(codes(read(folded)) == ["ics-line-too-long"])
    }

    @Test func notICalendarAtAll() {
        #expect(codes(read("hello,world\n1,2\n")) == ["ics-not-icalendar"])
        #expect(codes(read("")) == ["ics-not-icalendar"])
        let malformed = read("BEGIN:VCALENDAR\nthis line has no colon\nEND:VCALENDAR\n")
        #expect(malformed.diagnostics.first { $0.code == .icsMalformedLine }?.location?.line == 2)
    }

    @Test func manyBadLinesAreCappedWithACount() {
        let text = "BEGIN:VCALENDAR\n" + String(repeating: "no colon here\n", count: 500) + "END:VCALENDAR\n"
        let r = read(text)
        let malformed = r.diagnostics.filter { $0.code == .icsMalformedLine }
        #expect(malformed.count == 21)
        #expect(malformed.first?.message as? ICSMessage == .malformedLine(.badParameter))
        #expect(malformed.last?.message as? BoardIOMessage == .moreNotShown(.icsMalformedLine, count: 480))
    }

    @Test func sniffsICalendar() {
        #expect(ICSReader().recognizes(head: Array("\u{FEFF}BEGIN:VCALENDAR\r\n".utf8)))
        #expect(ICSReader().recognizes(head: Array("\n begin:vcalendar\n".utf8)))
        #expect(!ICSReader().recognizes(head: Array("{\"format\": \"boardkit/1\"}".utf8)))
    }

    @Test func commandLineExitsOneOnBadCalendarsAndConvertsGoodOnes() throws {
        let folder = try TemporaryFolder()
        let bad = folder.path("bad.ics")
        try "BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:2026-13-01\nEND:VEVENT\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let r = try CommandRunner.boardkit(["convert", bad, folder.path("out.json")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("bad.ics:3"))
        #expect(r.stderr.contains("bad.ics:1"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))

        let sample = CommandRunner.sample("board.json")
        let ics = folder.path("board.ics")
        let w = try CommandRunner.boardkit(["convert", sample, ics, "--component", "todo", "--alarm=-PT2H", "--include-done"])
        #expect(w.status == 0, "\(w.stderr)")
        let text = try String(contentsOfFile: ics, encoding: .utf8)
        #expect(text.contains("BEGIN:VTODO"))
        #expect(!text.contains("BEGIN:VEVENT"))
        #expect(text.contains("TRIGGER;RELATED=END:-PT2H"))
        let back = try CommandRunner.boardkit(["convert", ics, folder.path("back.json")])
        #expect(back.status == 0, "\(back.stderr)")
    }
}

@Suite("Reading a calendar file where it is mapped")
struct ICSMappedFileTests {
    @Test("the scanner reports how far it got, in order, and only at line starts")
    func passedOffsets() throws {
        let text = "BEGIN:VCALENDAR\r\n" + (0..<50).map { "BEGIN:VTODO\r\nUID:u\($0)\r\nSUMMARY:Task \($0)\r\n folded\r\nEND:VTODO\r\n" }.joined() + "END:VCALENDAR\r\n"
        let bytes = Array(text.utf8)
        var passed: [Int] = []
        var lines = 0
        var folds = ICSLineScanner.BlankLineFolds()
        try bytes.withUnsafeBufferPointer { file in
            try ICSLineScanner.scan(file, blankLineFolds: &folds, passed: { passed.append($0) }, step: 100) { _, _ in lines += 1 }
        }
        #expect(lines == 2 + 50 * 4)
        #expect(!passed.isEmpty)
        #expect(passed == passed.sorted())
        #expect(passed.allSatisfy { $0 > 0 && $0 < bytes.count && bytes[$0 - 1] == 10 && bytes[$0] != 32 })
    }

    @Test("a file read from its path gives what its bytes give")
    func pathAndBytes() throws {
        let text = "BEGIN:VCALENDAR\r\nX-WR-CALNAME:Team\r\n" + (0..<30).map { "BEGIN:VEVENT\r\nUID:e\($0)\r\nDTSTART;VALUE=DATE:202611\(10 + $0 % 18)\r\nSUMMARY:Event \($0)\r\nEND:VEVENT\r\n" }.joined() + "BEGIN:VEVENT\r\nSUMMARY:no date\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString).ics").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromPath = ICSReader().read(BoardInput(path: path, displayName: "t.ics"), options: ReaderOptions())
        let fromBytes = ICSReader().read(bytes: Array(text.utf8), name: "t.ics")
        let board = try #require(fromPath.board)
        #expect(board == fromBytes.board)
        #expect(board.cards.count == 31)
        #expect(fromPath.diagnostics.map(\.description) == fromBytes.diagnostics.map(\.description))
    }
}

@Suite("Cards made as their items are read")
struct ICSStreamedItemsTests {
    private func events(_ n: Int) -> String {
        (0..<n).map { "BEGIN:VEVENT\r\nUID:e\($0)\r\nDTSTART:20261130T0900\($0 % 10)0\r\nSUMMARY:Meeting \($0)\r\nEND:VEVENT\r\n" }.joined()
    }

    @Test("a zone, a board id or a VTIMEZONE after the items gives what it gives before them",
          arguments: ["X-WR-TIMEZONE:Asia/Seoul\r\n", "X-BOARDKIT-BOARD:team\r\n",
                      "BEGIN:VTIMEZONE\r\nTZID:Office\r\nX-LIC-LOCATION:Asia/Seoul\r\nEND:VTIMEZONE\r\n"])
    func lateCalendarProperty(property: String) throws {
        let items = events(5) + "BEGIN:VEVENT\r\nUID:z\r\nDTSTART;TZID=Office:20261201T100000\r\nSUMMARY:Zoned\r\nEND:VEVENT\r\n"
        let before = "BEGIN:VCALENDAR\r\n" + property + items + "END:VCALENDAR\r\n"
        let after = "BEGIN:VCALENDAR\r\n" + items + property + "END:VCALENDAR\r\n"
        let a = ICSReader().read(bytes: Array(before.utf8), name: "t.ics")
        let b = ICSReader().read(bytes: Array(after.utf8), name: "t.ics")
        let board = try #require(a.board)
        #expect(b.board == board)
        // The same findings; their lines differ by where the property is.
        #expect(b.diagnostics.map { $0.message as? ICSMessage } == a.diagnostics.map { $0.message as? ICSMessage })
    }
}
