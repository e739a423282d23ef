import Testing
import BoardValidation
import Foundation
import BoardModel
import BoardSample
import BoardTabular
import BoardTestSupport
@testable import BoardCSV
@testable import BoardIO

/// JSON → CSV → JSON with the events sidecar gives the same board.
@Suite struct RoundTripTests {
    /// Writes `board` as CSV (+ sidecar) and reads it back.
    static func roundTrip(_ board: Board, folder: TemporaryFolder, options: WriterOptions = WriterOptions()) -> (ReadResult, [Diagnostic]) {
        let csv = folder.path("board.csv"), events = folder.path("events.csv")
        var w = options
        w.eventsPath = events
        let written = CSVWriter().write(board, to: csv, options: w).diagnostics
        let read = CSVReader().read(BoardInput(path: csv), options: ReaderOptions(eventsPath: events))
        return (read, written)
    }

    @Test(arguments: Array(UInt64(1)...25))
    func sampleBoardsComeBackEqual(seed: UInt64) throws {
        let board = SampleBoard(cards: 60, weeks: 10, seed: seed).generate()
        let folder = try TemporaryFolder()
        let (read, written) = Self.roundTrip(board, folder: folder)
        #expect(!written.hasErrors)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let back = try #require(read.board)
        #expect(back.cards.count == board.cards.count)
        for (a, b) in zip(back.cards, board.cards) where a != b {
            Issue.record("card \(b.id) differs:\n  wrote \(b)\n  read  \(a)")
            break
        }
        #expect(back == board)
        #expect(BoardValidator.validate(back, sourceMap: read.sourceMap).filter { $0.severity == .error }.isEmpty)
    }

    @Test func excelDialectRoundTrips() throws {
        let board = SampleBoard(cards: 30, seed: 7).generate()
        let folder = try TemporaryFolder()
        let (read, _) = Self.roundTrip(board, folder: folder, options: WriterOptions(excel: true))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path("board.csv")))
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: bytes, as: UTF8.self).contains("\r\n"))
        #expect(read.board == board)
    }

    @Test func awkwardTextSurvives() throws {
        let states = [BoardState(id: "todo", name: "To, do", category: .todo),
                      BoardState(id: "q", name: "QA \"gate\"", category: .doing, wipLimit: 2),
                      BoardState(id: "done", name: "완료", category: .done)]
        let cards = [
            Card(id: "a,1", title: "  leading and trailing  ", body: "line 1\r\nline 2\n\"quoted\", comma", state: "q",
                 due: .date(CalendarDate(year: 2026, month: 2, day: 28)!), labels: ["a, b", "back\\slash", " pad "],
                 assignees: ["김민아", "x"], position: 2.5, archived: true, url: "https://e.com/?a=1,2",
                 fields: ["title": "clash", "Notes;": "semi;colon", "field:x": "prefixed"]),
            Card(id: "b", title: "=SUM(A1)", state: "done",
                 completed: Instant(epochMilliseconds: 1_790_000_000_123, offsetSeconds: -5 * 3600)),
        ]
        let board = Board(id: "b-1", name: "Naming, \"things\"", timeZone: "Europe/Berlin", states: states,
                          cards: cards, events: [Event(card: "b", at: Instant(epochSeconds: 1_789_000_000), type: .moved, from: "q", to: "done", actor: "a,b")],
                          metadata: ["k": "v,\"w\""])
        let folder = try TemporaryFolder()
        let (read, _) = Self.roundTrip(board, folder: folder)
        #expect(read.diagnostics.filter { $0.severity == .error }.isEmpty, "\(read.diagnostics)")
        #expect(read.board == board)
    }

    @Test func withoutSidecarWarnsAboutEventsAndCatalogue() throws {
        let board = SampleBoard(cards: 20, seed: 3).generate()
        let folder = try TemporaryFolder()
        let diagnostics = CSVWriter().write(board, to: folder.path("b.csv"), options: WriterOptions()).diagnostics
        let messages = diagnostics.map { $0.message as? CSVMessage }
        #expect(messages.contains(.eventsNotWritten(events: board.events.count, changes: 0)))
        #expect(messages.contains { if case .boardNotWritten(let parts)? = $0 { parts.contains(.states(SampleBoard.states.count, renamed: false)) } else { false } })
        #expect(diagnostics.allSatisfy { $0.code == .dataNotWritten })
        // Read back without it: states by name, categories guessed, cards intact.
        let read = CSVReader().read(BoardInput(path: folder.path("b.csv")), options: ReaderOptions())
        let back = try #require(read.board)
        #expect(back.cards.map(\.title) == board.cards.map(\.title))
        #expect(Set(back.states.map(\.name)) == Set(board.cards.map { c in board.state(withID: c.state)!.name }))
        let categories = Dictionary(uniqueKeysWithValues: SampleBoard.states.map { ($0.name, $0.category) })
        #expect(back.states.allSatisfy { state in categories[state.name] == state.category })
        #expect(back.events.isEmpty)
    }
}

@Suite("CSV boards larger than a writer's chunk")
struct LargeCSVTests {
    @Test("20,000 cards written in chunks on several cores (the bytes one worker writes) come back equal and in order, Excel dialect too",
          arguments: [false, true])
    func largeRoundTrip(excel: Bool) throws {
        let board = SampleBoard(cards: 20_000, weeks: 1, seed: 12).generate()
        let folder = try TemporaryFolder()
        var options = WriterOptions()
        options.excel = excel
        let (read, written) = RoundTripTests.roundTrip(board, folder: folder, options: options)
        #expect(!written.hasErrors)
        let several = Parallelism.withWorkers(4) { CSVWriter().encode(board, options: options) }
        #expect(several == Parallelism.withWorkers(1) { CSVWriter().encode(board, options: options) })
        let back = try #require(read.board)
        #expect(back.cards.map(\.id) == board.cards.map(\.id))
        #expect(back == board)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.path("board.csv"))))
        // One byte-order mark, at the start only.
        #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]) == excel)
        #expect(bytes.dropFirst(3).firstRange(of: [0xEF, 0xBB, 0xBF]) == nil)
    }
}
