import Foundation
import Testing
import BoardModel
import BoardTestSupport
@testable import BoardJSON

/// JSON that holds no board (another tool's export) is refused, not read as an empty board.
@Suite struct NotABoardTests {
    /// The shape of a Nextcloud Deck export (`occ deck:export`): boards with stacks of cards.
    static let deck = #"""
    {"version": "1.13.0", "boards": {"1": {"id": 1, "title": "Web team", "owner": {"uid": "mina"},
      "labels": [{"id": 1, "title": "bug", "color": "ff0000"}],
      "stacks": {"3": {"id": 3, "title": "To do", "order": 0,
        "cards": [{"id": 7, "title": "Fix login", "type": "plain", "order": 0, "duedate": "2026-12-01T00:00:00+00:00"}]}}}}}
    """#

    @Test func deckExportIsRefusedWithItsName() throws {
        let read = BoardJSONReader().read(bytes: Array(Self.deck.utf8), file: "deck.json")
        #expect(read.board == nil)
        #expect(read.diagnostics.map { $0.message as? JSONMessage } == [.noBoardKeys(keys: ["version", "boards"])], "\(read.diagnostics)")
    }

    @Test func otherObjectsNameTheKeysFound() throws {
        let read = BoardJSONReader().read(bytes: Array(#"{"items": [], "title": "x"}"#.utf8), file: "x.json")
        #expect(read.board == nil)
        #expect(read.diagnostics.map { $0.message as? JSONMessage } == [.noBoardKeys(keys: ["items", "title"])])
        #expect(BoardJSONReader().read(bytes: Array("{}".utf8)).diagnostics.map { $0.message as? JSONMessage } == [.noBoardKeys(keys: [])])
    }

    @Test func aBoardWithOnlySomeKeysIsStillRead() throws {
        let read = BoardJSONReader().read(bytes: Array(#"{"cards": [], "extra": 1}"#.utf8))
        #expect(read.board != nil)
        #expect(!read.diagnostics.hasErrors)
    }

    @Test func convertExitsOneAndWritesNothing() throws {
        let folder = try TemporaryFolder()
        let input = folder.path("deck.json"), output = folder.path("out.csv")
        try Self.deck.write(toFile: input, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", input, output, "--diagnostics", "json"])
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(run.stdoutText.contains("json-not-a-board") || run.stderr.contains("json-not-a-board"), "\(run.stderr)")
        #expect(!run.stdoutText.contains("unknown-key") && !run.stderr.contains("unknown-key"))
    }
}
