import Testing
import BoardModel
import BoardSample
@testable import BoardJSON

@Suite("Source map")
struct SourceMapTests {
    @Test("the validator's diagnostics point at file:line:col of the field")
    func validatorLocations() throws {
        var board = SampleBoard(cards: 20, weeks: 2, seed: 5).generate()
        board.cards[12].state = "nowhere"
        let text = encoded(board)
        let result = readJSON(text)
        let read = try #require(result.board)
        let diagnostics = BoardValidator.validate(read, sourceMap: result.sourceMap)
        let d = try #require(diagnostics.first { $0.code == .unknownState })
        let location = try #require(d.location)
        // Cards start on line 11 (after 4 states and two bracket lines); card 12 is line 23.
        #expect(location.line == 23)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[22]
        let column = line.distance(from: line.startIndex, to: line.range(of: #""nowhere""#)!.lowerBound) + 1
        #expect(location.column == column)
        #expect(location.path == "cards[12].state")
        #expect(location.description == "board.json:23:\(column) (cards[12].state)")
    }

    @Test("objects, fields and the board map to their places, on one line or many")
    func places() throws {
        let text = "{\"format\": \"boardkit/1\",\n \"board\": {\"id\": \"b\", \"name\": \"B\",\n   \"timezone\": \"Mars/Base\"},\n \"events\": [{\"card\": \"x\", \"at\": \"2026-01-01T00:00:00Z\", \"type\": \"created\"}, {\"card\": \"웹\", \"at\": \"2026-01-01T00:00:00Z\", \"type\": \"created\"}]}"
        let result = readJSON(text)
        let map = result.sourceMap
        func at(_ p: ModelPath) -> String {
            let l = map.location(of: p)
            return "\(l.line ?? 0):\(l.column ?? 0)"
        }
        #expect(at(.board(field: "timezone")) == "3:16")
        #expect(at(.board(field: nil)) == "2:11")
        #expect(at(.event(index: 0, field: nil)) == "4:13")
        #expect(at(.event(index: 1, field: "card")) == "4:86")
        // Columns count characters, not bytes: "웹" is one column.
        #expect(at(.event(index: 1, field: "at")) == "4:97")
        #expect(map.location(of: .card(index: 3, field: "due")).line == nil) // no such card
    }
}
