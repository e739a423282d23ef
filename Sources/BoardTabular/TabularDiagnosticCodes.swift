import BoardModel

// Codes of the tabular mapping layer, shared by CSV and XLSX.
extension DiagnosticCode {
    public static let tabularNoTitleColumn = DiagnosticCode(
        "tabular-no-title-column", .error,
        "The header row has no column that holds the card title (Title, Summary, Name, …).")
    public static let tabularAmbiguousDate = DiagnosticCode(
        "tabular-ambiguous-date", .error,
        "A day/month date reads two ways (03/04/2026), and neither --date-order, the mapping nor the column's other dates settle which.")
    public static let tabularDateOrderShown = DiagnosticCode(
        "tabular-date-order-shown", .note,
        "Slash dates that read both ways took the order the column's other dates show (09/19/25: month first).")
    public static let tabularHeaderRow = DiagnosticCode(
        "tabular-header-row", .note,
        "The header is not the first row: rows above it (a title band) were passed over, not read as cards.")
    public static let tabularNoHeaderRow = DiagnosticCode(
        "tabular-no-header-row", .error, "--header-row names a row the sheet or file does not have, or an empty one.")
    public static let tabularStateColumnUnread = DiagnosticCode(
        "tabular-state-column-unread", .warning,
        "No column was read as the state, yet a column kept as a field holds state words (Done, In Progress): every card is in one todo state.")
    public static let tabularValueKept = DiagnosticCode(
        "tabular-value-kept-as-field", .warning,
        "A value the model cannot take (a due date of 'every Monday') is kept as a custom field.")
    public static let tabularBadMapping = DiagnosticCode(
        "tabular-bad-mapping", .error, "A mapping preset or file could not be found or read.")
    public static let tabularEmptyHeader = DiagnosticCode(
        "tabular-empty-header", .warning, "A column has no header; its values are kept as a field named by position.")

    public static let tabularRowSkipped = DiagnosticCode(
        "tabular-row-skipped", .warning, "A row whose kind the mapping does not know (not a card, section or note) was skipped.")

    /// The tabular layer's codes, for `boardkit codes`.
    public static let tabularCodes: [DiagnosticCode] = [
        .tabularNoTitleColumn, .tabularAmbiguousDate, .tabularDateOrderShown, .tabularHeaderRow,
        .tabularNoHeaderRow, .tabularStateColumnUnread, .tabularValueKept, .tabularBadMapping, .tabularEmptyHeader, .tabularRowSkipped,
    ]
}
