import Foundation
import Testing
import BoardModel
import BoardIO
import BoardTabular
import BoardTestSupport
import BoardXLSX

/// A workbook kept by hand, made with openpyxl to the shape of the corpus's
/// jira-agile-zephyr backlog.xlsx and a US task sheet (#19 items 2, 4, 5): a merged, bold
/// title band, an empty row with borders, then the header in row 3; due dates typed as US
/// text beside date cells; states in Portuguese.
@Suite struct HandMadeWorkbookTests {
    static let script = """
    import sys, datetime, openpyxl
    from openpyxl.styles import Font, Border, Side
    wb = openpyxl.Workbook(); ws = wb.active; ws.title = 'Backlog'
    ws['A1'] = 'Product Backlog'; ws['A1'].font = Font(bold=True, size=16); ws.merge_cells('A1:D1')
    thin = Side(style='thin')
    for col in 'ABCD': ws[col + '2'].border = Border(bottom=thin)
    ws.append(['USER STORY', 'Situação', 'Due Date', 'Criado'])
    ws.append(['Login page', 'Não iniciado', '03/04/25 03:00 PM', datetime.datetime(2025, 1, 2, 9, 0)])
    ws.append(['Reports', 'Em andamento', '09/19/25 03:00 PM', datetime.datetime(2025, 1, 3, 9, 0)])
    ws.append(['Export', 'Concluído', datetime.date(2025, 5, 6), None])
    wb.save(sys.argv[1])
    """

    @Test func readsBelowItsTitleBandWithUSDatesAndPortugueseStates() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("backlog.xlsx")
        let made = try CommandRunner.run("/usr/bin/env", ["python3", "-c", Self.script, path])
        #expect(made.status == 0, "\(made.stderr)")
        let r = BoardXLSXReader().read(BoardInput(path: path, displayName: "backlog.xlsx"), options: ReaderOptions())
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards.map(\.title) == ["Login page", "Reports", "Export"])
        #expect(board.cards.map { board.category(ofState: $0.state) } == [.todo, .doing, .done])
        let at3pm = { (m: Int, d: Int) in DueDate.instant(Zone.utc.instant(LocalDateTime(date: CalendarDate(year: 2025, month: m, day: d)!, hour: 15))) }
        #expect(board.cards.map(\.due) == [at3pm(3, 4), at3pm(9, 19), .date(CalendarDate(year: 2025, month: 5, day: 6)!)])
        let header = try #require(r.diagnostics.first { $0.code == .tabularHeaderRow })
        #expect(header.location?.description.contains("Backlog!A3") == true, "\(header)")
        guard case .headerRow(_, _, let firstPassed) = header.message as? TabularMessage else { Issue.record("\(header)"); return }
        #expect(firstPassed.first == "Product Backlog")
        let order = try #require(r.diagnostics.first { $0.code == .tabularDateOrderShown })
        #expect(order.location?.description.contains("Backlog!C5") == true, "\(order)")
        // A row of the sheet is still located by its own number.
        #expect(r.sourceMap.location(of: .card(index: 2, field: "title")).description.contains("Backlog!A6"))
    }

    /// A workbook that opens on a chartsheet (openpyxl's bug137.xlsx does): its cards are read
    /// from the first worksheet, as openpyxl and Excel open it; `--sheet` naming the chart is
    /// refused with the worksheets named, not as broken XML (#19 item 12).
    @Test func aChartsheetFirstIsPassedOver() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("charted.xlsx")
        let script = """
        import sys, openpyxl
        from openpyxl.chart import BarChart, Reference
        wb = openpyxl.Workbook(); ws = wb.active; ws.title = 'Tasks'
        ws.append(['Title', 'Points']); ws.append(['Plan', 3]); ws.append(['Build', 5])
        cs = wb.create_chartsheet('Chart', 0)
        chart = BarChart(); chart.add_data(Reference(ws, min_col=2, min_row=1, max_row=3), titles_from_data=True)
        cs.add_chart(chart)
        wb.save(sys.argv[1])
        """
        let made = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, path])
        #expect(made.status == 0, "\(made.stderr)")
        let reader = BoardXLSXReader()
        let r = reader.read(BoardInput(path: path, displayName: "charted.xlsx"), options: ReaderOptions())
        #expect(try #require(r.board, "\(r.diagnostics)").cards.map(\.title) == ["Plan", "Build"])
        let chart = reader.read(BoardInput(path: path, displayName: "charted.xlsx"), options: ReaderOptions(sheet: "Chart"))
        #expect(chart.board == nil)
        let d = chart.diagnostics.first { $0.code == .xlsxMissingSheet }
        #expect(d?.message as? XLSXMessage == .notAWorksheet(sheet: "Chart", chart: true, worksheets: ["Tasks"]), "\(chart.diagnostics)")
        #expect(!chart.diagnostics.contains { $0.code == .xlsxBrokenXML })
    }
}
