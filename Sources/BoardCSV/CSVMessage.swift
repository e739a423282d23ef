import BoardModel
import BoardIO
import BoardTabular

/// The CSV reader's, writer's and events file's diagnostics (`Diagnostic` tells where a
/// target's messages go); the rows' values are BoardTabular's (`TabularMessage`).
public enum CSVMessage: DiagnosticMessage, Equatable {
    // Reading.
    /// `--encoding` names what iconv does not know; `suggest` adds encodings to try.
    case unknownEncoding(String, suggest: Bool)
    /// `byte` is not valid in `encoding`.
    case notInEncoding(byte: UInt8, encoding: String)
    /// Bytes held in memory could not be converted from `encoding`.
    case cannotConvert(from: String)
    /// `byte` is not UTF-8; `hint` adds how to name a legacy encoding.
    case invalidUTF8(byte: UInt8, hint: Bool)
    /// A row with `found` fields where the header has `expected`.
    case fieldCount(found: Int, expected: Int)
    case strayQuote
    case unterminatedQuote
    case outOfMemory
    case emptyFile

    // The events file (`--events`).
    case eventsHeader
    case eventsBoardRowNoKey
    case eventsUnknownBoardKey(String)
    case eventsStateRowNoID
    case eventsBadCategory(String)
    case eventsBadWIPLimit(String)
    case eventsRowNoCard
    case eventsRowNoTime
    case eventsBadTime(String)
    /// The type cell (empty when missing) is not an event type.
    case eventsBadType(String)
    case eventsBadChanges(FieldChangesText.Failure)
    case eventsBadRecord(String)
    /// A conversation row (comment, checklist, attachment, link) without a card.
    case conversationRowNoCard
    /// A conversation row whose value is not one JSON object of its kind (`problem` nil), or
    /// is one with `problem`.
    case conversationRowValue(kind: String, problem: ConversationProblem?)
    /// A conversation row naming a card the CSV does not have.
    case conversationUnknownCard(String)
    case eventsStrayQuote
    case eventsUnterminatedQuote
    case eventsOutOfMemory

    // Writing.
    /// The events file could not be created (`errno`).
    case cannotCreateEventsFile(errno: Int32)
    case cannotWriteEventsFile
    case unknownOutputEncoding(String)
    case cannotHold(encoding: String)
    /// Without an events file: `events` events (`changes` field changes among them) are lost.
    case eventsNotWritten(events: Int, changes: Int)
    /// Without an events file: what of the board's catalogue reading back by state names loses.
    case boardNotWritten([BoardPart])
    /// Keys of states and events kept from an earlier read, which the events file has no column for.
    case eventsFileKeysNotWritten(Int)
    /// Without an events file: the cards' comments, checklists, attachments and links.
    case conversationNotWritten(ConversationTally)

    /// A part of the board a CSV without its events file does not keep.
    public enum BoardPart: Sendable, Equatable {
        case id(String)
        case name
        case timeZone(String)
        case metadata(Int)
        case unknownKeys(Int)
        /// The states' ids, order, categories and WIP limits (and names, when one would read
        /// back otherwise).
        case states(Int, renamed: Bool)
    }

    public var code: DiagnosticCode {
        switch self {
        case .unknownEncoding, .unknownOutputEncoding: .csvUnknownEncoding
        case .notInEncoding, .cannotConvert, .cannotHold: .csvEncodingFailed
        case .invalidUTF8: .csvInvalidUTF8
        case .fieldCount: .csvFieldCount
        case .strayQuote, .eventsStrayQuote: .csvStrayQuote
        case .unterminatedQuote, .eventsUnterminatedQuote: .csvUnterminatedQuote
        case .outOfMemory, .eventsOutOfMemory, .cannotCreateEventsFile, .cannotWriteEventsFile: .ioError
        case .emptyFile: .csvEmptyFile
        case .eventsHeader, .eventsBoardRowNoKey, .eventsUnknownBoardKey, .eventsStateRowNoID, .eventsBadCategory,
             .eventsBadWIPLimit, .eventsRowNoCard, .eventsRowNoTime, .eventsBadTime, .eventsBadType, .eventsBadChanges,
             .eventsBadRecord, .conversationRowNoCard, .conversationRowValue, .conversationUnknownCard: .csvEventsSidecar
        case .eventsNotWritten, .boardNotWritten, .eventsFileKeysNotWritten, .conversationNotWritten: .dataNotWritten
        }
    }

