import BoardModel

/// The Trello and Taskwarrior readers' and writers' diagnostics, and what their JSON parser
/// finds (`Diagnostic` tells where a target's messages go). `kind` values are a JSON value's
/// kind as `JSONNode.kindName` says it.
public enum ForeignMessage: DiagnosticMessage, Equatable {
    // Trello.
    case trelloSyntax(JSONSyntaxProblem)
    case trelloNotABoard
    /// `key` should be a string (or `array`) and is a `kind`.
    case trelloWrongType(key: String, array: Bool, kind: String)
    /// A list, card or action (`item`) that is not an object.
    case trelloNotAnObject(item: TrelloItem, kind: String)
    case trelloInvalidDate(key: String, text: String)
    case trelloNoActionDate
    case trelloMissingID(TrelloItem)
    case trelloDuplicateList(String)
    /// Card `card` is in list `list` (nil: none named), which the export does not have.
    case trelloUnknownList(card: String, list: String?)
    case trelloUnknownLabel(card: String, label: String)
    case trelloUnknownMember(card: String, member: String)
    case trelloUnknownCustomField(card: String)
    case trelloOrphanChecklists(Int)
    /// A `type` action names card `card`, which the export does not have.
    case trelloActionUnknownCard(type: String, card: String)
    /// `count` actions in all name missing cards; the first `listed` have their own line.
    case trelloActionsUnknownCards(count: Int, listed: Int)
    case trelloDeletedCardHistory(actions: Int, cards: Int)
    /// Actions not kept as history, counted by type.
    case trelloActionsNotKept([String: Int])
    /// The export holds Trello's limit of actions, the oldest dated `oldest` (nil: none
    /// dated): earlier history and comments may be missing; `uncreated` cards have no
    /// creation action.
    case trelloActionLimit(oldest: Instant?, uncreated: Int)
    case trelloNoActions
    case trelloNoCreateActions(Int)
    case trelloExtrasNotWritten(Int)
    case trelloChangesNotWritten(Int)

    // Taskwarrior.
    case taskwarriorSyntax(JSONSyntaxProblem)
    /// The top level is a `kind`, not an array of tasks.
    case taskwarriorNotAnExport(kind: String)
    case taskwarriorTaskNotAnObject(kind: String)
    case taskwarriorWrongType(key: String, kind: String)
    case taskwarriorInvalidDate(key: String, text: String)
    case taskwarriorMissingUUID
    case taskwarriorInvalidUUID(String)
    /// Task `uuid` has no `field` ("description", "status").
    case taskwarriorMissingField(uuid: String, field: String)
    case taskwarriorInvalidStatus(String)
    case taskwarriorMissingEntry(uuid: String)
    case taskwarriorAnnotationWithoutEntry
    case taskwarriorDuplicateUUID(String)
    /// What a task list does not hold.
    case taskwarriorNotWritten([TaskwarriorLoss])
    case taskwarriorEntryGuessed(Int)

    /// Trello's items, as messages name them.
    public enum TrelloItem: Sendable, Equatable {
        case label, list, card, action
    }

    /// One thing a Taskwarrior export leaves out, with its count.
    public enum TaskwarriorLoss: Sendable, Equatable {
        case events(Int)
        case changes(Int)
        case positions(Int)
        case archivedDone(Int)
        case extras(Int)
        /// Cards whose body became an annotation (it reads back as a comment).
        case bodies(Int)
        /// Comments with an author, an edit time or an id an annotation cannot hold.
        case commentDetails(Int)
        case checklists(Int)
        case attachments(Int)
        /// Links other than blocked-by and blocks (`depends`).
        case links(Int)
        /// Reminders after a card's first (a task waits until one date).
        case reminders(Int)
        /// Dues marked met (a task has no such mark: Taskwarrior shows them overdue).
        case dueComplete(Int)
        /// The board's id, name, zone and metadata, those it has.
        case board([BoardPart])
    }

    /// A part of the board a task list has no place for.
    public enum BoardPart: Sendable, Equatable {
        case id(String)
        case name
        case timeZone(String)
        case metadata(Int)
    }

