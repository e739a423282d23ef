import BoardIO
import BoardModel

/// The calendar reader's and writer's diagnostics (`Diagnostic` tells where a target's
/// messages go). Component and property names are upper case, as the file has them unfolded.
public enum ICSMessage: DiagnosticMessage, Equatable {
    // The text.
    case notText
    /// A content line longer than `limit` bytes.
    case lineTooLong(limit: Int)
    case malformedLine(ICSLineProblem)
    /// `count` blank lines inside folded lines (old Mozilla Calendar exports), read as folds.
    case blankLinesInFolds(Int)

    // The structure.
    case notICalendar
    case emptyFile
    /// BEGIN:`name` of its line is never closed.
    case unterminated(String)
    /// END:`name` with nothing open.
    case closesNothing(String, then: Consequence)
    /// END:`name` where BEGIN:`open` (of `line`) is the innermost, and no `name` is open.
    case mismatch(String, open: String, line: Int, then: Consequence)
    /// END:`name` closes BEGIN:`open` of `line`, which has no END.
    case closesUnclosed(String, open: String, line: Int, then: Consequence)
    /// Components by name and loose property lines outside any calendar.
    case contentOutside(components: [String: Int], properties: Int)

    // Values.
    case badUTCOffset(String)
    /// `name`'s value (`shown`: as written, cut at 40 bytes) is not a real date or time;
    /// `kept` when the item keeps it as a field and reading goes on.
    case impossibleDate(name: String, shown: String, kept: Bool)
    /// The same for a value that is no iCalendar date or date-time at all.
    case malformedDate(name: String, shown: String, kept: Bool)
    /// `--timezone` names no zone.
    case invalidTimeZone(String)
    /// TZID `tzid` is neither defined in the file nor an IANA zone: read in `readIn`.
    case unknownTZID(String, readIn: String)
    /// A UID used before (on `line`); this item became `<uid>-2` and so on.
    case duplicateUID(String, line: Int)
    /// `recurring` series became one card each; `overrides` changed occurrences left out.
    case recurrenceNotExpanded(recurring: Int, overrides: Int)
    case noDate(Int)
    /// `count` components named `name` not read.
    case componentIgnored(String, count: Int)

    // Writing.
    case badAlarm(String)
    case withoutDueNotWritten(Int)
    case finishedLeftOut(finished: Int, archived: Int)
    case eventsNotWritten(events: Int, changes: Int)
    case millisecondsNotWritten(Int)
    case metadataNotWritten(Int)
    /// The cards' comments, checklists, attachments and links (a feed holds none of them yet).
    /// Checklists of the cards written (their comments, attachments and links are).
    case checklistsNotWritten(Int)
    case controlCharactersLeftOut(Int)

    /// What a structure error does to the read.
    public enum Consequence: Sendable, Equatable {
        case calendarRefused
        /// Under --skip-invalid, the item (a to-do or an event) of `line` is left out.
        case itemLeftOut(todo: Bool, line: Int)
    }

    public var code: DiagnosticCode {
        switch self {
        case .notText: .icsNotText
        case .lineTooLong: .icsLineTooLong
        case .malformedLine, .blankLinesInFolds: .icsMalformedLine
        case .notICalendar, .emptyFile: .icsNotICalendar
        case .unterminated: .icsUnterminatedComponent
        case .closesNothing, .mismatch, .closesUnclosed: .icsComponentMismatch
        case .contentOutside: .icsContentOutsideCalendar
        case .badUTCOffset, .impossibleDate, .malformedDate: .invalidDate
        case .invalidTimeZone: .invalidTimeZone
        case .unknownTZID: .icsUnknownTZID
        case .duplicateUID: .icsDuplicateUID
        case .recurrenceNotExpanded: .icsRecurrenceNotExpanded
        case .noDate: .icsNoDate
        case .componentIgnored: .icsComponentIgnored
        case .badAlarm: .icsBadAlarm
        case .withoutDueNotWritten, .finishedLeftOut, .eventsNotWritten, .millisecondsNotWritten, .metadataNotWritten, .checklistsNotWritten,
             .controlCharactersLeftOut: .dataNotWritten
        }
    }

