import Foundation
import Testing
import BoardKit
import BoardModel
import BoardIO
import BoardTestSupport

/// samples/ holds the sample board in every format boardkit writes. They must stay what the
/// board is: a rendition that drifted from board.json would teach users the wrong thing.
@Suite("Sample renditions")
struct SampleRenditionTests {
    static func board(_ name: String, from: String? = nil, events: String? = nil) throws -> Board {
        let loaded = BoardPipeline.read(CommandRunner.sample(name), from: from,
                                        options: ReaderOptions(eventsPath: events.map(CommandRunner.sample)))
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
        return try #require(loaded.board)
    }

    @Test func csvWithItsEventsAndTheWorkbookAreTheBoard() throws {
        let original = try Self.board("board.json")
        #expect(try Self.board("board.csv", events: "board.events.csv") == original)
        #expect(try Self.board("board.xlsx") == original)
    }

    @Test func trelloExportIsTheBoardPlusTheColoursItChose() throws {
        let original = try Self.board("board.json")
        var trello = try Self.board("board.trello.json")
        trello.metadata = trello.metadata.filter { !$0.key.hasPrefix("trello.") }
        #expect(trello == original)
    }

    @Test func calendarAndTaskwarriorHoldEveryCardTheyCan() throws {
        let original = try Self.board("board.json")
        let feed = try Self.board("board.ics")
        #expect(feed.cards.count == original.cards.filter { $0.due != nil }.count)
        let tasks = try Self.board("board.taskwarrior.json")
        #expect(Set(tasks.cards.map(\.title)) == Set(original.cards.map(\.title)))
    }
}