    public var text: String {
        switch self {
        case .unknownEncoding(let encoding, let suggest):
            return "'\(encoding)' is not an encoding this system's iconv knows" + (suggest ? " (try CP949, EUC-KR, LATIN1, CP1252, SHIFT_JIS)" : "")
        case .notInEncoding(let byte, let encoding):
            return "byte 0x\(String(byte, radix: 16, uppercase: true)) is not valid \(encoding)"
        case .cannotConvert(let encoding):
            return "cannot convert from \(encoding)"
        case .invalidUTF8(let byte, let hint):
            return "byte 0x\(String(byte, radix: 16, uppercase: true)) is not UTF-8"
                + (hint ? "; if the file was saved by Excel or another program in a legacy encoding, name it with --encoding (CP949, LATIN1, CP1252…)" : "")
        case .fieldCount(let found, let expected):
            let what = found > expected
                ? "has \(Counted(found, "field")), \(found - expected) more than the header's \(expected)"
                : "has \(Counted(found, "field")), \(expected - found) fewer than the header's \(expected)"
            return "row \(what); a field with the delimiter or a newline inside must be quoted"
        case .strayQuote:
            return "a quote inside an unquoted field or text after a closing quote; a field with quotes must be quoted and its quotes doubled (\"say \"\"hi\"\"\")"
        case .unterminatedQuote:
            return "a quoted field opened in this row is never closed"
        case .outOfMemory:
            return "out of memory while parsing"
        case .emptyFile:
            return "the file is empty: a CSV board needs a header row (id,title,state,…) and a row per card"
        case .eventsHeader:
            return "the events file's header needs the columns card, at and type (and record, id, name, category, wip, key, value for the board)"
        case .eventsBoardRowNoKey:
            return "a board row needs a key"
        case .eventsUnknownBoardKey(let key):
            return "unknown board key '\(key)' (id, name, timezone, metadata.KEY, extra.KEY)"
        case .eventsStateRowNoID:
            return "a state row needs an id"
        case .eventsBadCategory(let c):
            return "state category '\(c)' is not todo, doing or done"
        case .eventsBadWIPLimit(let w):
            return "WIP limit '\(w)' is not a whole number"
        case .eventsRowNoCard:
            return "an event row needs a card"
        case .eventsRowNoTime:
            return "an event row needs a time (at)"
        case .eventsBadTime(let text):
            return "'\(text)' is not an ISO 8601 time"
        case .eventsBadType(let type):
            return "event type '\(type)' is not one of \(EventType.allCases.map(\.rawValue).joined(separator: ", "))"
        case .eventsBadChanges(let failure):
            return "\(failure.text) (expected \(FieldChangesText.example))"
        case .eventsBadRecord(let kind):
            return "record kind '\(kind)' is not board, state, event, comment, checklist, attachment or link"
        case .conversationRowNoCard:
            return "a comment, checklist, attachment or link row needs a card"
        case .conversationRowValue(let kind, let problem):
            return "the \(kind) in value \(problem?.text ?? "is not a JSON object") (docs/json.md lists its keys)"
        case .conversationUnknownCard(let card):
            return "names card '\(card)', which the CSV does not have"
        case .eventsStrayQuote:
            return "a quote where none may be"
        case .eventsUnterminatedQuote:
            return "a quoted field is never closed"
        case .eventsOutOfMemory:
            return "out of memory"
        case .cannotCreateEventsFile(let e):
            return "cannot create the events file: \(SystemError.text(e))"
        case .cannotWriteEventsFile:
            return "cannot write the events file"
        case .unknownOutputEncoding(let encoding):
            return "'\(encoding)' is not an encoding this system's iconv knows"
        case .cannotHold(let encoding):
            return "the board has characters \(encoding) cannot hold; write UTF-8 (with --excel for Excel) instead"
        case .eventsNotWritten(let events, let changes):
            let changesNote = changes == 0 ? "" : " (with \(Counted(changes, "field change")))"
            return "\(Counted(events, "event"))\(changesNote) not written: CSV has no history; use --events FILE"
        case .boardNotWritten(let parts):
            let lost = parts.map { part in
                switch part {
                case .id(let id): "id '\(id)'"
                case .name: "name"
                case .timeZone(let zone): "time zone \(zone)"
                case .metadata(let n): "\(Counted(n, "metadata entry", plural: "metadata entries"))"
                case .unknownKeys(let n): "\(n) unknown board keys"
                case .states(let n, let renamed): n == 1
                    ? "1 state's id, \(renamed ? "name, " : "")order, category and WIP limit"
                    : "\(n) states' ids, \(renamed ? "names, " : "")order, categories and WIP limits"
                }
            }
            return "the board's \(lost.joined(separator: ", ")) not written: CSV keeps states by name only; use --events FILE to keep them"
        case .eventsFileKeysNotWritten(let n):
            return "\(n) unknown state and event keys not written: the events file keeps only known columns"
        case .conversationNotWritten(let tally):
            return "\(tally) of cards not written: a CSV row holds a card's fields only; use --events FILE to keep them"
        }
    }
}
