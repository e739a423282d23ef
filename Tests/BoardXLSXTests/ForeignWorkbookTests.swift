import Foundation
import Testing
import BoardModel
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
        #expect(missing.diagnostics.contains { $0.code == .xlsxMissingSheet && $0.message.contains("'Tasks'") })
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
