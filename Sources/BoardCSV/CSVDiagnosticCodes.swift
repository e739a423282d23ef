import BoardModel

// Codes of the CSV reader and writer.
extension DiagnosticCode {
    public static let csvEmptyFile = DiagnosticCode(
        "csv-empty-file", .error, "The file has no header row (it is empty or only blank lines).")
    public static let csvUnterminatedQuote = DiagnosticCode(
        "csv-unterminated-quote", .error, "A quoted field is still open at the end of the file.")
    public static let csvStrayQuote = DiagnosticCode(
        "csv-stray-quote", .error,
        "A quote inside an unquoted field, or text right after a closing quote (`\"a\"b`).")
    public static let csvFieldCount = DiagnosticCode(
        "csv-field-count", .error, "A row has more or fewer fields than the header.")
    public static let csvInvalidUTF8 = DiagnosticCode(
        "csv-invalid-utf8", .error, "The file is not UTF-8; name its encoding with --encoding (CP949, LATIN1…).")
    public static let csvUnknownEncoding = DiagnosticCode(
        "csv-unknown-encoding", .error, "--encoding names an encoding iconv does not know.")
    public static let csvEncodingFailed = DiagnosticCode(
        "csv-encoding-failed", .error, "The bytes are not valid in the encoding --encoding names.")
    public static let csvEventsSidecar = DiagnosticCode(
        "csv-bad-events", .error, "The events sidecar file has a row boardkit cannot read.")

    /// The CSV format's codes, for `boardkit codes`.
    public static let csvCodes: [DiagnosticCode] = [
        .csvEmptyFile, .csvUnterminatedQuote, .csvStrayQuote, .csvFieldCount, .csvInvalidUTF8,
        .csvUnknownEncoding, .csvEncodingFailed, .csvEventsSidecar,
    ]
}
