import CXlsxWriter
import BoardModel
import BoardIO
import BoardTabular

/// The workbook reader's and writer's diagnostics (`Diagnostic` tells where a target's
/// messages go); the rows' values are BoardTabular's (`TabularMessage`).
public enum XLSXMessage: DiagnosticMessage, Equatable {
    // The package.
    case encrypted
    case notZip
    case noWorkbookPart
    case noSheets
    /// A part that is not the XML it should be.
    case brokenPart(part: String, problem: XMLProblem)
    /// A part, or shared string `sharedString` (1-based) in it, inflates past `limit` bytes.
    case partTooLarge(part: String, sharedString: Int?, limit: Int)
    case damagedZip
    case cannotReopen
    /// `--sheet` names a sheet that is not a worksheet; `worksheets` are the workbook's.
    case notAWorksheet(sheet: String, chart: Bool, worksheets: [String])
    /// No sheet of that name; `sheets` are the workbook's.
    case noSuchSheet(String, sheets: [String])

    // The sheets.
    /// A row of `sheet` holds more than `limit` bytes of XML.
    case rowTooLarge(sheet: String, limit: Int)
    case sheetPartMissing(sheet: String, part: String)
    /// The workbook lists the sheet, but its relationships give it no part.
    case sheetNotLinked(sheet: String)
    case sheetDamaged(sheet: String, part: String)
    /// The sheet ends inside its rows (`sawSheetData`), or has no `<sheetData>`.
    case sheetCutShort(sheet: String, sawSheetData: Bool)
    case rowPastLast(sheet: String, row: Int, last: Int)
    /// A cell names a shared string (as written) the workbook does not have.
    case noSuchSharedString(String)
    /// A date cell's number is no date Excel shows; `number` as the reader writes it.
    case dateCellOutOfRange(number: String)
    case emptySheet(String)

    // boardkit's own workbook: its hidden columns and sheets.
    case badHiddenExtras
    case badHiddenInstant(String)
    case badStateCategory(state: String, category: String, readAs: StateCategory)
    case badStateWIPLimit(state: String, text: String)
    case badStateExtras(state: String)
    case historyRowNoCard
    case historyBadType(card: String, type: String)
    case historyNoTime(card: String, text: String)
    case historyBadExtras
    case historyBadChanges(card: String, failure: FieldChangesText.Failure)
    /// `rows` history rows of `cards` (the first few named) left out: their cards are gone.
    case orphanEvents(rows: Int, cards: [String])
    /// A row of a conversation sheet (Comments, Checklists, Attachments, Links) without a card.
    case conversationRowNoCard(sheet: String)
    /// A row of card `card` without what its element needs (`column`); left out.
    case conversationRowMissing(sheet: String, card: String, column: String)
    /// A row whose `column` holds `text`, not what it should; left out.
    case conversationBadValue(sheet: String, card: String, column: String, text: String, expected: Expected)
    /// A row whose time or due in `column` (`text`) is no date; left out.
    case conversationBadDate(sheet: String, card: String, column: String, text: String)
    /// `rows` rows of `sheet` for `cards` (the first few named) that the Cards sheet lacks.
    case orphanConversation(sheet: String, rows: Int, cards: [String])

    // Writing.
    /// The board's zone is not a zone: date-time cells show UTC.
    case invalidTimeZone(String)
    case cannotCreateWorkbook
    case cannotAddSheets
    case writeFailed(WriteFailure)
    /// A text (of the column `column`, empty for none) of `bytes` bytes, shown cut to
    /// `shown` and kept whole in the Overflow sheet.
    case textOverflow(column: String, bytes: Int, shown: Int)
    /// The date `iso` of `cell` is outside Excel's dates, written as text.
    case dateOutOfRange(cell: DateCell, iso: String)

    /// What is wrong with a part's XML.
    public enum XMLProblem: Sendable, Equatable {
        case noWorkbookElement, endsInsideStringItem
    }

    /// What a conversation sheet's cell should hold.
    public enum Expected: Sendable, Equatable {
        case boolean, size, linkType
    }

    /// Which date a cell holds, for the writer's warning.
    public enum DateCell: Sendable, Equatable {
        case card(String, column: String)
        case exportTime
        /// The time of event `n` (1-based).
        case eventTime(Int)
        /// A time or due date of a card's conversation, in `sheet`'s `column`.
        case conversation(sheet: String, card: String, column: String)
    }

    /// The first thing libxlsxwriter could not do.
    public enum WriteFailure: Sendable, Equatable {
        /// Writing a cell failed (`error`: libxlsxwriter's code).
        case cell(sheet: String, row: Int, column: Int, error: UInt32)
        case addSheet(String)
        /// The sheet's rows could not go to the temporary folder (`errno`, 0 if none was set).
        case rowFile(sheet: String, errno: Int32)
        case overflowFull
        /// Closing the workbook failed (`error`: libxlsxwriter's code).
        case close(error: UInt32)
    }

