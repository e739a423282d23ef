import BoardKit
import BoardModel
import BoardSample
import BoardTestSupport
import Foundation
import Testing
@testable import BoardICS
@testable import BoardIO

/// What the `icalendar` oracle found in a file.
struct OracleCalendar: Decodable {
    struct When: Decodable, Equatable {
        var date: String?
        var epoch: Int64?
        var tzid: String?
        var floating: String?
    }
    struct Item: Decodable {
        var kind: String
        var uid: String
        var summary: String
        var description: String
        var categories: [String]
        var url: String?
        var status: String?
        var percent: Int?
        var due: When?
        var end: When?
        var sequence: Int
        var alarms: [String]
    }
    struct Calendar: Decodable {
        var name: String
        var timezones: [String]
    }
    var calendar: Calendar
    var items: [Item]
    var max_line_octets: Int
    var bare_lf: Bool

    static func parse(_ bytes: [UInt8]) throws -> OracleCalendar {
        let folder = try TemporaryFolder()
        let path = folder.path("feed.ics")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let out = try CommandRunner.python("ics_icalendar_check.py", [path])
        #expect(out.status == 0, "icalendar could not parse boardkit's feed: \(out.stderr)")
        return try JSONDecoder().decode(OracleCalendar.self, from: out.stdout)
    }
}

@Suite struct ICSWriterTests {
    static let board = SampleBoard(cards: 300, weeks: 8, seed: 7).generate()

