import Testing
import BoardValidation
import BoardModel
import BoardSample
import BoardTestSupport
import Foundation
@testable import BoardJSON
@testable import BoardIO

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

@Suite("Memory")
struct MemoryTests {
    @Test("pages handed back to the kernel during the read are read again for diagnostics")
    func releasedPagesStillLocate() throws {
        var board = SampleBoard(cards: 300, weeks: 2, seed: 8).generate()
        board.cards[2].state = "nowhere"
        board.cards[290].state = "gone"
        let folder = try TemporaryFolder()
        let path = folder.path("board.json")
        #expect(BoardJSONWriter().write(board, to: path, options: WriterOptions()).diagnostics.isEmpty)
        guard case .success(let text) = MappedText.load(path: path) else {
            Issue.record("cannot map \(path)")
            return
        }
        // Release after every 4 KiB parsed: by the end, almost nothing is resident.
        var decoder = BoardDecoder(text: text, file: "board.json", options: ReaderOptions(), releaseStep: 4096)
        let result = decoder.decode()
        let read = try #require(result.board)
        #expect(read == board)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let found = BoardValidator.validate(read, sourceMap: result.sourceMap).filter { $0.code == .unknownState }
        #expect(found.count == 2)
        for d in found {
            let l = try #require(d.location)
            let line = lines[try #require(l.line) - 1]
            let column = try #require(l.column)
            // The column points at the bad state's value on the card's own line.
            let rest = String(line.dropFirst(column - 1))
            #expect(rest.hasPrefix("\"nowhere\"") || rest.hasPrefix("\"gone\""), "\(l): \(rest.prefix(20))")
        }
    }
}
