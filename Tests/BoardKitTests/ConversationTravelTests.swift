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

    @Test(arguments: ["board.ics"]) func aFormatWithoutAPlaceForItSaysWhatItLeft(_ name: String) throws {
        let out = try CommandRunner.boardkit(["convert", source, tmp.path(name)])
        #expect(out.status == 0)
        #expect(out.stderr.contains("3 comments, 2 checklists, 2 attachments, 4 links of cards not written"), "\(out.stderr)")
        #expect(out.stderr.contains("[data-not-written]"))
    }
}
