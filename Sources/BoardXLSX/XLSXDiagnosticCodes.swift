import BoardModel

// Codes of the XLSX reader and writer.
extension DiagnosticCode {
    public static let xlsxNotZip = DiagnosticCode(
        "xlsx-not-a-zip", .error, "The file is not a zip archive, so it cannot be an XLSX workbook.")
    public static let xlsxEncrypted = DiagnosticCode(
        "xlsx-encrypted", .error,
        "The workbook is password-protected (Excel stores it encrypted, not as a zip): save a copy without the password.")
    public static let xlsxNotWorkbook = DiagnosticCode(
        "xlsx-not-a-workbook", .error, "The zip archive has no spreadsheet in it (no xl/workbook.xml).")
    public static let xlsxBrokenXML = DiagnosticCode(
        "xlsx-broken-xml", .error, "A part of the workbook is not well-formed XML or was cut short.")
    public static let xlsxMissingSheet = DiagnosticCode(
        "xlsx-missing-sheet", .error, "The sheet to read (--sheet, or one the workbook lists) is not there.")
    public static let xlsxEmptySheet = DiagnosticCode(
        "xlsx-empty-sheet", .error, "The sheet to read has no header row.")
    public static let xlsxTextOverflow = DiagnosticCode(
        "xlsx-text-overflow", .warning,
        "A text longer than a cell holds (32,767 bytes): the cell shows its beginning, the whole text is kept in the hidden Overflow sheet.")
    public static let xlsxDateOutOfRange = DiagnosticCode(
        "xlsx-date-out-of-range", .warning,
        "A date Excel cannot show (before 1900, after 9999): written as ISO 8601 text; a date cell outside that range is read as a number.")
    public static let xlsxOrphanEvents = DiagnosticCode(
        "xlsx-orphan-events", .warning,
        "History, Comments, Checklists, Attachments or Links rows of cards not in the Cards sheet (rows deleted in a spreadsheet) were left out.")
    public static let xlsxBadConversation = DiagnosticCode(
        "xlsx-bad-conversation", .error,
        "A Comments, Checklists, Attachments or Links row lacks what its element needs (a card; a comment's id; an attachment's url; a link's type and other card) or holds a value of the wrong kind (done or upload not TRUE/FALSE, size not a whole number): the row is left out.")
    public static let xlsxBadHiddenValue = DiagnosticCode(
        "xlsx-bad-hidden-value", .warning,
        "A hidden boardkit: cell, or a Board/States/History value, could not be read and was ignored or kept as text.")
    public static let xlsxBadChanges = DiagnosticCode(
        "xlsx-bad-changes", .error,
        "A History row's changes cell is not a JSON array of {\"field\", \"old\", \"new\"} objects with text or list values.")
    public static let xlsxRowTooLarge = DiagnosticCode(
        "xlsx-row-too-large", .error,
        "A worksheet row's XML is larger than boardkit reads (32 MiB; Excel holds 32,767 characters a cell): reading stopped, so a small file cannot take the machine's memory.")
    public static let xlsxPartTooLarge = DiagnosticCode(
        "xlsx-part-too-large", .error,
        "A shared string (32 MiB) or a part read whole (the workbook, its relationships, the styles: 64 MiB) inflates past what boardkit reads: refused, so a small file cannot take the machine's memory.")
    public static let xlsxWriteFailed = DiagnosticCode(
        "xlsx-write-failed", .error, "libxlsxwriter could not write the workbook.")

    /// The XLSX format's codes, for `boardkit codes`.
    public static let xlsxCodes: [DiagnosticCode] = [
        .xlsxNotZip, .xlsxEncrypted, .xlsxNotWorkbook, .xlsxBrokenXML, .xlsxMissingSheet, .xlsxEmptySheet,
        .xlsxTextOverflow, .xlsxDateOutOfRange, .xlsxOrphanEvents, .xlsxBadConversation, .xlsxBadHiddenValue,
        .xlsxBadChanges, .xlsxRowTooLarge, .xlsxPartTooLarge, .xlsxWriteFailed,
    ]
}
