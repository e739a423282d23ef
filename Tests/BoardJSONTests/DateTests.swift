import Testing
import BoardModel
import BoardIO
@testable import BoardJSON

@Suite("Dates")
struct DateTests {
    @Test("a date-only due stays a calendar date; a timestamp keeps its offset")
    func dueKinds() throws {
        let board = try #require(readJSON(#"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "t", "state": "todo", "due": "2026-11-30", "start": "2026-11-02T18:00:00+09:00"}]}"#).board)
        #expect(board.cards[0].due == .date(CalendarDate(year: 2026, month: 11, day: 30)!))
        #expect(board.cards[0].start == .instant(Instant(epochSeconds: 1_793_610_000, offsetSeconds: 9 * 3600)))
    }

    @Test("times without an offset are read in the board's zone (even when the board comes last), with one warning")
    func localTimes() throws {
        let text = #"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "t", "state": "todo", "created": "2026-11-02T09:00:00", "due": "2026-11-30T18:00", "updated": "2026-11-03"}], "events": [{"card": "c1", "at": "2026-11-02T09:00:00", "type": "created", "to": "todo"}], "board": {"id": "b", "name": "B", "timezone": "Asia/Seoul"}}"#
        let result = readJSON(text)
        let board = try #require(result.board)
        let seoul: Int32 = 9 * 3600
        #expect(board.cards[0].created == ISO8601.parseInstant("2026-11-02T09:00:00+09:00"))
        #expect(board.cards[0].created?.offsetSeconds == seoul)
        #expect(board.cards[0].due == .instant(ISO8601.parseInstant("2026-11-30T18:00:00+09:00")!))
        #expect(board.cards[0].updated == ISO8601.parseInstant("2026-11-03T00:00:00+09:00"))
        #expect(board.events[0].at == ISO8601.parseInstant("2026-11-02T09:00:00+09:00"))
        #expect(result.diagnostics.map { $0.message as? JSONMessage } == [.localTimes(count: 4, zone: "Asia/Seoul", known: true)])
        #expect(result.diagnostics.first?.location?.path == "cards[0].created")
    }

    @Test("--timezone overrides the board's zone for times without an offset")
    func optionZone() throws {
        let text = #"{"format": "boardkit/1", "cards": [{"id": "c1", "title": "t", "state": "todo", "created": "2026-07-01T12:00:00"}]}"#
        let board = try #require(readJSON(text, options: ReaderOptions(timeZone: "America/New_York")).board)
        #expect(board.cards[0].created == ISO8601.parseInstant("2026-07-01T12:00:00-04:00"))
        #expect(board.cards[0].created?.offsetSeconds == Int32(-14400))
    }

    @Test("an unknown zone places such times in UTC and says so")
    func unknownZone() throws {
        let text = #"{"format": "boardkit/1", "board": {"timezone": "Mars/Base"}, "cards": [{"id": "c1", "title": "t", "state": "todo", "created": "2026-07-01T12:00:00"}]}"#
        let result = readJSON(text)
        #expect(result.board?.cards[0].created == ISO8601.parseInstant("2026-07-01T12:00:00Z"))
        #expect(result.diagnostics.first?.message as? JSONMessage == .localTimes(count: 1, zone: "Mars/Base", known: false))
    }

    @Test("written dates are exactly the ISO forms read")
    func writtenForms() throws {
        let text = """
        {
          "format": "boardkit/1",
          "board": {"id": "b", "name": "B", "timezone": "UTC"},
          "states": [
            {"id": "todo", "name": "TODO", "category": "todo"}
          ],
          "cards": [
            {"id": "c1", "title": "t", "state": "todo", "due": "2024-02-29", "start": "2026-11-02T18:00:00.125+05:45", "created": "1969-12-31T23:59:59Z", "completed": "2026-11-02T00:00:00-12:00"}
          ],
          "events": []
        }

        """
        let board = try #require(readJSON(text).board)
        #expect(encoded(board) == text)
    }
}
