import Foundation
import Testing
import BoardKit
import BoardModel
import BoardIO
import BoardSample
import BoardTestSupport
import BoardXLSX

/// The History sheet's `changes` column: the fields each event changed, as compact JSON text.
@Suite("Field changes in the workbook")
struct FieldChangesTests {
    /// The fixture board, as a file in `folder` and as read.
    private func fixture(in folder: TemporaryFolder) throws -> (path: String, board: Board) {
        let path = folder.path("board.json")
        try FieldChangesFixture.json.write(toFile: path, atomically: true, encoding: .utf8)
        let loaded = BoardPipeline.read(path)
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics)")
        return (path, try #require(loaded.board))
    }

    @Test("JSON → XLSX → JSON: the same board, the same bytes")
    func jsonToWorkbookToJSON() throws {
        let folder = try TemporaryFolder()
        let (json, board) = try fixture(in: folder)
        let xlsx = folder.path("board.xlsx"), back = folder.path("back.json")
        let there = try CommandRunner.boardkit(["convert", json, xlsx])
        #expect(there.status == 0 && there.stderr.isEmpty, "\(there.stderr)")
        let again = try CommandRunner.boardkit(["convert", xlsx, back])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: back, encoding: .utf8) == FieldChangesFixture.json)
        let read = BoardXLSXReader().read(BoardInput(path: xlsx), options: ReaderOptions())
        let workbookBoard = try #require(read.board)
        #expect(firstDifference(workbookBoard, board) == nil)
    }

    @Test("openpyxl sees a visible changes column after actor holding the compact JSON text")
    func openpyxlReadsTheText() throws {
        let folder = try TemporaryFolder()
        let (_, board) = try fixture(in: folder)
        let (_, _, path) = roundTrip(board, in: folder)
        let seen = try oracleJSON("xlsx_inspect.py", [path])
        let history = try #require(seen["History"] as? [String: Any])
        let rows = try #require(history["rows"] as? [[Any]])
        let header = try #require(rows.first as? [String])
        #expect(header == ["card", "at", "type", "from", "to", "actor", "changes", "boardkit:at", "boardkit:extras"])
        #expect(history["hidden_columns"] as? [String] == ["H", "I"])
        let cells = rows.dropFirst().map { $0[6] as? String }
        #expect(cells[0] == nil && cells[1] == nil && cells[3] == nil)
        #expect(cells[2] == #"[{"field":"due","old":"2026-12-01","new":"2026-12-03"},{"field":"labels","old":["bug"],"new":["bug","ui"]}]"#)
        #expect(cells[5] == #"[{"field":"body","old":"line one\nline two"},{"field":"start"}]"#)
        // Every cell is JSON another parser takes, with the model's values.
        let parsed = try JSONSerialization.jsonObject(with: Data(try #require(cells[4]).utf8)) as? [[String: Any]]
        #expect(parsed?.first?["field"] as? String == "fields.마감")
        #expect(parsed?.first?["new"] as? String == "금요일, \"오후\"")
        #expect(parsed?.first?["old"] == nil)
        #expect(parsed?[1]["old"] as? [String] == [])
    }

    @Test("a changes cell that is not changes: a located error, exit 1", arguments: [
        ("due moved", "the changes are not a JSON array"),
        (#"[{"old":"a"}]"#, #"change 1 has no "field""#),
        (#"[{"field":"due","new":3}]"#, #"change 1's "new" is not a string, an array of strings or null"#),
        (#"[{"field":"due"}"#, "the list of changes is not closed with ']'"),
    ])
    func malformedCell(text: String, message: String) throws {
        let folder = try TemporaryFolder()
        let (_, board) = try fixture(in: folder)
        let (_, _, path) = roundTrip(board, in: folder)
        let edited = folder.path("edited.xlsx")
        let script = """
        import sys, openpyxl
        src, dst, text = sys.argv[1:4]
        wb = openpyxl.load_workbook(src)
        wb["History"]["G3"] = text
        wb.save(dst)
        """
        let edit = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, path, edited, text])
        #expect(edit.status == 0, "\(edit.stderr)")
        let run = try CommandRunner.boardkit(["convert", edited, folder.path("out.json")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("edited.xlsx History!G3: error: history row of card c2: \(message)"), "\(run.stderr)")
        #expect(run.stderr.contains("[xlsx-bad-changes]"))
    }

    @Test("a workbook written before the changes column reads as before")
    func olderWorkbook() throws {
        let folder = try TemporaryFolder()
        let board = SampleBoard(cards: 8, weeks: 3, seed: 2).generate()
        let (_, _, path) = roundTrip(board, in: folder)
        let older = folder.path("older.xlsx")
        let script = """
        import sys, openpyxl
        src, dst = sys.argv[1:3]
        wb = openpyxl.load_workbook(src)
        history = wb["History"]
        assert history["G1"].value == "changes"
        history.delete_cols(7)
        wb.save(dst)
        """
        let edit = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, path, older])
        #expect(edit.status == 0, "\(edit.stderr)")
        let read = BoardXLSXReader().read(BoardInput(path: older), options: ReaderOptions())
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        #expect(firstDifference(try #require(read.board), board) == nil)
    }
}
