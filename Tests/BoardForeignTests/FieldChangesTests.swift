import Foundation
import Testing
import BoardKit
import BoardICS
import BoardModel
import BoardTestSupport
@testable import BoardForeign

/// Trello and Taskwarrior exports have no place for an event's field changes: each writer
/// says how many it left.
@Suite("Field changes the foreign writers leave")
struct FieldChangesTests {
    static func board() throws -> Board {
        let folder = try TemporaryFolder()
        let path = folder.path("board.json")
        try FieldChangesFixture.json.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = BoardPipeline.read(path)
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
        return try #require(loaded.board)
    }

    @Test func trelloCountsTheChanges() throws {
        let board = try Self.board()
        let (_, warnings) = TrelloWriter().export(board)
        #expect(warnings.contains { $0.message as? ForeignMessage == .trelloChangesNotWritten(8) }, "\(warnings)")
        // Without changes, no such warning.
        var plain = board
        for k in plain.events.indices { plain.events[k].changes = [] }
        #expect(!TrelloWriter().export(plain).1.contains { $0.message as? ForeignMessage == .trelloChangesNotWritten(8) })
    }

    @Test func taskwarriorCountsTheChanges() throws {
        let board = try Self.board()
        let (_, warnings) = TaskwarriorWriter().export(board)
        #expect(warnings.contains {
            if case .taskwarriorNotWritten(let losses)? = $0.message as? ForeignMessage { losses.contains(.changes(8)) } else { false }
        }, "\(warnings)")
        var plain = board
        for k in plain.events.indices { plain.events[k].changes = [] }
        #expect(!TaskwarriorWriter().export(plain).1.contains {
            if case .taskwarriorNotWritten(let losses)? = $0.message as? ForeignMessage {
                losses.contains { if case .changes = $0 { true } else { false } }
            } else { false }
        })
    }

    @Test func theCalendarCountsThemWithTheEvents() throws {
        let folder = try TemporaryFolder()
        let warnings = BoardPipeline.write(try Self.board(), to: folder.path("board.ics")).diagnostics
        #expect(warnings.contains {
            $0.message as? ICSMessage == .eventsNotWritten(events: 6, changes: 8)
        }, "\(warnings)")
    }
}
