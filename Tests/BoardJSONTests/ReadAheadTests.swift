import Testing
import BoardValidation
import Foundation
import BoardModel
import BoardSample
@testable import BoardJSON
@testable import BoardIO

/// The events array of a large canonical file is decoded on a second core (`ReadAhead`), and so is the tail of the cards.
/// Whatever the file, the result must be the one reading in order gives: the same board,
/// the same diagnostics in the same order, at the same places.
@Suite("Half the file read on a second core")
struct ReadAheadTests {
    /// Reads `text` with the speculation on (for any size) and off.
    private func both(_ text: String) -> (ahead: ReadResult, tookAhead: (cards: Bool, events: Bool), inOrder: ReadResult) {
        let source = MappedText(copying: Array(text.utf8))
        var ahead = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: 0)
        let a = ahead.decode()
        var inOrder = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: .max)
        return (a, ahead.tookAhead, inOrder.decode())
    }

    private func described(_ r: ReadResult) -> [String] { r.diagnostics.map(\.description) }

    @Test("a canonical board's last cards and its events come from the second core, identical", arguments: [1, 7, 19])
    func canonical(seed: UInt64) throws {
        // Two weeks of history: the cards are more than half the file, so the second core
        // takes some of them too.
        let board = SampleBoard(cards: 300, weeks: 2, seed: seed).generate()
        let (ahead, took, inOrder) = both(encoded(board))
        #expect(took.cards && took.events)
        #expect(try #require(ahead.board) == board)
        #expect(ahead.board == inOrder.board)
        #expect(described(ahead) == described(inOrder))
    }

    @Test("the events' places in the file are the same for the validator")
    func sourceMap() throws {
        var board = SampleBoard(cards: 200, weeks: 2, seed: 3).generate()
        board.events[150].to = "limbo"
        board.cards[190].state = "nowhere"
        let (ahead, took, inOrder) = both(encoded(board))
        #expect(took.cards && took.events)
        let a = BoardValidator.validate(try #require(ahead.board), sourceMap: ahead.sourceMap)
        let b = BoardValidator.validate(try #require(inOrder.board), sourceMap: inOrder.sourceMap)
        #expect(a.map(\.description) == b.map(\.description))
        #expect(a.contains { $0.location?.path == "events[150].to" })
        #expect(a.contains { $0.location?.path == "cards[190].state" && $0.location?.line == 11 + 190 })
    }

    @Test("a bad event makes the events read again in order: the same diagnostics, in file order")
    func badEventFallsBack() throws {
        let board = SampleBoard(cards: 200, weeks: 4, seed: 4).generate()
        var text = encoded(board)
        // An unknown event type and an unknown key in the events, a wrong type in a card.
        let eventAt = try #require(text.range(of: "\"type\": \"moved\"", range: text.range(of: "\"events\": [")!.upperBound..<text.endIndex))
        text.replaceSubrange(eventAt, with: "\"type\": \"teleported\", \"colour\": \"red\"")
        text = text.replacingOccurrences(of: "\"position\": 1,", with: "\"position\": \"one\",")
        let (ahead, took, inOrder) = both(text)
        #expect(!took.events)
        #expect(ahead.board == nil)
        #expect(described(ahead) == described(inOrder))
        let codes = Set(ahead.diagnostics.map(\.code))
        #expect(codes.isSuperset(of: [.jsonInvalidValue, .jsonWrongType, .unknownKey]))
    }

    @Test("times without an offset in the events wait for the board's zone, as in order")
    func localTimesFallBack() throws {
        let board = SampleBoard(cards: 150, weeks: 3, seed: 6).generate()
        let text = encoded(board).replacingOccurrences(of: "Z\", \"type\": \"moved\"", with: "\", \"type\": \"moved\"")
        let (ahead, took, inOrder) = both(text)
        #expect(!took.events)
        #expect(ahead.board == inOrder.board)
        #expect(described(ahead) == described(inOrder))
        #expect(ahead.diagnostics.contains { $0.code == .jsonLocalTime })
    }

    @Test("a problem in the last cards makes them read again in order, with the same paths")
    func badCardInTheTail() throws {
        let board = SampleBoard(cards: 300, weeks: 2, seed: 2).generate()
        var text = encoded(board)
        let last = try #require(text.range(of: "{\"id\": \"\(board.cards[297].id)\", "))
        text.replaceSubrange(last, with: "{\"id\": \"\(board.cards[297].id)\", \"colour\": \"red\", \"archived\": \"no\", ")
        let (ahead, took, inOrder) = both(text)
        #expect(!took.cards && took.events)
        #expect(ahead.board == nil)
        #expect(described(ahead) == described(inOrder))
        #expect(ahead.diagnostics.contains { $0.location?.path == "cards[297].archived" })
    }

    @Test("a file laid out otherwise is read in order", arguments: [
        // Events before cards, everything on one line, and a second "events" key.
        #"{"format": "boardkit/1", "events": [{"card": "a", "at": "2026-01-01T00:00:00Z", "type": "created", "to": "todo"}], "cards": [{"id": "a", "title": "A", "state": "todo"}]}"#,
        "{\"format\": \"boardkit/1\",\n  \"cards\": [\n    {\"id\": \"a\", \"title\": \"A\", \"state\": \"todo\"}\n  ],\n  \"events\": [\n    {\"card\": \"a\", \"at\": \"2026-01-01T00:00:00Z\", \"type\": \"created\", \"to\": \"todo\"}\n  ],\n  \"events\": [\n    {\"card\": \"a\", \"at\": \"2026-01-02T00:00:00Z\", \"type\": \"created\", \"to\": \"todo\"}\n  ]\n}",
    ])
    func otherLayouts(text: String) throws {
        let (ahead, _, inOrder) = both(text)
        #expect(ahead.board == inOrder.board)
        #expect(described(ahead) == described(inOrder))
        #expect(ahead.board?.events.count == 1)
    }

    @Test("a syntax error in the events stops the read at the same place")
    func syntaxError() throws {
        let board = SampleBoard(cards: 120, weeks: 3, seed: 9).generate()
        var text = encoded(board)
        let last = try #require(text.range(of: "\n    {\"card\"", options: .backwards))
        text.insert(",", at: text.index(last.lowerBound, offsetBy: 5)) // "},\n    ,{
        let (ahead, took, inOrder) = both(text)
        #expect(!took.events)
        #expect(ahead.board == nil)
        #expect(described(ahead) == described(inOrder))
        #expect(ahead.diagnostics.contains { $0.code == .jsonSyntax })
    }
}

@Suite("Boards larger than a writer's chunk")
struct LargeBoardTests {
    @Test("20,000 cards are written in chunks on several cores, the bytes one worker writes, and read back on two")
    func largeRoundTrip() throws {
        let board = SampleBoard(cards: 20_000, weeks: 1, seed: 11).generate()
        let text = Parallelism.withWorkers(4) { encoded(board) }
        #expect(text == Parallelism.withWorkers(1) { encoded(board) })
        let source = MappedText(copying: Array(text.utf8))
        var decoder = BoardDecoder(text: source, file: "board.json", options: ReaderOptions())
        let read = decoder.decode()
        #expect(decoder.tookAhead.events)
        let back = try #require(read.board)
        #expect(back == board)
        #expect(encoded(back) == text)
        // The cards' lines in board order, across the chunks' seams.
        let cards = try #require(text.range(of: "\n  \"cards\": [")).upperBound
        let ids = text[cards...].split(separator: "\n").filter { $0.hasPrefix("    {\"id\": \"") }
            .map { $0.dropFirst(12).prefix { $0 != "\"" } }.map(String.init)
        #expect(ids == board.cards.map(\.id))
    }
}

@Suite("The events' tail read on a second core")
struct EventsTailTests {
    /// Reads `text` with the speculation on (for any size) and off.
    private func both(_ text: String) -> (ahead: ReadResult, tookTail: Bool, inOrder: ReadResult) {
        let source = MappedText(copying: Array(text.utf8))
        var ahead = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: 0)
        let a = ahead.decode()
        var inOrder = BoardDecoder(text: source, file: "board.json", options: ReaderOptions(), aheadFrom: .max)
        return (a, ahead.tookEventsTail, inOrder.decode())
    }

    /// A board written compactly, one element per line with no indentation, as other
    /// programs write it (the report benchmark's boards).
    private func compact(_ board: Board) -> String {
        let text = encoded(board)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.drop { $0 == " " } }
            .joined(separator: "\n")
    }

    /// A board whose events are most of the file (its history told ten times over).
    private func boardWithLongHistory(seed: UInt64) -> Board {
        var board = SampleBoard(cards: 60, weeks: 8, seed: seed).generate()
        board.events = Array(repeating: board.events, count: 10).flatMap { $0 }
        return board
    }

    @Test("a long history's last events come from the second core, identical", arguments: [1, 5])
    func longHistory(seed: UInt64) throws {
        let board = boardWithLongHistory(seed: seed)
        for text in [encoded(board), compact(board)] {
            let (ahead, tookTail, inOrder) = both(text)
            #expect(tookTail)
            #expect(try #require(ahead.board) == board)
            #expect(described(ahead) == described(inOrder))
        }
    }

    @Test("a problem among the last events makes them read again in order")
    func badEventInTheTail() throws {
        let board = boardWithLongHistory(seed: 8)
        var text = encoded(board)
        let last = try #require(text.range(of: "\"type\": \"moved\"", options: .backwards))
        text.replaceSubrange(last, with: "\"type\": \"teleported\"")
        let (ahead, tookTail, inOrder) = both(text)
        #expect(!tookTail)
        #expect(ahead.board == nil)
        #expect(described(ahead) == described(inOrder))
        #expect(ahead.diagnostics.contains { $0.code == .jsonInvalidValue })
    }

    @Test("the events' places in a compact file are found from any line")
    func compactPlaces() throws {
        let board = SampleBoard(cards: 50, weeks: 8, seed: 2).generate()
        let text = Array(compact(board).utf8)
        try text.withUnsafeBufferPointer { bytes in
            let start = try #require(CanonicalLines.eventsArrayStart(in: bytes))
            #expect(String(decoding: bytes[(start - 10)...start], as: UTF8.self) == "\"events\": [")
            let event = try #require(CanonicalLines.eventStart(from: start + (bytes.count - start) / 2, in: bytes))
            #expect(String(decoding: bytes[event..<(event + 8)], as: UTF8.self) == "{\"card\":")
            let card = try #require(CanonicalLines.cardStart(from: start / 2, before: start, in: bytes))
            #expect(String(decoding: bytes[card..<(card + 6)], as: UTF8.self) == "{\"id\":")
        }
    }

    private func described(_ r: ReadResult) -> [String] { r.diagnostics.map(\.description) }
}
