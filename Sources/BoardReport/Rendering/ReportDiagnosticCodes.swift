import BoardModel

extension DiagnosticCode {
    public static let reportTemplateNotFound = DiagnosticCode(
        "report-template-not-found", .error, "The report template file could not be read.")
    public static let reportTemplateInvalid = DiagnosticCode(
        "report-template-invalid", .error, "The report template is not valid Mustache.")
    public static let reportInvalidAsOf = DiagnosticCode(
        "report-invalid-as-of", .error, "--as-of is not a date (YYYY-MM-DD) or a timestamp.")
    public static let reportWriteFailed = DiagnosticCode(
        "report-write-failed", .error, "The report could not be written (the XLSX library refused).")

    /// The report's codes, for `boardkit codes` and docs/report.md.
    public static let reportCodes: [DiagnosticCode] = [
        .reportTemplateNotFound, .reportTemplateInvalid, .reportInvalidAsOf, .reportWriteFailed,
    ]
}
