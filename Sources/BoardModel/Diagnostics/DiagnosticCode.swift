/// A stable, documented name for one kind of problem (`duplicate-card-id`).
///
/// Codes never change meaning once released; the README lists every one with its severity.
/// Each format declares its own codes in an extension in its own folder and lists them in
/// `DiagnosticCode.all` through `register` so `boardkit validate --list-codes` can print them.
public struct DiagnosticCode: Sendable, Hashable, CustomStringConvertible {
    /// The name users look up.
    public let id: String
    /// Severity unless `--strict` raises warnings to errors.
    public let severity: Severity
    /// One line for the README and `--list-codes`.
    public let summary: String

    public init(_ id: String, _ severity: Severity, _ summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }

    public var description: String { id }

    public static func == (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.id == b.id }
    public func hash(into h: inout Hasher) { h.combine(id) }
}

// Codes of the model and its validator. Formats add theirs beside their readers.
extension DiagnosticCode {
    public static let duplicateCardID = DiagnosticCode(
        "duplicate-card-id", .error, "Two cards share an id.")
    public static let unknownState = DiagnosticCode(
        "unknown-state", .error, "A card is in a state the board does not define.")
    public static let duplicateStateID = DiagnosticCode(
        "duplicate-state-id", .error, "Two states share an id.")
    public static let noStates = DiagnosticCode(
        "no-states", .error, "The board defines no states.")
    public static let blankTitle = DiagnosticCode(
        "blank-title", .warning, "A card's title is empty or only spaces.")
    public static let blankCardID = DiagnosticCode(
        "blank-card-id", .error, "A card's id is empty.")
    public static let eventUnknownCard = DiagnosticCode(
        "event-unknown-card", .error, "An event names a card the board does not have.")
    public static let eventUnknownState = DiagnosticCode(
        "event-unknown-state", .error, "An event moves a card from or to an undefined state.")
    public static let eventsOutOfOrder = DiagnosticCode(
        "events-out-of-order", .warning, "An event is earlier than the one before it.")
    public static let stateContradictsHistory = DiagnosticCode(
        "state-contradicts-history", .warning,
        "A card's current state is not where its last move took it.")
    public static let invalidTimeZone = DiagnosticCode(
        "invalid-time-zone", .error, "The board's time zone is not an IANA zone name.")
    public static let invalidDate = DiagnosticCode(
        "invalid-date", .error, "A date or time is impossible (2026-02-30) or malformed.")
    public static let duplicateCommentID = DiagnosticCode(
        "duplicate-comment-id", .error, "Two comments of one card share an id.")
    public static let linkUnknownCard = DiagnosticCode(
        "link-unknown-card", .warning, "A card links to a card the board does not have; the link is kept as written.")
    public static let dueBeforeCreated = DiagnosticCode(
        "due-before-created", .warning, "A card is due before it was created.")
    public static let doneWithoutCompletion = DiagnosticCode(
        "done-without-completion", .warning, "A card in a done state has no completion time.")
    public static let completedBeforeCreated = DiagnosticCode(
        "completed-before-created", .warning, "A card was completed before it was created.")
    public static let unknownKey = DiagnosticCode(
        "unknown-key", .warning, "A key this version does not know; kept and written back as read.")
    public static let dataNotWritten = DiagnosticCode(
        "data-not-written", .warning,
        "The output format cannot hold something the board has; the message counts what was left.")
    public static let ioError = DiagnosticCode(
        "io-error", .error, "A file could not be read or written.")
    public static let unknownFormat = DiagnosticCode(
        "unknown-format", .error, "The format could not be told from the name or the content.")
    public static let binaryToTerminal = DiagnosticCode(
        "binary-to-terminal", .error,
        "A binary format (a workbook, a store) would be written to a terminal; name a file, or send standard output elsewhere.")
    public static let noBoardRead = DiagnosticCode(
        "no-board-read", .error,
        "A reader gave no board and no reason; nothing is written (a bug in boardkit: please report it with the file).")
    public static let itemsLeftOut = DiagnosticCode(
        "items-left-out", .warning,
        "With --skip-invalid, items that could not be read were left out; each one's own diagnostic is a warning above.")

    /// The model's own codes, in the order the README lists them.
    public static let modelCodes: [DiagnosticCode] = [
        .duplicateCardID, .blankCardID, .unknownState, .duplicateStateID, .noStates, .blankTitle,
        .eventUnknownCard, .eventUnknownState, .eventsOutOfOrder, .stateContradictsHistory,
        .invalidTimeZone, .invalidDate, .dueBeforeCreated, .completedBeforeCreated,
        .doneWithoutCompletion, .duplicateCommentID, .linkUnknownCard, .unknownKey, .dataNotWritten, .ioError, .unknownFormat, .binaryToTerminal, .noBoardRead,
        .itemsLeftOut,
    ]
}
