import Foundation
import Testing
import BoardModel
import BoardIO
import BoardTestSupport
import BoardXLSX

/// Workbooks other programs wrote (samples/foreign, made by Tests/Oracles/xlsx_make_foreign.py).
@Suite struct ForeignWorkbookTests {
    func read(_ name: String, sheet: String? = nil) -> ReadResult {
        BoardXLSXReader().read(BoardInput(path: CommandRunner.sample("foreign/" + name), displayName: name),
                               options: ReaderOptions(sheet: sheet))
    }

    @Test(arguments: ["openpyxl_tasks.xlsx", "openpyxl_1904.xlsx", "xlsxwriter_tasks.xlsx"])
    func tasksReadThroughTheColumnMapping(name: String) throws {
        let result = read(name)
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let board = try #require(result.board)
        #expect(board.cards.map(\.title) == ["Fix login", "리포트 정리", "Plan Q1"])   // rich text joined
        let first = board.cards[0]
        #expect(first.due == .date(CalendarDate(year: 2026, month: 11, day: 30)!))
        #expect(first.created == ISO8601.parseInstant("2026-11-02T09:30:00Z"))
        #expect(first.labels == ["bug", "ui"])
        #expect(first.fields["Story points"] == "3")   // a number cell, or a formula's cached value
        #expect(board.cards[1].due == .date(CalendarDate(year: 2026, month: 2, day: 28)!))
        #expect(board.cards[1].archived)
        #expect(board.cards[1].created == ISO8601.parseInstant("2026-01-05T18:00:15Z"))
        #expect(board.states.map(\.category) == [.doing, .done, .todo])
    }

    @Test func sheetOptionPicksAnotherSheet() throws {
        let board = try #require(read("openpyxl_tasks.xlsx", sheet: "Notes").board)
        #expect(board.cards.map(\.title) == ["Only on the notes sheet"])
        let missing = read("openpyxl_tasks.xlsx", sheet: "Nope")
        #expect(missing.board == nil)
        #expect(missing.diagnostics.contains {
            if case .noSuchSheet("Nope", let sheets) = $0.message as? XLSXMessage { sheets.contains("Tasks") } else { false }
        })
    }

    @Test func cellsWithoutReferencesPrefixesRunsAndSerials() throws {
        let result = read("handmade_no_refs.xlsx")
        let board = try #require(result.board)
        #expect(board.cards.map(\.title) == ["Ship v2 & docs", "Leap bug", "Out of range"])  // phonetic run left out
        #expect(board.cards[0].due == .date(CalendarDate(year: 1900, month: 3, day: 1)!))   // serial 61
        #expect(board.cards[1].due == .date(CalendarDate(year: 1900, month: 2, day: 28)!))  // serial 59
        #expect(board.cards[0].fields["Done?"] == "true")
        #expect(board.cards[0].fields["Note"] == "#N/A")
        #expect(board.cards[1].fields["Note"] == "cached\rtext")   // _x000D_ decoded
        let outOfRange = try #require(result.diagnostics.first { $0.code == .xlsxDateOutOfRange })
        #expect(outOfRange.location?.cell == "'Board & more'!B4")
    }
}

/// Hand-made sheets whose first row holds only blank cells (a title band's borders, a
/// formula whose result is empty): that row is not the header, and nothing traps.
@Suite struct BlankTopRowTests {
    static let make = """
        import openpyxl, sys
        from openpyxl.styles import Border, Side
        wb = openpyxl.Workbook(); ws = wb.active; ws.title = "Tasks"
        if sys.argv[2] == "styled":
            for c in range(1, 5): ws.cell(row=1, column=c).border = Border(bottom=Side(style="thin"))
        else:
            ws.cell(row=1, column=1).value = '=IFERROR(1/0,"")'
        ws.append(["Task", "Status", "Due"])
        ws.append(["Write spec", "Doing", "2026-12-01"])
        wb.save(sys.argv[1])
        """

    @Test(arguments: ["styled", "formula"]) func theHeaderIsTheFirstRowWithText(kind: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path("tasks.xlsx")
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", Self.make, path, kind]).status == 0)
        let result = BoardXLSXReader().read(BoardInput(path: path, displayName: "tasks.xlsx"), options: ReaderOptions())
        #expect(!result.diagnostics.hasErrors, "\(result.diagnostics)")
        let board = try #require(result.board)
        #expect(board.cards.map(\.title) == ["Write spec"])
        #expect(board.cards.first?.due == .date(CalendarDate(year: 2026, month: 12, day: 1)!))
        let run = try CommandRunner.boardkit(["validate", path])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func aSheetWithNoTextAtAllIsRefusedNotTrapped() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("empty.xlsx")
        let make = "import openpyxl,sys; wb=openpyxl.Workbook(); ws=wb.active; ws.title='Tasks'; ws['A1'].number_format='0.00'; wb.save(sys.argv[1])"
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", make, path]).status == 0)
        let run = try CommandRunner.boardkit(["convert", path, folder.path("out.json")])
        #expect(run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path("out.json")))
    }
}