    public var text: String {
        switch self {
        case .notText:
            return "binary data (a NUL byte or invalid UTF-8): this is not an iCalendar text file"
        case .lineTooLong(let limit):
            return "a content line longer than \(limit) bytes; reading stopped"
        case .malformedLine(let problem):
            let why = switch problem {
            case .noColon: "no ':' between the name and the value"
            case .badName: "it does not start with a property name"
            case .unterminatedQuote: "a quoted parameter value has no closing '\"'"
            case .badParameter: "a parameter is not NAME=VALUE"
            }
            return "not a content line: \(why)"
        case .blankLinesInFolds(let n):
            return "\(n == 1 ? "a blank line" : "\(n) blank lines (the first here)") inside folded content lines, as old Mozilla Calendar exports write them: the line after starts with a space, so it continues the line before; read as one line, as python icalendar does"
        case .notICalendar:
            return "this is not an iCalendar file: it must start with BEGIN:VCALENDAR"
        case .emptyFile:
            return "the file is empty: an iCalendar file starts with BEGIN:VCALENDAR"
        case .unterminated(let name):
            return "BEGIN:\(name) is never closed (no END:\(name) before the end of the file)"
        case .closesNothing(let name, let then):
            return "END:\(name) closes nothing (no BEGIN:\(name) is open); \(then.text)"
        case .mismatch(let name, let open, let line, let then):
            return "END:\(name) does not match BEGIN:\(open) (line \(line)), and no BEGIN:\(name) is open; \(then.text)"
        case .closesUnclosed(let name, let open, let line, let then):
            return "END:\(name) closes BEGIN:\(open) of line \(line), which has no END:\(open); \(then.text)"
        case .contentOutside(let components, let properties):
            var parts: [String] = []
            let count = components.values.reduce(0, +)
            if count > 0 {
                let byName = components.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                    .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                parts.append("\(Counted(count, "component")) (\(byName))")
            }
            if properties > 0 {
                parts.append("\(Counted(properties, "property line"))")
            }
            return "\(parts.joined(separator: " and ")) outside any calendar (after END:VCALENDAR, with no BEGIN:VCALENDAR around them) not read; the first is here"
        case .badUTCOffset(let text):
            return "'\(text)' is not a UTC offset such as +0900"
        case .impossibleDate(let name, let shown, let kept):
            return "\(name) '\(shown)' is not a real date or time" + Self.kept(name, kept)
        case .malformedDate(let name, let shown, let kept):
            return "\(name) '\(shown)' is not an iCalendar date (20261130) or date-time (20261130T180000[Z])" + Self.kept(name, kept)
        case .invalidTimeZone(let tz):
            return "--timezone '\(tz)' is not an IANA zone name such as Asia/Seoul"
        case .unknownTZID(let tzid, let readIn):
            return "TZID '\(tzid)' is neither a VTIMEZONE in this file nor an IANA zone; its times were read in \(readIn)"
        case .duplicateUID(let uid, let line):
            return "UID '\(uid)' was used before (line \(line)); this item became card '\(uid)-2' (and so on for others)"
        case .recurrenceNotExpanded(let recurring, let overrides):
            var message = "\(Counted(recurring, "recurring item")) became one card each, due at the first occurrence (the rule is kept in the RRULE field)"
            if overrides > 0 { message += "; \(Counted(overrides, "changed occurrence")) (RECURRENCE-ID) of a series in the file left out" }
            return message
        case .noDate(let n):
            return "\(n) item\(n == 1 ? " has" : "s have") no due date (no DUE, DURATION or, for an event, DTSTART)"
        case .componentIgnored(let name, let n):
            return "\(Counted(n, "\(name) component")) not read: boardkit reads VEVENT and VTODO"
        case .badAlarm(let text):
            return "--alarm '\(text)' is not an iCalendar duration; write it like -P1D, -PT2H or -P1DT12H"
        case .withoutDueNotWritten(let n):
            return "\(Counted(n, "card")) \(Counted.verb(n, "has", "have")) no due date and \(Counted.verb(n, "is", "are")) not in the calendar"
        case .finishedLeftOut(let finished, let archived):
            var parts: [String] = []
            if finished > 0 { parts.append(Counted(finished, "finished card").description) }
            if archived > 0 { parts.append(Counted(archived, "archived card").description) }
            return "\(parts.joined(separator: " and ")) with a due date left out of the calendar; use --include-done to keep them"
        case .eventsNotWritten(let events, let changes):
            let note = changes == 0 ? "" : " (with \(Counted(changes, "field change")))"
            return "\(Counted(events, "event"))\(note) not written: iCalendar has no history"
        case .millisecondsNotWritten(let n):
            return "the milliseconds of \(Counted(n, "due or start time")) not written: iCalendar times have whole seconds"
        case .metadataNotWritten(let n):
            return "\(Counted(n, "board metadata entry", plural: "board metadata entries")) not written: a feed keeps the board's name, id and time zone only"
        case .controlCharactersLeftOut(let n):
            return "\(Counted(n, "control character")) that iCalendar text cannot hold left out"
        case .checklistsNotWritten(let n):
            return "\(Counted(n, "checklist")) of cards not written: iCalendar has no checklists (a card's comments, attachments and links are written)"
        }
    }

    private static func kept(_ name: String, _ kept: Bool) -> String {
        kept ? "; kept as written in the field \(name)" : ""
    }
}

extension ICSMessage.Consequence {
    var text: String {
        switch self {
        case .calendarRefused: "the calendar is refused"
        case .itemLeftOut(let todo, let line): todo ? "the to-do of line \(line) is left out" : "the event of line \(line) is left out"
        }
    }
}