    func encode(_ board: Board, _ calendar: CalendarOptions = CalendarOptions()) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        ICSWriter().encode(board, options: WriterOptions(calendar: calendar))
    }

    @Test func icalendarFindsEveryDatedCardWithItsDateAndUID() throws {
        let board = Self.board
        let (bytes, diagnostics) = encode(board, CalendarOptions(includeDone: true))
        #expect(!diagnostics.hasErrors)
        let oracle = try OracleCalendar.parse(bytes)
        #expect(oracle.max_line_octets <= 75)
        #expect(!oracle.bare_lf)
        #expect(oracle.calendar.timezones == [board.timeZone])
        let byUID = Dictionary(uniqueKeysWithValues: oracle.items.map { ($0.uid, $0) })
        let dated = board.cards.filter { $0.due != nil }
        #expect(oracle.items.count == dated.count)
        for card in dated {
            let item = try #require(byUID["\(card.id)@\(board.id).boardkit"], "card \(card.id) missing")
            #expect(item.kind == "VEVENT")
            #expect(item.summary == card.title)
            #expect(item.description == card.body)
            #expect(item.categories == card.labels)
            switch card.due! {
            case .date(let d):
                #expect(item.due == OracleCalendar.When(date: d.description))
                // All-day: DTEND is the next day, exclusive.
                #expect(item.end == OracleCalendar.When(date: d.addingDays(1).description))
            case .instant(let i):
                #expect(item.due?.epoch == i.epochSeconds)
                #expect(item.due?.tzid == board.timeZone)
                #expect(item.end == nil)
            }
        }
    }

    @Test func doneAndUndatedCardsAreLeftOutWithCountingWarnings() throws {
        let board = Self.board
        let (bytes, diagnostics) = encode(board)
        let oracle = try OracleCalendar.parse(bytes)
        let categories = Dictionary(uniqueKeysWithValues: board.states.map { ($0.id, $0.category) })
        let undated = board.cards.filter { $0.due == nil }.count
        let kept = board.cards.filter { $0.due != nil && !$0.archived && categories[$0.state] != .done }.count
        #expect(oracle.items.count == kept)
        let messages = diagnostics.filter { $0.code == .dataNotWritten }.map { $0.message as? ICSMessage }
        #expect(messages.contains(.withoutDueNotWritten(undated)))
        #expect(messages.contains { if case .finishedLeftOut? = $0 { true } else { false } })
        #expect(messages.contains(.eventsNotWritten(events: board.events.count, changes: 0)))
    }

    @Test func sameBoardGivesSameBytes() {
        let a = encode(Self.board).bytes
        let b = encode(SampleBoard(cards: 300, weeks: 8, seed: 7).generate()).bytes
        #expect(a == b)
        #expect(!a.isEmpty)
    }

    @Test func todosCarryStatusFromTheStateCategory() throws {
        let board = Self.board
        let (bytes, _) = encode(board, CalendarOptions(component: .both, includeDone: true))
        let oracle = try OracleCalendar.parse(bytes)
        let todos = oracle.items.filter { $0.kind == "VTODO" }
        let events = oracle.items.filter { $0.kind == "VEVENT" }
        #expect(todos.count == events.count)
        #expect(Set(oracle.items.map(\.uid)).count == oracle.items.count, "UIDs must be distinct")
        let categories = Dictionary(uniqueKeysWithValues: board.states.map { ($0.id, $0.category) })
        let cards = Dictionary(uniqueKeysWithValues: board.cards.map { ("\($0.id).todo@\(board.id).boardkit", $0) })
        for todo in todos {
            let card = try #require(cards[todo.uid])
            switch categories[card.state]! {
            case .todo: #expect(todo.status == "NEEDS-ACTION")
            case .doing: #expect(todo.status == "IN-PROCESS")
            case .done:
                #expect(todo.status == "COMPLETED")
                #expect(todo.percent == 100)
            }
        }
    }

    @Test func alarmsBecomeValarms() throws {
        let (bytes, diagnostics) = encode(Self.board, CalendarOptions(alarms: ["-P1D", "-pt2h30m"]))
        #expect(!diagnostics.hasErrors)
        let oracle = try OracleCalendar.parse(bytes)
        #expect(!oracle.items.isEmpty)
        for item in oracle.items { #expect(item.alarms == ["-P1D", "-PT2H30M"]) }
        let bad = encode(Self.board, CalendarOptions(alarms: ["one day"]))
        #expect(bad.diagnostics.map(\.code) == [.icsBadAlarm])
        #expect(bad.bytes.isEmpty)
    }

    @Test func foldingAndEscapingWithKoreanAndEmoji() throws {
        let title = "마감: 로그인 오류 수정; 결제, 알림 🙏🏽👩‍💻 " + String(repeating: "한글과 이모지 😀 ", count: 12)
        let body = "첫 줄\n둘째 줄, 쉼표; 세미콜론 \\ 백슬래시\r\n셋째 줄 🎉"
        let card = Card(id: "c1", title: title, body: body, state: "todo",
                        due: .date(CalendarDate(year: 2026, month: 12, day: 24)!), labels: ["버그, 긴급", "ui;web"],
                        url: "https://example.com/a,b;c")
        let board = Board(id: "kr", name: "팀 보드 🚀", timeZone: "Asia/Seoul", cards: [card])
        let (bytes, _) = encode(board)
        // Every physical line is at most 75 octets and valid UTF-8 on its own.
        var start = 0
        var folded = 0
        for k in 0..<(bytes.count - 1) where bytes[k] == 13 && bytes[k + 1] == 10 {
            let line = Array(bytes[start..<k])
            #expect(line.count <= 75)
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a UTF-8 sequence")
            if line.first == 32 { folded += 1 }
            start = k + 2
        }
        #expect(start == bytes.count, "the file ends with CRLF")
        #expect(folded >= 5)
        let oracle = try OracleCalendar.parse(bytes)
        let item = try #require(oracle.items.first)
        #expect(oracle.calendar.name == "팀 보드 🚀")
        #expect(item.summary == title)
        #expect(item.description == "첫 줄\n둘째 줄, 쉼표; 세미콜론 \\ 백슬래시\n셋째 줄 🎉")
        #expect(item.categories == ["버그, 긴급", "ui;web"])
        #expect(item.url == "https://example.com/a,b;c")
        // And boardkit reads its own folding back.
        let back = try #require(ICSReader().read(bytes: bytes, name: "kr.ics").board)
        #expect(back.cards.first?.title == title)
        #expect(back.cards.first?.labels == ["버그, 긴급", "ui;web"])
    }

    @Test func instantsOutsideTheBoardZoneKeepTheirOffset() throws {
        let due = Instant(epochSeconds: 1_795_683_600, offsetSeconds: 5 * 3600 + 1800)
        let board = Board(id: "b", timeZone: "Europe/Berlin",
                          cards: [Card(id: "x", title: "India", state: "todo", due: .instant(due))])
        let (bytes, _) = encode(board)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("DTSTART;X-BOARDKIT-OFFSET=+0530:20261126T090000Z"))
        let back = ICSReader().read(bytes: bytes, name: "b.ics")
        #expect(back.board?.cards.first?.due == .instant(due))
    }

    @Test func vtimezoneFollowsDaylightSavingChanges() throws {
        // Berlin: +01:00 in winter, +02:00 in summer; the VTIMEZONE must say both.
        let zone = try #require(Zone.named("Europe/Berlin"))
        let winter = zone.localize(Instant(epochSeconds: 1_768_899_600)) // 2026-01-20
        let summer = zone.localize(Instant(epochSeconds: 1_784_102_400)) // 2026-07-15
        let board = Board(id: "b", timeZone: "Europe/Berlin", cards: [
            Card(id: "w", title: "winter", state: "todo", due: .instant(winter)),
            Card(id: "s", title: "summer", state: "todo", due: .instant(summer)),
        ])
        let (bytes, _) = encode(board)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("BEGIN:DAYLIGHT"))
        #expect(text.contains("TZOFFSETTO:+0200"))
        let oracle = try OracleCalendar.parse(bytes)
        let epochs = Dictionary(uniqueKeysWithValues: oracle.items.map { ($0.summary, $0.due?.epoch) })
        #expect(epochs["winter"] == winter.epochSeconds)
        #expect(epochs["summer"] == summer.epochSeconds)
    }

    @Test func durationsFollowRFC5545() {
        #expect(ICSDuration("-P1D")?.description == "-P1D")
        #expect(ICSDuration("P1W")?.description == "P1W")
        #expect(ICSDuration("-PT1H5S")?.description == "-PT1H0M5S")
        #expect(ICSDuration("P1W2D")?.description == "P9D")
        #expect(ICSDuration("P1Y") == nil)
        #expect(ICSDuration("PT") == nil)
        #expect(ICSDuration("-P") == nil)
        #expect(ICSDuration("1D") == nil)
    }
}

