import Testing
import Foundation
import BoardModel
import BoardIO
import BoardSample
import BoardTabular
import BoardTestSupport
@testable import BoardCSV

/// Checks against code nobody here wrote: Python's csv module reads what boardkit writes,
/// and files written by Python's csv module and by pandas read correctly.
@Suite struct OracleTests {
    static func python(_ script: String, _ args: [String]) throws -> Any {
        let out = try CommandRunner.python(script, args)
        guard out.status == 0 else {
            Issue.record("\(script) failed: \(out.stderr)")
            return []
        }
        return try JSONSerialization.jsonObject(with: out.stdout)
    }

    @Test(arguments: [false, true])
    func pythonReadsTheSameCells(excel: Bool) throws {
        var board = SampleBoard(cards: 80, seed: 11).generate()
        board.cards[0].body = "quotes \"inside\", commas, and\r\nCRLF\nnewlines"
        board.cards[1].title = " padded "
        board.cards[2].labels = ["a,b", "c"]
        let folder = try TemporaryFolder()
        let path = folder.path("b.csv")
        _ = CSVWriter().write(board, to: path, options: WriterOptions(excel: excel))
        let rows = try #require(try Self.python("csv_read_cells.py", [path]) as? [[String]])
        let layout = TabularBoardLayout(board: board)
        #expect(rows.first == layout.header)
        #expect(rows.count == board.cards.count + 1)
        var cells: [TabularCell] = []
        for (k, card) in board.cards.enumerated() where k + 1 < rows.count {
            layout.cells(of: card, into: &cells)
            #expect(rows[k + 1] == cells.map(\.text), "row \(k + 1)")
        }
        #expect(rows[1][2] == board.cards[0].body)
        #expect(rows[3][9] == "a\\,b, c")
    }

    @Test(arguments: ["python-bom", "python-semicolon", "python-tab", "pandas-bom-semicolon"])
    func readsWhatOtherProgramsWrite(mode: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("in.csv")
        let rows = try #require(try Self.python("csv_write_dialects.py", [mode, path]) as? [[String]])
        let r = CSVReader().read(BoardInput(path: path), options: ReaderOptions())
        let board = try #require(r.board, "\(r.diagnostics)")
        try Self.expectCards(board, rows)
    }

    @Test(arguments: [("cp949", "CP949"), ("latin1", "LATIN1")])
    func legacyEncodings(mode: String, encoding: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("legacy.csv")
        let rows = try #require(try Self.python("csv_write_dialects.py", [mode, path]) as? [[String]])
        // Without --encoding: not UTF-8, said where.
        let plain = CSVReader().read(BoardInput(path: path), options: ReaderOptions())
        #expect(plain.board == nil)
        let d = try #require(plain.diagnostics.first { $0.code == .csvInvalidUTF8 })
        // Row c1's body spans lines 2-3; c2 (line 4) has the first non-ASCII text.
        #expect(d.location?.line == 4)
        let r = CSVReader().read(BoardInput(path: path), options: ReaderOptions(encoding: encoding))
        let board = try #require(r.board, "\(r.diagnostics)")
        try Self.expectCards(board, rows)
        // And boardkit writes it back in that encoding.
        let out = folder.path("out.csv")
        #expect(!CSVWriter().write(board, to: out, options: WriterOptions(encoding: encoding)).diagnostics.hasErrors)
        let again = CSVReader().read(BoardInput(path: out), options: ReaderOptions(encoding: encoding))
        #expect(again.board?.cards.map(\.title) == board.cards.map(\.title))
    }

    @Test func unknownEncoding() {
        let r = CSVReader().read(BoardInput(path: CommandRunner.sample("foreign/jira.csv")), options: ReaderOptions(encoding: "KLINGON-8"))
        #expect(r.diagnostics.map(\.code) == [.csvUnknownEncoding])
    }

    static func expectCards(_ board: Board, _ rows: [[String]]) throws {
        #expect(board.cards.count == rows.count - 1)
        for (card, row) in zip(board.cards, rows.dropFirst()) {
            #expect(card.id == row[0])
            #expect(card.title == row[1])
            #expect(card.body == row[2])
            #expect(board.state(withID: card.state)?.name == row[3])
            #expect((card.due?.description ?? "") == row[4])
            #expect(card.labels == ListCodec.split(row[5]))
            #expect(card.fields["Story points"] == (row[6].isEmpty ? nil : row[6]))
        }
        #expect(board.states.map(\.category) == [.todo, .doing, .done])
    }
}
