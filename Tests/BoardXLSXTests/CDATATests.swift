import Foundation
import Testing
import BoardModel
import BoardIO
import BoardTestSupport
import BoardXLSX

/// Texts that other writers spell with CDATA sections read as their content, as openpyxl and
/// calamine read them; entities are decoded outside a section and left alone inside it.
@Suite struct CDATATests {
    /// Writes a board titled `old` with boardkit, rewrites that title's XML to `<t>NEW</t>`
    /// (`mode`: the inline string, or a shared string after openpyxl saved the workbook) and
    /// reads the titles back with boardkit and with openpyxl.
    static func titles(mode: String, old: String, new: String) throws -> (boardkit: [String], openpyxl: [String]) {
        let board = Board(cards: [Card(id: "c1", title: "First", state: "todo"), Card(id: "c2", title: old, state: "todo")])
        let folder = try TemporaryFolder()
        let (written, _, path) = roundTrip(board, in: folder)
        #expect(!written.hasErrors)
        let edited = folder.path("edited.xlsx")
        let out = try CommandRunner.python("xlsx_cdata.py", [path, edited, mode, old, new])
        #expect(out.status == 0, "\(out.stderr)")
        let theirs = try JSONSerialization.jsonObject(with: out.stdout) as? [String] ?? []
        let read = BoardXLSXReader().read(BoardInput(path: edited), options: ReaderOptions())
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        return (read.board?.cards.map(\.title) ?? [], theirs)
    }

    @Test(arguments: ["inline", "shared"])
    func cdataSectionGivesItsContent(mode: String) throws {
        let seen = try Self.titles(mode: mode, old: "Hello", new: "<![CDATA[Hello]]>")
        #expect(seen.boardkit == ["First", "Hello"])
        #expect(seen.openpyxl == seen.boardkit)
    }

    @Test(arguments: ["inline", "shared"])
    func textAndSectionsMixed(mode: String) throws {
        let seen = try Self.titles(mode: mode, old: "Mixed",
                                   new: "a &amp; <![CDATA[<b> &amp; ]]]]><![CDATA[>]]> c<![CDATA[]]>&lt;")
        #expect(seen.boardkit == ["First", "a & <b> &amp; ]]> c<"])
        #expect(seen.openpyxl == seen.boardkit)
    }
}
