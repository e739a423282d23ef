import BoardTestSupport
import Foundation
import Testing

/// The conversation on the cards travels whole where a format holds it, and where one does
/// not (yet), the writer says what it left, counted: never a silent loss.
@Suite("the conversation between formats")
struct ConversationTravelTests {
    let tmp: TemporaryFolder
    let source: String
    init() throws {
        tmp = try TemporaryFolder()
        source = tmp.path("board.json")
        try ConversationFixture.json.write(toFile: source, atomically: true, encoding: .utf8)
    }

    @Test(arguments: ["team.db", "copy.json", "board.xlsx"]) func aStoreJSONAndTheWorkbookKeepItWhole(_ name: String) throws {
        let there = tmp.path(name), back = tmp.path("back.json")
        let out = try CommandRunner.boardkit(["convert", source, there])
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
        #expect(try CommandRunner.boardkit(["convert", there, back]).status == 0)
        #expect(try String(contentsOfFile: back, encoding: .utf8) == ConversationFixture.json)
    }

    /// iCalendar holds comments (COMMENT), attachments (ATTACH) and links (RELATED-TO) of the
    /// cards it writes (those with a due), and says it has no place for checklists.
    @Test func iCalendarKeepsAllButTheChecklists() throws {
        let dated = ConversationFixture.json.replacingOccurrences(of: #""state": "doing", "#, with: #""state": "doing", "due": "2026-12-10", "#)
            .replacingOccurrences(of: #""state": "todo", "created""#, with: #""state": "todo", "due": "2026-12-11", "created""#)
        let source = tmp.path("dated.json"), ics = tmp.path("board.ics"), back = tmp.path("back.json")
        try dated.write(toFile: source, atomically: true, encoding: .utf8)
        let out = try CommandRunner.boardkit(["convert", source, ics])
        #expect(out.status == 0)
        #expect(out.stderr.contains("2 checklists of cards not written: iCalendar has no checklists"), "\(out.stderr)")
        #expect(out.stderr.contains("[data-not-written]"))
        let read = try CommandRunner.boardkit(["convert", ics, back])
        #expect(read.status == 0, "\(read.stderr)")
        func conversation(_ path: String) throws -> [String] {
            let board = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
            return try (board?["cards"] as? [[String: Any]] ?? []).map { card in
                let parts = card.filter { ["id", "comments", "attachments", "links"].contains($0.key) }
                return String(decoding: try JSONSerialization.data(withJSONObject: parts, options: .sortedKeys), as: UTF8.self)
            }
        }
        #expect(try conversation(back) == conversation(source))
    }
}
