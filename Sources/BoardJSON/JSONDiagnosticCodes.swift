import BoardModel

// Codes of the canonical JSON reader. The model's own codes (`invalid-date`, `unknown-key`,
// `io-error`) are used where they already say what went wrong.
extension DiagnosticCode {
    public static let jsonSyntax = DiagnosticCode(
        "json-syntax", .error,
        "The file is not valid JSON (truncated, a trailing comma, a stray character…); the location says where.")
    public static let jsonInvalidUTF8 = DiagnosticCode(
        "json-invalid-utf8", .error, "A string holds bytes that are not UTF-8.")
    public static let jsonInvalidString = DiagnosticCode(
        "json-invalid-string", .error,
        "A string has a bad escape, a raw control character or a lone UTF-16 surrogate.")
    public static let jsonTooDeep = DiagnosticCode(
        "json-too-deep", .error, "Arrays or objects are nested deeper than the reader allows (512).")
    public static let jsonWrongType = DiagnosticCode(
        "json-wrong-type", .error, "A key holds the wrong kind of value (a number where a string belongs…).")
    public static let jsonInvalidValue = DiagnosticCode(
        "json-invalid-value", .error,
        "A value has the right type but is not allowed (an unknown category or event type, a number out of range).")
    public static let jsonMissingKey = DiagnosticCode(
        "json-missing-key", .error, "An object lacks a key it needs (a card without an id, title or state…).")
    public static let jsonMissingFormat = DiagnosticCode(
        "json-missing-format", .warning, "The file has no \"format\" key; it is read as boardkit/1.")
    public static let jsonUnsupportedFormat = DiagnosticCode(
        "json-unsupported-format", .error,
        "The \"format\" key names something other than boardkit/1 (another tool, or a newer boardkit).")
    public static let jsonDuplicateKey = DiagnosticCode(
        "json-duplicate-key", .warning, "An object has the same key twice; the last value is kept.")
    public static let jsonLocalTime = DiagnosticCode(
        "json-local-time", .warning,
        "A timestamp has no UTC offset (or is a bare date where a moment belongs); it is read in the board's zone.")
    public static let jsonConvertedValue = DiagnosticCode(
        "json-converted-value", .warning,
        "A custom field or metadata value is a number, true/false or null; it is kept as text (null drops it).")
    public static let jsonNotABoard = DiagnosticCode(
        "json-not-a-board", .error,
        "The JSON is not a board: an array or a value where a board's object belongs, or an object with none of a board's keys (\"format\", \"board\", \"states\", \"cards\", \"events\"): another tool's file, not read as an empty board.")
    public static let jsonTooManyErrors = DiagnosticCode(
        "json-too-many-errors", .error, "Reading stopped after 100 errors.")

    /// Every code the canonical JSON reader and writer can report, for `boardkit codes`.
    public static let jsonCodes: [DiagnosticCode] = [
        .jsonSyntax, .jsonInvalidUTF8, .jsonInvalidString, .jsonTooDeep, .jsonWrongType,
        .jsonInvalidValue, .jsonMissingKey, .jsonMissingFormat, .jsonUnsupportedFormat,
        .jsonDuplicateKey, .jsonLocalTime, .jsonConvertedValue, .jsonNotABoard, .jsonTooManyErrors,
    ]
}
