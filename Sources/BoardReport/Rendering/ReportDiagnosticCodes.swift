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
    public static let forecastNothingDone = DiagnosticCode(
        "forecast-nothing-done", .error, "No card was finished in the forecast's sample, so the board's throughput cannot say when anything will be done.")
    public static let forecastThinSample = DiagnosticCode(
        "forecast-thin-sample", .warning, "The forecast's sample has fewer than 10 finished cards or fewer than 3 weeks of history: its dates are rough.")
    public static let forecastDateOutOfRange = DiagnosticCode(
        "forecast-date-out-of-range", .error, "forecast --date is not after as-of, or more than ten years after it.")
    public static let forecastUnknownState = DiagnosticCode(
        "forecast-unknown-state", .error, "forecast --state names no state of the board.")

    /// The report's codes, for `boardkit codes` and docs/report.md.
    public static let reportCodes: [DiagnosticCode] = [
        .reportTemplateNotFound, .reportTemplateInvalid, .reportInvalidAsOf, .reportWriteFailed,
        .forecastNothingDone, .forecastThinSample, .forecastDateOutOfRange, .forecastUnknownState,
    ]
}