    public var code: DiagnosticCode {
        switch self {
        case .trelloSyntax: .trelloJSONSyntax
        case .trelloNotABoard: .trelloNotABoard
        case .trelloWrongType, .trelloNotAnObject: .trelloWrongType
        case .trelloInvalidDate, .trelloNoActionDate: .trelloInvalidDate
        case .trelloMissingID: .trelloMissingID
        case .trelloDuplicateList: .trelloDuplicateList
        case .trelloUnknownList: .trelloUnknownList
        case .trelloUnknownLabel, .trelloUnknownMember, .trelloUnknownCustomField, .trelloOrphanChecklists: .trelloUnknownReference
        case .trelloActionUnknownCard, .trelloActionsUnknownCards: .trelloActionUnknownCard
        case .trelloDeletedCardHistory: .trelloDeletedCardHistory
        case .trelloActionsNotKept: .trelloActionsNotKept
        case .trelloNoActions, .trelloNoCreateActions: .trelloHistoryCut
        case .trelloActionLimit: .trelloActionLimit
        case .trelloExtrasNotWritten, .trelloChangesNotWritten, .taskwarriorNotWritten, .taskwarriorEntryGuessed: .dataNotWritten
        case .taskwarriorSyntax: .taskwarriorJSONSyntax
        case .taskwarriorNotAnExport, .taskwarriorTaskNotAnObject: .taskwarriorNotAnExport
        case .taskwarriorWrongType: .taskwarriorWrongType
        case .taskwarriorInvalidDate, .taskwarriorAnnotationWithoutEntry: .taskwarriorInvalidDate
        case .taskwarriorMissingUUID: .taskwarriorMissingUUID
        case .taskwarriorInvalidUUID: .taskwarriorInvalidUUID
        case .taskwarriorMissingField: .taskwarriorMissingField
        case .taskwarriorInvalidStatus: .taskwarriorInvalidStatus
        case .taskwarriorMissingEntry: .taskwarriorMissingEntry
        case .taskwarriorDuplicateUUID: .taskwarriorDuplicateUUID
        }
    }

