import Foundation
import Testing
import BoardModel
import BoardIO
import BoardTestSupport
@testable import BoardXLSX
import BoardJSON

/// A card's conversation in the workbook: the Comments, Checklists, Attachments and Links
/// sheets, seen by openpyxl and LibreOffice, edited by a person, read back whole.
@Suite struct ConversationSheetsTests {
    let tmp: TemporaryFolder
    let book: String
    init() throws {
        tmp = try TemporaryFolder()
        let json = tmp.path("board.json")
        try ConversationFixture.json.write(toFile: json, atomically: true, encoding: .utf8)
        book = tmp.path("board.xlsx")
        let out = try CommandRunner.boardkit(["convert", json, book])
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out.stderr)")
    }

    func read(_ path: String) -> ReadResult {
        BoardXLSXReader().read(BoardInput(path: path), options: ReaderOptions())
    }

    func original() throws -> Board {
        let path = tmp.path("board.json")
        return try #require(BoardJSONReader().read(BoardInput(path: path), options: ReaderOptions()).board)
    }

    @Test func eachKindIsATableAPersonCanFilter() throws {
        let seen = try oracleJSON("xlsx_inspect.py", [book])
        #expect(seen["sheets"] as? [String] == ["Cards", "History", "Comments", "Checklists", "Attachments", "Links", "States", "Board"])
        func sheet(_ name: String) throws -> (rows: [[Any]], info: [String: Any]) {
            let info = try #require(seen[name] as? [String: Any])
            return (try #require(info["rows"] as? [[Any]]), info)
        }
        let comments = try sheet("Comments")
        #expect(comments.rows[0].prefix(6).map { $0 as? String } == ["card", "id", "author", "at", "text", "edited"])
        #expect(comments.rows.count == 4)
        // At and edited are date-times shown in Seoul; the exact instants are hidden beside them.
        #expect((comments.rows[1][3] as? [String: String])?["datetime"] == "2026-11-20T09:15:00")
        #expect((comments.rows[2][5] as? [String: String])?["datetime"] == "2026-11-21T19:05:00")
        #expect(comments.rows[2][7] as? String == "Z")
        #expect(comments.rows[1][4] as? String == "Okta first, 다음은 Azure.\nThen **Google**; \"soon\" 👍")
        #expect(comments.info["hidden_columns"] as? [String] == ["G", "H"])
        let checklists = try sheet("Checklists")
        #expect(checklists.rows[0].prefix(7).map { $0 as? String } == ["card", "checklist", "checklist id", "item", "done", "due", "assignee"])
        #expect(checklists.rows.dropFirst().map { $0[3] as? String } == ["Write the runbook", "Tell support, then sales", "번역"])
        #expect((checklists.rows[1][5] as? [String: String])?["date"] == nil)
        #expect((checklists.rows[1][5] as? [String: String])?["datetime"] == "2026-12-01T00:00:00")
        #expect((checklists.rows[3][5] as? [String: String])?["datetime"] == "2026-12-03T18:00:00")
        let attachments = try sheet("Attachments")
        #expect(attachments.rows[0].prefix(8).map { $0 as? String } == ["card", "name", "url", "type", "size", "at", "by", "upload"])
        #expect(attachments.rows[1][4] as? Int == 48213)
        let links = try sheet("Links")
        #expect(links.rows.map { $0.map { $0 as? String } } == [["card", "type", "other card"], ["sso", "child", "okta"], ["sso", "blocks", "docs"],
                                                                ["okta", "parent", "sso"], ["docs", "blocked-by", "sso"]])
        for name in ["Comments", "Checklists", "Attachments", "Links"] {
            let info = try sheet(name).info
            #expect(info["freeze"] as? String == "A2", "\(name)")
            #expect((info["autofilter"] as? String)?.hasPrefix("A1:") == true, "\(name)")
        }
    }

    /// openpyxl's own cell types: a done or upload cell is a boolean, a time a date, a size a number.
    @Test func doneIsABooleanCellAndTimesAreDates() throws {
        func types(_ sheet: String) throws -> [[String]] {
            let out = try CommandRunner.python("xlsx_cell_types.py", [book, sheet])
            #expect(out.status == 0, "\(out.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: out.stdout) as? [[[Any]]])
            return rows.map { $0.map { ($0[1] as? String) ?? "" } }
        }
        let checklists = try types("Checklists")
        #expect(checklists.dropFirst().map { $0[4] } == ["b", "b", "b"])
        #expect(checklists.dropFirst().map { $0[5] } == ["d", "n", "d"])   // the second item has no due (an empty cell)
        let comments = try types("Comments")
        #expect(comments.dropFirst().map { $0[3] } == ["d", "d", "d"])
        let attachments = try types("Attachments")
        #expect(attachments[1][4] == "n" && attachments[1][5] == "d" && attachments[1][7] == "b" && attachments[2][7] == "b")
    }

    @Test func readBackWholeWithoutAWord() throws {
        let result = read(book)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let back = try #require(result.board)
        let board = try original()
        #expect(back.cards == board.cards)
    }

    @Test func aTickAndReorderedColumnsReadBack() throws {
        let edited = tmp.path("ticked.xlsx")
        let out = try CommandRunner.python("xlsx_edit.py", ["tick", book, edited, "sso", "Tell support, then sales"])
        #expect(out.status == 0, "\(out.stderr)")
        let result = read(edited)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        var board = try original()
        board.cards[0].checklists[0].items[1].done = true
        #expect(try #require(result.board).cards == board.cards)
    }

    /// A bad row is left out with its cell and code; the rest of the sheet still reads.
    @Test func aBadRowIsSaidWhereItIs() throws {
        let edited = tmp.path("bad.xlsx")
        let script = """
        import sys, openpyxl
        wb = openpyxl.load_workbook(sys.argv[1])
        wb["Comments"]["D3"] = "next Tuesday"
        wb["Checklists"]["E2"] = "maybe"
        wb["Links"]["B3"] = "loves"
        wb["Attachments"].append(["ghost", "x.png", "https://example.org/x.png"])
        wb["Links"].append([None, "child", "okta"])
        wb.save(sys.argv[2])
        """
        let out = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, book, edited])
        #expect(out.status == 0, "\(out.stderr)")
        let result = read(edited)
        let said = result.diagnostics.map { "\($0.location?.cell ?? "") \($0.code.id)" }
        #expect(said.contains("Comments!D3 invalid-date"), "\(said)")
        #expect(said.contains("Checklists!E2 xlsx-bad-conversation"), "\(said)")
        #expect(said.contains("Links!B3 xlsx-bad-conversation"), "\(said)")
        #expect(said.contains("Links!A6 xlsx-bad-conversation"), "\(said)")
        #expect(said.contains("Attachments!A1 xlsx-orphan-events"), "\(said)")
        let back = try #require(result.board)
        let sso = try #require(back.cards.first { $0.id == "sso" })
        #expect(sso.comments.map(\.id) == ["5f1a"])
        #expect(sso.checklists[0].items.map(\.text) == ["Tell support, then sales"])
        #expect(sso.links == [CardLink(.child, "okta")])
        #expect(sso.attachments.count == 2)
    }

    /// Without the sheets (a workbook written before them) the cards read as before: no conversation.
    @Test func aWorkbookWithoutTheSheetsReadsAsBefore() throws {
        let edited = tmp.path("old.xlsx")
        let script = """
        import sys, openpyxl
        wb = openpyxl.load_workbook(sys.argv[1])
        for name in ["Comments", "Checklists", "Attachments", "Links"]:
            del wb[name]
        wb.save(sys.argv[2])
        """
        let out = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, book, edited])
        #expect(out.status == 0, "\(out.stderr)")
        let result = read(edited)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let back = try #require(result.board)
        #expect(back.cards.map(\.title) == ["Single sign-on", "Okta", "Docs"])
        #expect(back.cards.allSatisfy { $0.comments.isEmpty && $0.checklists.isEmpty && $0.attachments.isEmpty && $0.links.isEmpty })
    }

    /// A checklist without items, an instant due at local midnight and a text past a cell's
    /// limit come back as they were; a sheet past its row limit continues in `Comments (2)`.
    @Test func theEdgesOfTheShapeComeBack() throws {
        var board = try original()
        // Two checklists of one name without ids stay two (found by the identity property: they
        // read back as one before the hidden boardkit:checklist column).
        board.cards[1].checklists = [Checklist(name: "Empty"), Checklist(id: "k9", name: "Midnight",
            items: [ChecklistItem(text: "", done: true, due: .instant(Instant(epochSeconds: 1_796_050_800, offsetSeconds: 9 * 3600)))]),
            Checklist(name: "Twice", items: [ChecklistItem(text: "a")]), Checklist(name: "Twice", items: [ChecklistItem(text: "b")])]
        board.cards[2].comments.append(CardComment(id: "long", at: Instant(epochSeconds: 1_796_000_000), text: String(repeating: "말", count: 20_000)))
        let path = tmp.path("edges.xlsx")
        let written = BoardXLSXWriter(rowsPerSheet: 2).write(board, to: path, options: WriterOptions())
        #expect(written.diagnostics.map(\.code) == [.xlsxTextOverflow])
        let result = read(path)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try #require(result.board).cards == board.cards)
    }

    /// LibreOffice opens the workbook and prints every sheet, the new ones too, one page wide
    /// with their header on top.
    @Test func itPrintsLikeTheOtherSheets() throws {
        let r = try CommandRunner.python("xlsx_print_check.py", [book])
        #expect(r.status == 0, "\(r.stderr)")
        let printed = try #require(try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any])
        let sheets = try #require(printed["sheets"] as? [String: [String: Any]])
        for name in ["Comments", "Checklists", "Attachments", "Links"] {
            let setup = try #require(sheets[name], "\(name)")
            #expect(setup["orientation"] as? String == "landscape" && setup["titleRows"] as? String == "$1:$1", "\(name)")
        }
        let pages = try #require(printed["pages"] as? [String])
        for header in ["card   id", "card   checklist", "card   name", "card   type"] {
            #expect(pages.contains { $0.hasPrefix(header) }, "\(header): \(pages)")
        }
    }
}