@Suite("Feeds larger than a writer's chunk")
struct LargeFeedTests {
    @Test("20,000 cards' items are made in chunks on several cores, in card order, counted once, as one worker makes them")
    func largeFeed() throws {
        let board = SampleBoard(cards: 20_000, weeks: 1, seed: 13).generate()
        var options = WriterOptions()
        options.calendar.component = .both
        let (bytes, diagnostics) = Parallelism.withWorkers(4) { ICSWriter().encode(board, options: options) }
        let alone = Parallelism.withWorkers(1) { ICSWriter().encode(board, options: options) }
        #expect(bytes == alone.0)
        #expect(diagnostics.map(\.description) == alone.1.map(\.description))
        let text = String(decoding: bytes, as: UTF8.self)
        let uids = text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
        let kept = board.cards.filter { card in
            card.due != nil && !card.archived && board.category(ofState: card.state) != .done
        }
        #expect(uids.count == 2 * kept.count)
        // VEVENT then VTODO for each card, in board order.
        #expect(uids.enumerated().allSatisfy { k, uid in uid.hasPrefix(kept[k / 2].id + (k % 2 == 0 ? "@" : ".todo@")) })
        let undated = board.cards.filter { $0.due == nil }.count
        #expect(diagnostics.contains { $0.message as? ICSMessage == .withoutDueNotWritten(undated) })
    }
}
