import BoardLocale
import BoardModel
import BoardEditing
import BoardStore
import Foundation

/// What an editing command works with: the store it names, the board's zone and states, the
/// moment of the command and who makes it. It reads what people type (a date, a state's
/// name, a card's number) into what the store takes, with the errors a person can act on.
public struct StoreSession {
    public let store: BoardStore
    /// The board without cards: id, name, zone, states.
    public let header: Board
    public let zone: Zone
    public let now: Instant
    public let actor: String?

    /// Opens the store for a command. `readOnly` for commands that only look.
    public init(path: String, actor: String?, readOnly: Bool = false, now: Instant = .now()) throws(StoreError) {
        store = try BoardStore.open(path, readOnly: readOnly)
        header = try store.header()
        zone = header.zone ?? .utc
        self.now = zone.localize(now)
        self.actor = actor
    }

    /// The store a command means: `--board`, else `$BOARDKIT_BOARD`, else `board.db` here.
    public static func path(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let env = environment["BOARDKIT_BOARD"], !env.isEmpty { return env }
        return "board.db"
    }

    /// Who a change is recorded as when `--actor` is not given: the login name.
    public static var loginName: String? { LoginName.current() }

    public func step(_ command: String) -> StepInfo {
        StepInfo(actor: actor, command: command)
    }

    /// A date typed for `flag` (`--due`), in the board's zone.
    public func date(_ text: String, for flag: String) throws(StoreError) -> DueDate {
        guard let date = DateInput.parse(text, zone: zone, now: now) else {
            throw .refused(.invalidValue(field: flag, value: text, accepted: .date(forms: DateInput.accepted)))
        }
        return date
    }

    /// A reminder as typed (`-P1D`, `2h`, `friday 9:00`), or `invalid-value` naming the flag.
    public func reminder(_ text: String, for flag: String) throws(StoreError) -> Reminder {
        guard let reminder = ReminderInput.parse(text, zone: zone, now: now) else {
            throw .refused(.invalidValue(field: flag, value: text, accepted: .text(problem: "is not a reminder; use \(ReminderInput.accepted)")))
        }
        return reminder
    }

    /// The state a person names: its id or its name, in any case.
    public func state(_ reference: String) throws(StoreError) -> BoardState {
        guard let state = header.state(named: reference) else { throw .refused(.unknownState(reference, known: header.states.map(\.name))) }
        return state
    }

    /// Applies the edits as one step and returns the step's events for the command to print.
    public func apply(_ edits: [CardEdit], command: String) throws(StoreError) -> [LogEvent] {
        try store.apply(edits, by: step(command))?.events ?? []
    }

    /// Sentences in the board's zone and states.
    public func sentences(_ locale: ReportLocale = .en) -> HistoryText {
        var text = HistoryText(states: header.states, zone: zone, locale: locale)
        let store = store
        text.linkedCard = { id in (try? store.cardIfPresent(id: id)).map { ($0.number, $0.card.title) } }
        return text
    }
}
