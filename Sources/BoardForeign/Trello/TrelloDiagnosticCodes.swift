import BoardModel

// Codes of the Trello export reader. Writers report what Trello's shape cannot hold with
// the model's `data-not-written`.
extension DiagnosticCode {
    public static let trelloJSONSyntax = DiagnosticCode(
        "trello-json-syntax", .error, "The Trello export is not valid JSON (truncated, a stray character…).")
    public static let trelloNotABoard = DiagnosticCode(
        "trello-not-a-board", .error, "The JSON is not a Trello board export (no \"lists\" and \"cards\" arrays).")
    public static let trelloWrongType = DiagnosticCode(
        "trello-wrong-type", .error, "A key of the export holds the wrong kind of value (a number where a string belongs…).")
    public static let trelloMissingID = DiagnosticCode(
        "trello-missing-id", .error, "A list, card or label has no \"id\".")
    public static let trelloDuplicateList = DiagnosticCode(
        "trello-duplicate-list", .error, "Two lists share an id.")
    public static let trelloUnknownList = DiagnosticCode(
        "trello-unknown-list", .error, "A card's \"idList\" names a list the export does not have.")
    public static let trelloInvalidDate = DiagnosticCode(
        "trello-invalid-date", .error, "A date of the export is not an ISO 8601 timestamp.")
    public static let trelloUnknownReference = DiagnosticCode(
        "trello-unknown-reference", .warning,
        "A card names a label, member, custom field or checklist the export does not define; the reference is left out.")
    public static let trelloActionUnknownCard = DiagnosticCode(
        "trello-action-unknown-card", .warning,
        "An action names a card the export does not have (and no deleteCard explains it); the action is left out of the history.")
    public static let trelloActionsNotKept = DiagnosticCode(
        "trello-actions-not-kept", .warning,
        "Actions that are not card history (board and list changes, unknown types) are left out; one warning counts them by type.")
    public static let trelloHistoryCut = DiagnosticCode(
        "trello-history-cut", .warning,
        "The history looks cut: cards without a creation action, or an export without actions; creation times come from the card ids.")
    public static let trelloActionLimit = DiagnosticCode(
        "trello-action-limit", .warning,
        "The export holds 1,000 actions, all Trello's export keeps: history and comments older than the oldest action kept may be missing.")
    public static let trelloDeletedCardHistory = DiagnosticCode(
        "trello-deleted-card-history", .note,
        "Actions of cards that were deleted or moved to another board are left out (the cards are not in the export).")

    /// Every code of the Trello reader, for `boardkit codes`.
    public static let trelloCodes: [DiagnosticCode] = [
        .trelloJSONSyntax, .trelloNotABoard, .trelloWrongType, .trelloMissingID, .trelloDuplicateList,
        .trelloUnknownList, .trelloInvalidDate, .trelloUnknownReference, .trelloActionUnknownCard,
        .trelloActionsNotKept, .trelloHistoryCut, .trelloActionLimit, .trelloDeletedCardHistory,
    ]
}