    public var code: DiagnosticCode {
        switch self {
        case .encrypted: .xlsxEncrypted
        case .notZip: .xlsxNotZip
        case .noWorkbookPart, .noSheets: .xlsxNotWorkbook
        case .brokenPart, .damagedZip, .sheetDamaged, .sheetCutShort, .rowPastLast, .noSuchSharedString: .xlsxBrokenXML
        case .partTooLarge: .xlsxPartTooLarge
        case .cannotReopen, .cannotCreateWorkbook: .ioError
        case .notAWorksheet, .noSuchSheet, .sheetPartMissing, .sheetNotLinked: .xlsxMissingSheet
        case .rowTooLarge: .xlsxRowTooLarge
        case .dateCellOutOfRange, .dateOutOfRange: .xlsxDateOutOfRange
        case .emptySheet: .xlsxEmptySheet
        case .badHiddenExtras, .badHiddenInstant, .badStateCategory, .badStateWIPLimit, .badStateExtras, .historyRowNoCard,
             .historyBadType, .historyBadExtras: .xlsxBadHiddenValue
        case .historyNoTime: .invalidDate
        case .historyBadChanges: .xlsxBadChanges
        case .orphanEvents, .orphanConversation: .xlsxOrphanEvents
        case .invalidTimeZone: .invalidTimeZone
        case .cannotAddSheets, .writeFailed: .xlsxWriteFailed
        case .textOverflow: .xlsxTextOverflow
        case .conversationRowNoCard, .conversationRowMissing, .conversationBadValue: .xlsxBadConversation
        case .conversationBadDate: .invalidDate
        }
    }

