import Testing
import BoardModel
import BoardIO
import BoardSample
@testable import BoardJSON

/// Bad input of every sort gives diagnostics, never a crash or a hang.
@Suite("Robustness")
struct RobustnessTests {
    @Test("every prefix of a canonical file is a syntax error, never a crash")
    func everyPrefix() {
        var board = SampleBoard(cards: 3, weeks: 1, seed: 4).generate()
        board.cards[0].extras["x"] = #"{"a": [1, "\u00e9", true]}"#
        board.cards[1].title = "탭\t\"인용\" 🚀"
        let bytes = BoardJSONWriter().encode(board)
        for n in 0..<(bytes.count - 1) {
            let result = BoardJSONReader().read(bytes: bytes[..<n])
            #expect(result.board == nil)
            let errors = result.diagnostics.filter { $0.severity == .error }
            #expect(errors.count == 1 && (errors[0].code == .jsonSyntax || errors[0].code == .jsonInvalidUTF8),
                    "prefix \(n): \(errors)")
        }
        // Without its final newline it is still the same board.
        #expect(BoardJSONReader().read(bytes: bytes.dropLast()).board == board)
    }

    @Test("random garbage gives one error")
    func garbage() {
        var rng = SplitMix(seed: 42)
        for length in [1, 7, 100, 4096, 1 << 20] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let result = BoardJSONReader().read(bytes: bytes)
            #expect(result.board == nil)
            #expect(result.diagnostics.count == 1)
        }
        // Garbage that starts like an object.
        let bytes = Array(#"{"cards": [{"id": ""#.utf8) + (0..<10_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        #expect(BoardJSONReader().read(bytes: bytes).diagnostics.hasErrors)
    }

    @Test("deep nesting inside an unknown key stops at 512 levels with json-too-deep")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = readJSON(#"{"format": "boardkit/1", "x": "# + deep + "}")
        #expect(result.diagnostics.map(\.code) == [.jsonTooDeep])
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(readJSON(#"{"format": "boardkit/1", "x": "# + fine + "}").board?.extras["/x"]?.count == 1000)
    }

    @Test("a huge number, a long string, a huge file of one string")
    func huge() {
        let digits = String(repeating: "9", count: 100_000)
        let n = readJSON(#"{"format": "boardkit/1", "cards": [{"id": "c", "title": "t", "state": "todo", "position": \#(digits)}]}"#)
        #expect(n.diagnostics.map(\.code) == [.jsonInvalidValue])
        let unknown = readJSON(#"{"format": "boardkit/1", "n": \#(digits)}"#)
        #expect(unknown.board?.extras["/n"]?.count == 100_000)
        let title = String(repeating: "가", count: 1_000_000)
        let s = readJSON(#"{"format": "boardkit/1", "cards": [{"id": "c", "title": "\#(title)", "state": "todo"}]}"#)
        #expect(s.board?.cards.first?.title == title)
    }

    @Test("a missing file, a folder: io-error diagnostics")
    func io() {
        let missing = BoardJSONReader().read(BoardInput(path: "/nonexistent/board.json"), options: ReaderOptions())
        #expect(missing.diagnostics.map(\.code) == [.ioError])
        let folder = BoardJSONReader().read(BoardInput(path: "/tmp"), options: ReaderOptions())
        #expect(folder.diagnostics.map(\.code) == [.ioError] || folder.diagnostics.first?.code == .jsonSyntax)
        let unwritable = BoardJSONWriter().write(Board(), to: "/nonexistent/out.json", options: WriterOptions()).diagnostics
        #expect(unwritable.map(\.code) == [.ioError])
    }

    @Test("sniffing: boardkit files yes, other JSON no")
    func sniffing() {
        let reader = BoardJSONReader()
        #expect(reader.recognizes(head: BoardJSONWriter().encode(Board())))
        #expect(reader.recognizes(head: Array("\u{FEFF}{ \"format\" : \"boardkit/1\"}".utf8)))
        #expect(reader.recognizes(head: Array(#"{"cards": [], "states": []}"#.utf8)))
        #expect(!reader.recognizes(head: Array(#"{"format": "trello", "cards": [], "states": []}"#.utf8)))
        #expect(!reader.recognizes(head: Array(#"{"id": "5f", "lists": [], "cards": []}"#.utf8)))
        #expect(!reader.recognizes(head: Array(#"[{"uuid": "x", "description": "task"}]"#.utf8)))
        #expect(!reader.recognizes(head: Array("id,title\n1,a\n".utf8)))
    }
}

/// A tiny deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
