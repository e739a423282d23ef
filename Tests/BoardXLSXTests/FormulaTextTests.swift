import Foundation
import Testing
import BoardModel
import BoardTestSupport
import BoardXLSX

/// Texts that look like formulas are written as text cells (libxlsxwriter's
/// `worksheet_write_string`), so a spreadsheet shows them and never runs them.
@Suite struct FormulaTextTests {
    @Test func formulaLikeTitlesAreStringCellsForOpenpyxl() throws {
        let titles = [#"=HYPERLINK("http://x","y")"#, "=1+2", "+1", "-3", "@SUM(A1)"]
        let board = Board(cards: titles.enumerated().map { k, t in
            Card(id: "c\(k)", title: t, state: "todo", fields: ["Estimate": "=2*3"])
        })
        let folder = try TemporaryFolder()
        let (written, read, path) = roundTrip(board, in: folder)
        #expect(!written.hasErrors, "\(written)")
        #expect(read.board?.cards.map(\.title) == titles)
        let out = try CommandRunner.python("xlsx_cell_types.py", [path, "Cards"])
        #expect(out.status == 0, "\(out.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: out.stdout) as? [[[Any]]])
        let header = rows[0].map { $0[0] as? String }
        let title = try #require(header.firstIndex(of: "title"))
        let estimate = try #require(header.firstIndex(of: "Estimate"))
        #expect(rows.count == titles.count + 1)
        for (row, text) in zip(rows.dropFirst(), titles) {
            #expect(row[title][0] as? String == text)
            #expect(row[title][1] as? String == "s", "\(text) is a \(row[title][1]) cell")
            #expect(row[estimate][0] as? String == "=2*3")
            #expect(row[estimate][1] as? String == "s")
        }
    }
}