    public var text: String {
        switch self {
        case .encrypted:
            return "the workbook is password-protected (encrypted, not a zip archive); save a copy without the password and read that"
        case .notZip:
            return "not a zip archive, so not an XLSX workbook"
        case .noWorkbookPart:
            return "a zip archive without a spreadsheet in it (no xl/workbook.xml)"
        case .noSheets:
            return "the workbook lists no sheets"
        case .brokenPart(let part, let problem):
            let what = switch problem {
            case .noWorkbookElement: "has no <workbook> element"
            case .endsInsideStringItem: "ends inside a string item"
            }
            return "\(part) \(what)"
        case .partTooLarge(let part, let sharedString, let limit):
            let what = sharedString.map { "shared string \($0) of \(part)" } ?? part
            return "\(what) inflates past \(Self.mebibytes(limit)); the workbook is not read"
        case .damagedZip:
            return "a part of the workbook cannot be inflated: the zip data is damaged"
        case .cannotReopen:
            return "cannot open the workbook a second time to read its History sheet"
        case .notAWorksheet(let sheet, let chart, let worksheets):
            let names = Self.quoted(worksheets)
            return "sheet '\(sheet)' is \(chart ? "a chart" : "not a worksheet"), with no rows to read cards from; the worksheets are \(names.isEmpty ? "none" : names)"
        case .noSuchSheet(let name, let sheets):
            return "the workbook has no sheet '\(name)' (it has \(Self.quoted(sheets)))"
        case .rowTooLarge(let sheet, let limit):
            return "a row of sheet '\(sheet)' holds more than \(Self.mebibytes(limit)) of XML; reading stopped"
        case .sheetPartMissing(let sheet, let part):
            return "sheet '\(sheet)' is listed but its part \(part) is not in the package"
        case .sheetNotLinked(let sheet):
            return "sheet '\(sheet)' is listed, but the workbook's relationships give it no part: the file is damaged "
                + "(saving it again in a spreadsheet program usually mends it)"
        case .sheetDamaged(let sheet, let part):
            return "sheet '\(sheet)' (\(part)) cannot be inflated: the zip data is damaged"
        case .sheetCutShort(let sheet, let sawSheetData):
            return sawSheetData ? "sheet '\(sheet)' ends inside its rows: the XML is cut short or broken"
                                : "sheet '\(sheet)' has no <sheetData>: it is not a worksheet"
        case .rowPastLast(let sheet, let row, let last):
            return "sheet '\(sheet)' has a row numbered \(row), past a sheet's last row (\(last)); reading stopped"
        case .noSuchSharedString(let index):
            return "the cell points at shared string \(index), which the workbook does not have"
        case .dateCellOutOfRange(let number):
            return "the date cell holds \(number), which is no date Excel can show; read as a number"
        case .emptySheet(let sheet):
            return "sheet '\(sheet)' is empty: no header row to read cards by"
        case .badHiddenExtras:
            return "not a JSON object of unknown keys; ignored"
        case .badHiddenInstant(let text):
            return "'\(text)' is not an instant or an offset; ignored"
        case .badStateCategory(let state, let category, let readAs):
            return "state '\(state)' has category '\(category)', not todo, doing or done; read as \(readAs.rawValue)"
        case .badStateWIPLimit(let state, let text):
            return "state '\(state)' has WIP limit '\(text)', not a whole number; left out"
        case .badStateExtras(let state):
            return "state '\(state)' has \(ExactColumn.extras.header) that is not a JSON object; ignored"
        case .historyRowNoCard:
            return "history row without a card id; left out"
        case .historyBadType(let card, let type):
            return "history row of card \(card) has type '\(type)', not one of \(EventType.allCases.map(\.rawValue).joined(separator: ", ")); left out"
        case .historyNoTime(let card, let text):
            return "history row of card \(card) has no readable time ('\(text)'); left out"
        case .historyBadExtras:
            return "not a JSON object; ignored"
        case .historyBadChanges(let card, let failure):
            return "history row of card \(card): \(failure.text) (expected \(FieldChangesText.example))"
        case .orphanEvents(let rows, let cards):
            let named = cards.sorted().prefix(5).joined(separator: ", ") + (cards.count > 5 ? ", …" : "")
            return "\(Counted(rows, "history row")) of \(Counted(cards.count, "card")) no longer in the Cards sheet left out (\(named))"
        case .conversationRowNoCard(let sheet):
            return "\(sheet) row without a card id; left out"
        case .conversationRowMissing(let sheet, let card, let column):
            return "\(sheet) row of card \(card) has no \(column); left out"
        case .conversationBadValue(let sheet, let card, let column, let text, let expected):
            let what = switch expected {
            case .boolean: "TRUE or FALSE"
            case .size: "a whole number of bytes"
            case .linkType: "one of " + LinkType.allCases.map(\.rawValue).joined(separator: ", ")
            }
            return "\(sheet) row of card \(card) has \(column) '\(text)', not \(what); left out"
        case .conversationBadDate(let sheet, let card, let column, let text):
            return "\(sheet) row of card \(card) has \(column) '\(text)', not a date or time; left out"
        case .orphanConversation(let sheet, let rows, let cards):
            let named = cards.sorted().prefix(5).joined(separator: ", ") + (cards.count > 5 ? ", …" : "")
            return "\(Counted(rows, "\(sheet) row")) of \(Counted(cards.count, "card")) not in the Cards sheet left out (\(named))"
        case .invalidTimeZone(let zone):
            return "'\(zone)' is not an IANA time-zone name; date-time cells show UTC"
        case .cannotCreateWorkbook:
            return "cannot create the workbook"
        case .cannotAddSheets:
            return "libxlsxwriter could not add the sheets"
        case .writeFailed(let failure):
            let what: String
            switch failure {
            case .cell(let sheet, let row, let column, let error):
                what = "\(CellReference.cell(sheet: sheet, row: row, column: column)): \(Self.library(error))"
            case .addSheet(let name):
                what = "could not add sheet '\(name)'"
            case .rowFile(let sheet, let e):
                let reason = e != 0 ? SystemError.text(e) : "a write failed"
                what = "the rows of sheet '\(sheet)' could not be written to the temporary folder (TMPDIR): \(reason)"
            case .overflowFull:
                what = "the \(WorkbookSchema.overflow) sheet is full"
            case .close(let error):
                what = Self.library(error)
            }
            return "libxlsxwriter: \(what)"
        case .textOverflow(let column, let bytes, let shown):
            return "\(column.isEmpty ? "a text" : "'\(column)'") of \(bytes) bytes is longer than a cell holds (\(SpreadsheetText.cellLimit)); the cell shows its first \(shown) bytes and the whole text is kept in the hidden \(WorkbookSchema.overflow) sheet, which boardkit reads back"
        case .dateOutOfRange(let cell, let iso):
            let what = switch cell {
            case .card(let id, let column): "card \(id) \(column)"
            case .exportTime: "export time"
            case .eventTime(let n): "event \(n) at"
            case .conversation(let sheet, let card, let column): "card \(card) \(sheet) \(column)"
            }
            return "\(what) \(iso) is outside the dates Excel shows (1900-01-01 to 9999-12-31); written as ISO 8601 text, which boardkit reads back"
        }
    }

    private static func quoted(_ names: [String]) -> String {
        names.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// `32 MiB`.
    private static func mebibytes(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }

    /// libxlsxwriter's words for its error code.
    private static func library(_ error: UInt32) -> String {
        String(cString: lxw_strerror(lxw_error(rawValue: error)))
    }
}
