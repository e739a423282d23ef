import Foundation
import Testing
import BoardTestSupport

/// Workbooks people print: landscape, one page wide, the header row on every page. Checked
/// with openpyxl (the page setup written) and LibreOffice (the pages it actually prints).
@Suite struct PrintLayoutTests {
    struct Printed: Decodable {
        struct Setup: Decodable, Equatable {
            var orientation: String?
            var fitToPage: Bool
            var fitToWidth: Int?
            var fitToHeight: Int?
            var titleRows: String?
        }
        var sheets: [String: Setup]
        var pages: [String]
    }

    func printed(_ workbook: String) throws -> Printed {
        let r = try CommandRunner.python("xlsx_print_check.py", [workbook])
        #expect(r.status == 0, "\(r.stderr)")
        return try JSONDecoder().decode(Printed.self, from: r.stdout)
    }

    @Test func theBoardWorkbookPrintsOnePageWideWithItsHeaderOnEveryPage() throws {
        let folder = try TemporaryFolder()
        let book = folder.path("board.xlsx")
        #expect(try CommandRunner.boardkit(["convert", CommandRunner.sample("board.json"), book]).status == 0)
        let p = try printed(book)
        let headed = Printed.Setup(orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, titleRows: "$1:$1")
        #expect(p.sheets.keys.sorted() == ["Board", "Cards", "History", "States"])
        for (name, setup) in p.sheets { #expect(setup == headed, "\(name)") }
        // Every printed page starts with its sheet's header: no page of columns cut off the
        // Cards table (before: 15 pages, Cards alone 11, most without a title column).
        let headers = ["id    title", "card   at", "id       name", "key"]
        for (k, first) in p.pages.enumerated() {
            #expect(headers.contains { first.hasPrefix($0) }, "page \(k + 1) starts with '\(first)'")
        }
        #expect(p.pages.filter { $0.hasPrefix("id    title") }.count == 1, "the sample's 40 cards fit one page")
        #expect(p.pages.count <= 7, "\(p.pages.count) pages")
    }

    @Test func theReportWorkbookPrintsTheSameWay() throws {
        let folder = try TemporaryFolder()
        let book = folder.path("report.xlsx")
        #expect(try CommandRunner.boardkit(["report", CommandRunner.sample("board.json"), "--as-of", "2026-11-20",
                                             "--format", "xlsx", "-o", book]).status == 0)
        let p = try printed(book)
        #expect(!p.sheets.isEmpty)
        for (name, setup) in p.sheets {
            #expect(setup.orientation == "landscape" && setup.fitToPage && setup.fitToWidth == 1 && setup.fitToHeight == 0, "\(name)")
            // The summary holds several small tables; every other sheet is one table.
            #expect(setup.titleRows == (name == p.sheets.keys.first { $0.lowercased().contains("summary") } ? nil : "$1:$1"), "\(name)")
        }
    }
}
