import BoardModel

// Codes of the Taskwarrior export reader.
extension DiagnosticCode {
    public static let taskwarriorJSONSyntax = DiagnosticCode(
        "taskwarrior-json-syntax", .error, "The Taskwarrior export is not valid JSON (truncated, a stray character…).")
    public static let taskwarriorNotAnExport = DiagnosticCode(
        "taskwarrior-not-an-export", .error,
        "The JSON is not a Taskwarrior export (an array of task objects, or one task object per line).")
    public static let taskwarriorMissingUUID = DiagnosticCode(
        "taskwarrior-missing-uuid", .error, "A task has no \"uuid\".")
    public static let taskwarriorInvalidUUID = DiagnosticCode(
        "taskwarrior-invalid-uuid", .error, "A task's \"uuid\" is not a UUID (8-4-4-4-12 hex digits).")
    public static let taskwarriorMissingField = DiagnosticCode(
        "taskwarrior-missing-field", .error, "A task lacks \"description\" or \"status\".")
    public static let taskwarriorInvalidStatus = DiagnosticCode(
        "taskwarrior-invalid-status", .error,
        "A task's status is not pending, waiting, completed, deleted or recurring.")
    public static let taskwarriorInvalidDate = DiagnosticCode(
        "taskwarrior-invalid-date", .error, "A date is neither Taskwarrior's 20261122T141500Z form nor ISO 8601.")
    public static let taskwarriorWrongType = DiagnosticCode(
        "taskwarrior-wrong-type", .error, "An attribute holds the wrong kind of value (a number where a string belongs…).")
    public static let taskwarriorDuplicateUUID = DiagnosticCode(
        "taskwarrior-duplicate-uuid", .warning, "Two tasks share a uuid; the later one is kept.")
    public static let taskwarriorMissingEntry = DiagnosticCode(
        "taskwarrior-missing-entry", .warning, "A task has no \"entry\" (creation) date; the card has no creation time.")

    /// Every code of the Taskwarrior reader, for `boardkit codes`.
    public static let taskwarriorCodes: [DiagnosticCode] = [
        .taskwarriorJSONSyntax, .taskwarriorNotAnExport, .taskwarriorMissingUUID, .taskwarriorInvalidUUID,
        .taskwarriorMissingField, .taskwarriorInvalidStatus, .taskwarriorInvalidDate, .taskwarriorWrongType,
        .taskwarriorDuplicateUUID, .taskwarriorMissingEntry,
    ]
}

extension DiagnosticCode {
    /// The codes of both foreign formats, for `boardkit codes`.
    public static let foreignCodes: [DiagnosticCode] = trelloCodes + taskwarriorCodes
}
