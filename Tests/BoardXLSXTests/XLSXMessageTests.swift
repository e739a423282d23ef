import Testing
import BoardModel
import BoardXLSX

/// The one place the workbook reader's and writer's wording is pinned.
@Suite("XLSXMessage")
struct XLSXMessageTests {
    @Test("every case's wording")
    func wording() {
        let cases: [(XLSXMessage, String)] = [
            (.encrypted, "the workbook is password-protected (encrypted, not a zip archive); save a copy without the password and read that"),
            (.notZip, "not a zip archive, so not an XLSX workbook"),
            (.noWorkbookPart, "a zip archive without a spreadsheet in it (no xl/workbook.xml)"),
            (.noSheets, "the workbook lists no sheets"),
            (.brokenPart(part: "xl/workbook.xml", problem: .noWorkbookElement), "xl/workbook.xml has no <workbook> element"),
            (.brokenPart(part: "xl/sharedStrings.xml", problem: .endsInsideStringItem), "xl/sharedStrings.xml ends inside a string item"),
            (.partTooLarge(part: "xl/styles.xml", sharedString: nil, limit: 64 << 20),
             "xl/styles.xml inflates past 64 MiB; the workbook is not read"),
            (.partTooLarge(part: "xl/sharedStrings.xml", sharedString: 3, limit: 32 << 20),
             "shared string 3 of xl/sharedStrings.xml inflates past 32 MiB; the workbook is not read"),
            (.damagedZip, "a part of the workbook cannot be inflated: the zip data is damaged"),
            (.cannotReopen, "cannot open the workbook a second time to read its History sheet"),
            (.notAWorksheet(sheet: "Chart", chart: true, worksheets: ["Tasks", "Notes"]),
             "sheet 'Chart' is a chart, with no rows to read cards from; the worksheets are 'Tasks', 'Notes'"),
            (.notAWorksheet(sheet: "Macro", chart: false, worksheets: []),
             "sheet 'Macro' is not a worksheet, with no rows to read cards from; the worksheets are none"),
            (.noSuchSheet("Nope", sheets: ["Tasks", "Chart"]), "the workbook has no sheet 'Nope' (it has 'Tasks', 'Chart')"),
            (.rowTooLarge(sheet: "Cards", limit: 32 << 20), "a row of sheet 'Cards' holds more than 32 MiB of XML; reading stopped"),
            (.sheetPartMissing(sheet: "Cards", part: "xl/worksheets/sheet1.xml"),
             "sheet 'Cards' is listed but its part xl/worksheets/sheet1.xml is not in the package"),
            (.sheetNotLinked(sheet: "Cards"),
             "sheet 'Cards' is listed, but the workbook's relationships give it no part: the file is damaged (saving it again in a spreadsheet program usually mends it)"),
            (.sheetDamaged(sheet: "Cards", part: "xl/worksheets/sheet1.xml"),
             "sheet 'Cards' (xl/worksheets/sheet1.xml) cannot be inflated: the zip data is damaged"),
            (.sheetCutShort(sheet: "Cards", sawSheetData: true), "sheet 'Cards' ends inside its rows: the XML is cut short or broken"),
            (.sheetCutShort(sheet: "Cards", sawSheetData: false), "sheet 'Cards' has no <sheetData>: it is not a worksheet"),
            (.rowPastLast(sheet: "Cards", row: 21_527_777_811, last: 1_048_576),
             "sheet 'Cards' has a row numbered 21527777811, past a sheet's last row (1048576); reading stopped"),
            (.noSuchSharedString("7"), "the cell points at shared string 7, which the workbook does not have"),
            (.dateCellOutOfRange(number: "-5"), "the date cell holds -5, which is no date Excel can show; read as a number"),
            (.emptySheet("Cards"), "sheet 'Cards' is empty: no header row to read cards by"),
            (.badHiddenExtras, "not a JSON object of unknown keys; ignored"),
            (.badHiddenInstant("soon"), "'soon' is not an instant or an offset; ignored"),
            (.badStateCategory(state: "qa", category: "wip", readAs: .doing),
             "state 'qa' has category 'wip', not todo, doing or done; read as doing"),
            (.badStateWIPLimit(state: "qa", text: "many"), "state 'qa' has WIP limit 'many', not a whole number; left out"),
            (.badStateExtras(state: "qa"), "state 'qa' has boardkit:extras that is not a JSON object; ignored"),
            (.historyRowNoCard, "history row without a card id; left out"),
            (.historyBadType(card: "c1", type: "teleported"),
             "history row of card c1 has type 'teleported', not one of created, moved, updated, archived, restored, deleted; left out"),
            (.historyNoTime(card: "c1", text: "soon"), "history row of card c1 has no readable time ('soon'); left out"),
            (.historyBadExtras, "not a JSON object; ignored"),
            (.historyBadChanges(card: "c1", failure: .notAnArray),
             #"history row of card c1: the changes are not a JSON array (expected [{"field":"due","old":"2026-12-01","new":"2026-12-03"}])"#),
            (.orphanEvents(rows: 1, cards: ["c9"]), "1 history row of 1 card no longer in the Cards sheet left out (c9)"),
            (.orphanEvents(rows: 8, cards: ["f", "e", "d", "c", "b", "a"]),
             "8 history rows of 6 cards no longer in the Cards sheet left out (a, b, c, d, e, …)"),
            (.invalidTimeZone("Mars/Base"), "'Mars/Base' is not an IANA time-zone name; date-time cells show UTC"),
            (.cannotCreateWorkbook, "cannot create the workbook"),
            (.cannotAddSheets, "libxlsxwriter could not add the sheets"),
            (.writeFailed(.addSheet("Cards")), "libxlsxwriter: could not add sheet 'Cards'"),
            (.writeFailed(.rowFile(sheet: "Cards", errno: 28)),
             "libxlsxwriter: the rows of sheet 'Cards' could not be written to the temporary folder (TMPDIR): No space left on device"),
            (.writeFailed(.rowFile(sheet: "Cards", errno: 0)),
             "libxlsxwriter: the rows of sheet 'Cards' could not be written to the temporary folder (TMPDIR): a write failed"),
            (.writeFailed(.overflowFull), "libxlsxwriter: the Overflow sheet is full"),
            (.textOverflow(column: "Body", bytes: 40_000, shown: 32_767),
             "'Body' of 40000 bytes is longer than a cell holds (32767); the cell shows its first 32767 bytes and the whole text is kept in the hidden Overflow sheet, which boardkit reads back"),
            (.textOverflow(column: "", bytes: 40_000, shown: 16_000),
             "a text of 40000 bytes is longer than a cell holds (32767); the cell shows its first 16000 bytes and the whole text is kept in the hidden Overflow sheet, which boardkit reads back"),
            (.dateOutOfRange(cell: .card("c1", column: "Due"), iso: "0001-01-01"),
             "card c1 Due 0001-01-01 is outside the dates Excel shows (1900-01-01 to 9999-12-31); written as ISO 8601 text, which boardkit reads back"),
            (.dateOutOfRange(cell: .exportTime, iso: "0001-01-01T00:00:00Z"),
             "export time 0001-01-01T00:00:00Z is outside the dates Excel shows (1900-01-01 to 9999-12-31); written as ISO 8601 text, which boardkit reads back"),
            (.dateOutOfRange(cell: .eventTime(3), iso: "0001-01-01T00:00:00Z"),
             "event 3 at 0001-01-01T00:00:00Z is outside the dates Excel shows (1900-01-01 to 9999-12-31); written as ISO 8601 text, which boardkit reads back"),
        ]
        for (message, text) in cases { #expect(message.text == text) }
        // libxlsxwriter's own words follow the cell; ours are the start.
        #expect(XLSXMessage.writeFailed(.cell(sheet: "Cards", row: 2, column: 1, error: 1)).text.hasPrefix("libxlsxwriter: Cards!B3: "))
        #expect(XLSXMessage.writeFailed(.close(error: 1)).text.count > "libxlsxwriter: ".count)
    }
}
