import Foundation
import Testing
import BoardModel
import BoardIO
import BoardSample
import BoardTestSupport
@testable import BoardJSON

/// Reads canonical bytes held in memory.
func readJSON(_ text: String, file: String = "board.json", options: ReaderOptions = ReaderOptions()) -> ReadResult {
    BoardJSONReader().read(bytes: Array(text.utf8), file: file, options: options)
}

func encoded(_ board: Board) -> String {
    String(decoding: BoardJSONWriter().encode(board), as: UTF8.self)
}

@Suite("Round trip")
struct RoundTripTests {
    @Test("write → read gives the same board, write → read → write the same bytes", arguments: 1...30)
    func sampleRoundTrip(seed: Int) throws {
        let board = SampleBoard(cards: 25 + seed, weeks: 1 + seed % 8, seed: UInt64(seed)).generate()
        let bytes = BoardJSONWriter().encode(board)
        let result = BoardJSONReader().read(bytes: bytes, file: "sample.json")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let read = try #require(result.board)
        #expect(read == board)
        #expect(BoardJSONWriter().encode(read) == bytes)
    }

    @Test("the layout: top level indented, one line per state, card and event")
    func layout() {
        var card = Card(id: "c1", title: "Fix login", state: "todo",
                        due: .date(CalendarDate(year: 2026, month: 11, day: 30)!),
                        created: ISO8601.parseInstant("2026-11-02T09:00:00Z"),
                        labels: ["bug"], assignees: ["mina"], position: 1, fields: ["Story points": "3"])
        card.fields["Priority"] = "high"
        let board = Board(id: "team-web", name: "Web team", timeZone: "Asia/Seoul",
                          states: [BoardState(id: "todo", name: "TODO", category: .todo, wipLimit: 4)],
                          cards: [card],
                          events: [Event(card: "c1", at: ISO8601.parseInstant("2026-11-02T18:00:00+09:00")!,
                                         type: .created, to: "todo")],
                          metadata: ["source": "hand"])
        #expect(encoded(board) == """
        {
          "format": "boardkit/1",
          "board": {"id": "team-web", "name": "Web team", "timezone": "Asia/Seoul", "metadata": {"source": "hand"}},
          "states": [
            {"id": "todo", "name": "TODO", "category": "todo", "wipLimit": 4}
          ],
          "cards": [
            {"id": "c1", "title": "Fix login", "state": "todo", "due": "2026-11-30", "created": "2026-11-02T09:00:00Z", "labels": ["bug"], "assignees": ["mina"], "position": 1, "fields": {"Priority": "high", "Story points": "3"}}
          ],
          "events": [
            {"card": "c1", "at": "2026-11-02T18:00:00+09:00", "type": "created", "to": "todo"}
          ]
        }

        """)
    }

    @Test("an empty board still has its three arrays")
    func emptyBoard() throws {
        let board = Board(states: [], cards: [], events: [])
        let text = encoded(board)
        #expect(text == """
        {
          "format": "boardkit/1",
          "board": {"id": "board", "name": "Board", "timezone": "UTC"},
          "states": [],
          "cards": [],
          "events": []
        }

        """)
        let read = try #require(readJSON(text).board)
        #expect(read == board)
    }

    @Test("strings: escapes, control characters, Korean and emoji survive")
    func strings() throws {
        let title = "Line1\nLine2\t\"quoted\" back\\slash \u{01}\u{1F} 웹팀 🚀 \u{7F}"
        let board = Board(cards: [Card(id: "c\"1", title: title, body: "a\r\nb\u{08}\u{0C}", state: "todo")])
        let text = encoded(board)
        #expect(text.contains(#""title": "Line1\nLine2\t\"quoted\" back\\slash \u0001\u001f 웹팀 🚀 \#u{7F}""#))
        let read = try #require(readJSON(text).board)
        #expect(read.cards[0].title == title)
        #expect(read.cards[0].body == "a\r\nb\u{08}\u{0C}")
        #expect(read.cards[0].id == "c\"1")
    }

    @Test("positions: whole numbers as integers, fractions as the shortest decimal")
    func positions() throws {
        let values: [Double] = [0, 1, -3, 1.5, 0.1, 1e-7, 123456789.25, 1e20]
        let board = Board(cards: values.enumerated().map { Card(id: "c\($0)", title: "t", state: "todo", position: $1) })
        let text = encoded(board)
        #expect(text.contains(#""position": 1}"#))
        #expect(text.contains(#""position": -3}"#))
        #expect(text.contains(#""position": 1.5}"#))
        #expect(text.contains(#""position": 1e-07}"#))
        let read = try #require(readJSON(text).board)
        #expect(read.cards.map(\.position) == values)
    }

    @Test("an offset with seconds (local mean time) is written in UTC, keeping the moment")
    func offsetWithSeconds() throws {
        let lmt = Instant(epochSeconds: -2_524_521_600, offsetSeconds: 8 * 3600 + 27 * 60 + 52)
        let board = Board(cards: [Card(id: "c", title: "t", state: "todo", created: lmt)])
        let read = try #require(readJSON(encoded(board)).board)
        #expect(read.cards[0].created?.epochMilliseconds == lmt.epochMilliseconds)
        #expect(read.cards[0].created?.offsetSeconds == 0)
    }

    @Test("instants keep their offset; milliseconds only when present")
    func instants() throws {
        let at = try #require(ISO8601.parseInstant("2026-03-29T01:30:00.250-04:30"))
        let board = Board(cards: [Card(id: "c", title: "t", state: "todo", due: .instant(at), created: at)])
        let text = encoded(board)
        #expect(text.contains(#""due": "2026-03-29T01:30:00.250-04:30", "created": "2026-03-29T01:30:00.250-04:30""#))
        let read = try #require(readJSON(text).board)
        #expect(read.cards[0].due == .instant(at))
        #expect(read.cards[0].created?.offsetSeconds == Int32(-16200))
    }
}

@Suite("What the writer cannot hold")
struct WriterLossTests {
    @Test("a non-finite position and an unknown key named like a model key are left out, with a count")
    func dataNotWritten() throws {
        var card = Card(id: "c1", title: "t", state: "todo", position: .nan)
        card.extras["title"] = #""shadow""#
        card.extras["kept"] = "1"
        var other = Card(id: "c2", title: "u", state: "todo", position: .infinity)
        other.extras["not json"] = "{oops"
        let folder = try TemporaryFolder()
        let path = folder.path("out.json")
        let diagnostics = BoardJSONWriter().write(Board(cards: [card, other]), to: path, options: WriterOptions()).diagnostics
        #expect(diagnostics.map { $0.message as? JSONMessage } == [.positionsNotWritten(2), .clashingExtrasNotWritten(1)])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#"{"id": "c1", "title": "t", "state": "todo", "kept": 1}"#))
        // Text that is not JSON is written as a string rather than breaking the file.
        #expect(text.contains(#"{"id": "c2", "title": "u", "state": "todo", "not json": "{oops"}"#))
        #expect(readJSON(text).board != nil)
    }
}
