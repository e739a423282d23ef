import BoardModel
import BoardIO

/// Writes a board's due dates as an iCalendar feed (RFC 5545) that calendar apps subscribe to.
///
/// One VEVENT (default), VTODO or both per card with a due date; a date-only due is an
/// all-day item, an instant keeps its zone (UTC, or the board's TZID with a VTIMEZONE). Cards
/// without a due date, finished and archived cards (unless `includeDone`) and the history are
/// left out, each counted in a `data-not-written` warning. The same board gives the same bytes.
public struct ICSWriter: BoardWriter {
    public init() {}

    public func write(_ board: Board, to path: String, options: WriterOptions) -> [Diagnostic] {
        let alarms: [ICSDuration]
        switch Self.alarms(options.calendar.alarms, at: nil) {
        case .success(let a): alarms = a
        case .failure(let d): return [d]
        }
        return OutputFile.write(to: path) { fd in
            var layout = ICSFeedLayout(output: ICSOutput(fd: fd), board: board, options: options, alarms: alarms)
            layout.document()
            layout.output.flush()
            // `path` is the pipeline's temporary file: a name users never see, so the counts
            // carry no location.
            return (Self.warnings(layout, board: board, at: nil), layout.output.failure)
        }
    }

    /// The feed's bytes in memory (for the server and tests), with the same diagnostics
    /// `write` gives. The bytes are empty when there is an error.
    public func encode(_ board: Board, options: WriterOptions = WriterOptions(),
                       name: String = "calendar.ics") -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
        let location = SourceLocation(file: name)
        switch Self.alarms(options.calendar.alarms, at: location) {
        case .failure(let d): return ([], [d])
        case .success(let alarms):
            var layout = ICSFeedLayout(output: ICSOutput(), board: board, options: options, alarms: alarms)
            layout.document()
            let diagnostics = Self.warnings(layout, board: board, at: location)
            return (layout.output.finish(), diagnostics)
        }
    }

    /// Parses every `--alarm` duration, or says which one is wrong.
    static func alarms(_ texts: [String], at location: SourceLocation?) -> Result<[ICSDuration], Diagnostic> {
        var out: [ICSDuration] = []
        for text in texts {
            guard let d = ICSDuration(text) else {
                return .failure(Diagnostic(.icsBadAlarm,
                    "--alarm '\(text)' is not an iCalendar duration; write it like -P1D, -PT2H or -P1DT12H",
                    at: location))
            }
            out.append(d)
        }
        return .success(out)
    }

    /// ` (with N field changes)` when the events carry changes, for the warning that counts them.
    private static func changesNote(_ board: Board) -> String {
        let n = board.fieldChangeCount
        return n == 0 ? "" : " (with \(n) field change\(n == 1 ? "" : "s"))"
    }

    /// One warning per kind of thing the feed left out, with its count.
    static func warnings(_ layout: ICSFeedLayout, board: Board, at location: SourceLocation?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func plural(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        if layout.withoutDue > 0 {
            out.append(Diagnostic(.dataNotWritten,
                "\(plural(layout.withoutDue, "card has", "cards have")) no due date and \(layout.withoutDue == 1 ? "is" : "are") not in the calendar",
                at: location))
        }
        if layout.finished + layout.archivedLeftOut > 0 {
            var parts: [String] = []
            if layout.finished > 0 { parts.append(plural(layout.finished, "finished card", "finished cards")) }
            if layout.archivedLeftOut > 0 { parts.append(plural(layout.archivedLeftOut, "archived card", "archived cards")) }
            out.append(Diagnostic(.dataNotWritten,
                "\(parts.joined(separator: " and ")) with a due date left out of the calendar; use --include-done to keep them",
                at: location))
        }
        if !board.events.isEmpty {
            out.append(Diagnostic(.dataNotWritten,
                "\(plural(board.events.count, "event", "events"))\(changesNote(board)) not written: iCalendar has no history",
                at: location))
        }
        if layout.millisecondsLeft > 0 {
            out.append(Diagnostic(.dataNotWritten,
                "the milliseconds of \(plural(layout.millisecondsLeft, "due or start time", "due or start times")) not written: iCalendar times have whole seconds",
                at: location))
        }
        if !board.metadata.isEmpty {
            out.append(Diagnostic(.dataNotWritten,
                "\(plural(board.metadata.count, "board metadata entry", "board metadata entries")) not written: a feed keeps the board's name, id and time zone only",
                at: location))
        }
        if layout.output.droppedControlCharacters > 0 {
            out.append(Diagnostic(.dataNotWritten,
                "\(plural(layout.output.droppedControlCharacters, "control character", "control characters")) that iCalendar text cannot hold left out",
                at: location))
        }
        return out
    }
}