    public var text: String {
        switch self {
        case .trelloSyntax(let problem), .taskwarriorSyntax(let problem):
            return problem.text
        case .trelloNotABoard:
            return "not a Trello board export: the top level should be an object with \"lists\" and \"cards\" arrays"
        case .trelloWrongType(let key, let array, let kind):
            return "\"\(key)\" should be \(array ? "an array" : "a string"), not \(kind)"
        case .trelloNotAnObject(let item, let kind):
            return "\(Self.name(item)) should be an object, not \(kind)"
        case .trelloInvalidDate(let key, let text):
            return "\"\(key)\" is '\(text)', not an ISO 8601 timestamp"
        case .trelloNoActionDate:
            return "the action has no \"date\""
        case .trelloMissingID(let item):
            return "\(Self.name(item)) has no \"id\""
        case .trelloDuplicateList(let id):
            return "list id '\(id)' is used by two lists"
        case .trelloUnknownList(let card, let list):
            return "card '\(card)' is in list '\(list ?? "(none)")', which the export does not have"
        case .trelloUnknownLabel(let card, let label):
            return "card '\(card)' has label '\(label)', which the export does not define"
        case .trelloUnknownMember(let card, let member):
            return "card '\(card)' has member '\(member)', who is not among the export's members"
        case .trelloUnknownCustomField(let card):
            return "card '\(card)' has a value for a custom field the export does not define"
        case .trelloOrphanChecklists(let n):
            return "\(Counted(n, "checklist")) \(Counted.verb(n, "belongs to a card", "belong to cards")) the export does not have; left out"
        case .trelloActionUnknownCard(let type, let card):
            return "\(type) action for card '\(card)', which the export does not have (deleted without a deleteCard action?); left out of the history"
        case .trelloActionsUnknownCards(let count, let listed):
            return "\(count) actions in all name cards the export does not have (the first \(listed) are listed)"
        case .trelloDeletedCardHistory(let actions, let cards):
            return "\(Counted(actions, "action")) of \(Counted(cards, "deleted or moved-away card")) left out"
        case .trelloActionsNotKept(let byType):
            let total = byType.values.reduce(0, +)
            let breakdown = byType.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return "\(Counted(total, "action")) not kept as card history: \(breakdown)"
        case .trelloActionLimit(let oldest, let uncreated):
            let since = oldest.map { " before the oldest action kept (\($0.utc))" } ?? ""
            let cards = uncreated == 0 ? "" : " (\(Counted(uncreated, "card")) \(Counted.verb(uncreated, "has", "have")) no creation action)"
            return "the export holds \(TrelloKeys.actionLimit) actions, all Trello's export keeps: history and comments\(since) may be missing\(cards)"
        case .trelloNoActions:
            return "the export has no \"actions\": the board has no history"
        case .trelloNoCreateActions(let n):
            return "\(n) card\(n == 1 ? " has" : "s have") no createCard action: history looks cut (Trello exports hold at most the last 1,000 actions); creation times come from the card ids"
        case .trelloExtrasNotWritten(let n):
            return "\(Counted(n, "unknown key")) kept from an earlier read (extras) not written: a Trello export has no place for them"
        case .trelloChangesNotWritten(let n):
            return "\(Counted(n, "field change")) of events (old and new values) not written: the export's actions keep only moves and archiving"
        case .taskwarriorNotAnExport(let kind):
            return "not a Taskwarrior export: expected an array of tasks, found \(kind)"
        case .taskwarriorTaskNotAnObject(let kind):
            return "a task should be an object, not \(kind)"
        case .taskwarriorWrongType(let key, let kind):
            return "\"\(key)\" should be a string, not \(kind)"
        case .taskwarriorInvalidDate(let key, let text):
            return "\"\(key)\" is '\(text)', not a date like 20261122T141500Z"
        case .taskwarriorMissingUUID:
            return "the task has no \"uuid\""
        case .taskwarriorInvalidUUID(let uuid):
            return "'\(uuid)' is not a UUID"
        case .taskwarriorMissingField(let uuid, let field):
            return "task \(uuid) has no \"\(field)\""
        case .taskwarriorInvalidStatus(let status):
            return "status '\(status)' is not pending, waiting, completed, deleted or recurring"
        case .taskwarriorMissingEntry(let uuid):
            return "task \(uuid) has no \"entry\" date"
        case .taskwarriorAnnotationWithoutEntry:
            return "an annotation has no valid \"entry\" date"
        case .taskwarriorDuplicateUUID(let uuid):
            return "task \(uuid) appears again; the later one is kept"
        case .taskwarriorNotWritten(let losses):
            let parts = losses.map { loss in
                switch loss {
                case .events(let n): "\(Counted(n, "event")) (Taskwarrior keeps only entry, start and end)"
                case .changes(let n): "\(Counted(n, "field change")) of events (tasks keep only current values)"
                case .positions(let n): "\(Counted(n, "card position")) (tasks have no order)"
                case .archivedDone(let n): "the archived flag of \(Counted(n, "finished card")) (written as completed)"
                case .extras(let n): "\(Counted(n, "unknown key")) kept from an earlier read"
                case .bodies(let n): "the description of \(Counted(n, "card")) (written as an annotation: it reads back as a comment)"
                case .commentDetails(let n): "the ids, authors and edit times of \(Counted(n, "comment")) (an annotation holds a time and text)"
                case .checklists(let n): "\(Counted(n, "checklist")) (Taskwarrior has none)"
                case .attachments(let n): "\(Counted(n, "attachment")) (Taskwarrior has none)"
                case .links(let n): "\(Counted(n, "link")) between cards other than blocked-by (depends)"
                case .reminders(let n): "\(Counted(n, "reminder")) after a card's first (a task waits until one date, its wait)"
                case .dueComplete(let n): "the met mark of \(Counted(n, "due")) (Taskwarrior has none: it shows them overdue)"
                case .board(let board):
                    "the board's \(board.map(Self.text).joined(separator: ", ")) (a task list has no board)"
                }
            }
            return "not written: " + parts.joined(separator: "; ")
        case .taskwarriorEntryGuessed(let n):
            return "\(n) card\(n == 1 ? " has" : "s have") no creation time; entry is the export time"
        }
    }

