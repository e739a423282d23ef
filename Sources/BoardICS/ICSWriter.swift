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

    public func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult {
        let alarms: [ICSDuration]
        switch Self.alarms(options.calendar.alarms, at: nil) {
        case .success(let a): alarms = a
        case .failure(let d): return .failed([d])
        }
        var written = 0
        let diagnostics = OutputFile.write(to: path) { fd in
            var layout = ICSFeedLayout(output: ICSOutput(fd: fd), board: board, options: options, alarms: alarms)
            layout.document()
            layout.output.flush()
            written = layout.written
            // `path` is the pipeline's temporary file: a name users never see, so the counts
            // carry no location.
            return (Self.warnings(layout, board: board, at: nil), layout.output.failure)
        }
        return WriteResult(written: Self.items(cards: written, component: options.calendar.component), diagnostics: diagnostics)
    }

    /// What a feed of `cards` cards holds, by its components: `22 calendar events`, `22 to-dos`.
    static func items(cards: Int, component: CalendarOptions.Component) -> [Counted] {
        switch component {
        case .event: [Counted(cards, "calendar event")]
        case .todo: [Counted(cards, "to-do")]
        case .both: [Counted(cards, "calendar event"), Counted(cards, "to-do")]
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
                return .failure(Diagnostic(ICSMessage.badAlarm(text), at: location))
            }
            out.append(d)
        }
        return .success(out)
    }

    /// One warning per kind of thing the feed left out, with its count.
    static func warnings(_ layout: ICSFeedLayout, board: Board, at location: SourceLocation?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if layout.withoutDue > 0 {
            out.append(Diagnostic(ICSMessage.withoutDueNotWritten(layout.withoutDue), at: location))
        }
        if layout.finished + layout.archivedLeftOut > 0 {
            out.append(Diagnostic(ICSMessage.finishedLeftOut(finished: layout.finished, archived: layout.archivedLeftOut), at: location))
        }
        if !board.events.isEmpty {
            out.append(Diagnostic(ICSMessage.eventsNotWritten(events: board.events.count, changes: board.fieldChangeCount), at: location))
        }
        if layout.millisecondsLeft > 0 {
            out.append(Diagnostic(ICSMessage.millisecondsNotWritten(layout.millisecondsLeft), at: location))
        }
        if !board.metadata.isEmpty {
            out.append(Diagnostic(ICSMessage.metadataNotWritten(board.metadata.count), at: location))
        }
        if layout.checklistsLeft > 0 {
            out.append(Diagnostic(ICSMessage.checklistsNotWritten(layout.checklistsLeft), at: location))
        }
        if layout.output.droppedControlCharacters > 0 {
            out.append(Diagnostic(ICSMessage.controlCharactersLeftOut(layout.output.droppedControlCharacters), at: location))
        }
        return out
    }
}