    private static func name(_ item: TrelloItem) -> String {
        switch item {
        case .label: "a label"
        case .list: "a list"
        case .card: "a card"
        case .action: "an action"
        }
    }

    private static func text(_ part: BoardPart) -> String {
        switch part {
        case .id(let id): "id '\(id)'"
        case .name: "name"
        case .timeZone(let zone): "time zone \(zone)"
        case .metadata(let n): "\(n) metadata entr\(n == 1 ? "y" : "ies")"
        }
    }
}

/// Why a document is not JSON (the parser's `JSONSyntaxError` says where).
public enum JSONSyntaxProblem: Sendable, Equatable {
    case textAfterValue
    case endsBeforeValue
    /// `byte` stands where a value should.
    case unexpectedWhereValue(UInt8)
    /// The file ends inside the literal `word` (true, false, null).
    case endsInsideLiteral(String)
    case unexpectedCharacter(UInt8)
    case tooDeep(Int)
    case endsInsideObject
    case expectedKey(found: UInt8)
    case expectedColon(key: String)
    case expectedObjectComma(found: UInt8)
    case endsInsideArray
    case expectedArrayComma(found: UInt8)
    case numberWithoutDigits
    case leadingZero
    case noFractionDigits
    case noExponentDigits
    /// The number, as written, is too large for a Double.
    case numberOutOfRange(String)
    case invalidUTF8
    case controlCharacter
    case endsInsideString
    case endsInsideUnicodeEscape
    case badUnicodeEscape
    case loneSurrogate
    case unknownEscape(UInt8)

    /// The words the readers show (`JSONParser.show` writes a byte).
    public var text: String {
        switch self {
        case .textAfterValue: "unexpected text after the JSON value"
        case .endsBeforeValue: "the file ends where a value should be (truncated?)"
        case .unexpectedWhereValue(let c): "unexpected character '\(JSONParser.show(c))' where a value should be"
        case .endsInsideLiteral(let word): "the file ends inside '\(word)' (truncated?)"
        case .unexpectedCharacter(let c): "unexpected character '\(JSONParser.show(c))'"
        case .tooDeep(let n): "arrays and objects nest deeper than \(n)"
        case .endsInsideObject: "the file ends inside an object (truncated?)"
        case .expectedKey(let c): "expected a quoted key, found '\(JSONParser.show(c))'"
        case .expectedColon(let key): "expected ':' after the key \"\(key)\""
        case .expectedObjectComma(let c): "expected ',' or '}' in an object, found '\(JSONParser.show(c))'"
        case .endsInsideArray: "the file ends inside an array (truncated?)"
        case .expectedArrayComma(let c): "expected ',' or ']' in an array, found '\(JSONParser.show(c))'"
        case .numberWithoutDigits: "a number needs digits"
        case .leadingZero: "a number may not start with 0"
        case .noFractionDigits: "a number needs digits after '.'"
        case .noExponentDigits: "a number needs digits in its exponent"
        case .numberOutOfRange(let text): "the number \(text) is out of range"
        case .invalidUTF8: "a string holds bytes that are not UTF-8"
        case .controlCharacter: "a string holds a raw control character (a line break inside quotes?)"
        case .endsInsideString: "the file ends inside a string (truncated?)"
        case .endsInsideUnicodeEscape: "the file ends inside a \\u escape"
        case .badUnicodeEscape: "a \\u escape needs four hex digits"
        case .loneSurrogate: "a \\u escape holds a lone UTF-16 surrogate"
        case .unknownEscape(let c): "unknown escape '\\\(JSONParser.show(c))' in a string"
        }
    }
}
