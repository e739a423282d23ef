import Testing
import PropertyBased
import BoardModel
import BoardCSV
import BoardTabular
import BoardICS
import BoardForeign

/// Why a difference after a round trip is allowed.
enum Verdict: Equatable {
    /// A `data-not-written` warning of the writer says so (tagged by its case, `LossRules.tags`).
    case warned(String)
    /// The format's documentation says so, but no warning does: a weakening of "no silent
    /// loss", listed here on purpose (each with the doc that says it).
    case documented(String)
    /// A loss nothing says: a finding, kept as a known issue (`KnownSilentLoss`) until fixed.
    case knownSilent(KnownSilentLoss)
}

/// Losses no warning mentions, found by these properties and not fixed (each has an example
/// test under `withKnownIssue` in `SilentLossExamples`). The property fails on any other
/// silent change; these are reported, not hidden: `LossyPropertyTests` records each one met
/// as a known issue.
enum KnownSilentLoss: String, CaseIterable {
    case trelloPositionAdded = "Trello: a card without a position gets one (pos is required), unwarned"
    case icsCarriageReturn = "iCalendar: a CR (alone or in CRLF) in a text becomes LF, unwarned"
    case icsFieldNameTab = "iCalendar: a tab in a custom field's name (X-NAME parameter) is dropped"
    case icsCompleted = "iCalendar: the completion time of a card not in a done state (a reopened card) is lost, unwarned"
    case taskwarriorCompleted = "Taskwarrior: the completion time of a card not in a done state (a reopened card) is lost, unwarned"
    case taskwarriorEventCount = "Taskwarrior: the count of events left out is a guess from the cards (one per creation, start, completion or archiving), so a move or update is lost with no warning when the card has as many such dates as events"
}

/// For each lossy format: what changes after JSON → format → JSON is exactly what its
/// `data-not-written` warnings said was not written (or what its documentation says it
/// changes, listed as such) — no silent loss.
@Suite(.shrinking)
struct LossyPropertyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var route: Route
        var count: Int
        var testDescription: String { route.name }
    }

    static let cases: [Case] = [
        Case(route: .csvPlain, count: 300),
        Case(route: .trello, count: 300),
        Case(route: .taskwarrior, count: 300),
        Case(route: .ics(.event, includeDone: false), count: 250),
        Case(route: .ics(.todo, includeDone: true), count: 250),
        Case(route: .ics(.both, includeDone: true), count: 150),
    ]

    @Test(arguments: cases)
    func noSilentLoss(_ c: Case) async throws {
        var knownMet: Set<KnownSilentLoss> = []
        await propertyCheck(count: c.count, input: BoardGen.boards()) { g in
            guard let start = RoundTrip.viaJSON(g.board) else { return }
            let trip = try RoundTrip.run(start, c.route)
            #expect(trip.errors.isEmpty, "\(c.route): \(trip.errors)")
            guard let back = trip.back else { return }
            let warnings = trip.notWritten
            let diffs = BoardDiff.differences(start, back)
            var silent: [Difference] = []
            var known: Set<KnownSilentLoss> = []
            for d in diffs {
                switch LossRules.verdict(d, route: c.route, warnings: warnings, board: start) {
                case .warned?, .documented?: break
                case .knownSilent(let k)?: known.insert(k)
                case nil: silent.append(d)
                }
            }
            #expect(silent.isEmpty, "\(c.route) changed what no warning names:\n\(BoardDiff.summary(silent))\nwarnings: \(warnings)")
            // Counts: the events and unknown keys the warnings count are exactly those lost.
            for problem in LossRules.countProblems(route: c.route, warnings: warnings, start: start, back: back) {
                Issue.record("\(c.route): \(problem)")
            }
            knownMet.formUnion(known)
        }
        // Outside the property: a known issue recorded inside it would count as its failure.
        for k in knownMet.sorted(by: { $0.rawValue < $1.rawValue }) {
            withKnownIssue(Comment(rawValue: k.rawValue)) { Issue.record("\(c.route): \(k.rawValue)") }
        }
    }
}

/// The tables: which warning (or documented rule) allows which difference, per format.
enum LossRules {
    /// What the writer's `data-not-written` warnings name, read from their cases: the tags
    /// the tables below allow differences by.
    static func tags(_ warnings: [any DiagnosticMessage]) -> Set<String> {
        var out: Set<String> = []
        for m in warnings {
            switch m {
            case let m as CSVMessage:
                switch m {
                case .eventsNotWritten: out.insert("csv.events")
                case .boardNotWritten(let parts):
                    out.insert("csv.board")
                    if parts.contains(where: { if case .states(_, true) = $0 { true } else { false } }) { out.insert("csv.stateNames") }
                default: break
                }
            case let m as TabularMessage:
                switch m {
                case .notWritten(.unknownCardKeys, _): out.insert("table.cardKeys")
                case .notWritten(.emptyFieldValues, _): out.insert("table.emptyFields")
                default: break
                }
            case let m as ForeignMessage:
                switch m {
                case .trelloExtrasNotWritten: out.insert("trello.extras")
                case .trelloChangesNotWritten: out.insert("trello.changes")
                case .taskwarriorEntryGuessed: out.insert("taskwarrior.entryGuessed")
                case .taskwarriorNotWritten(let losses):
                    for loss in losses {
                        switch loss {
                        case .events: out.insert("taskwarrior.events")
                        case .changes: out.insert("taskwarrior.changes")
                        case .positions: out.insert("taskwarrior.positions")
                        case .archivedDone: out.insert("taskwarrior.archived")
                        case .extras: out.insert("taskwarrior.extras")
                        case .bodies: out.insert("taskwarrior.bodies")
                        case .commentDetails: out.insert("taskwarrior.commentDetails")
                        case .checklists: out.insert("taskwarrior.checklists")
                        case .attachments: out.insert("taskwarrior.attachments")
                        case .links: out.insert("taskwarrior.links")
                        case .reminders: out.insert("taskwarrior.reminders")
                        case .dueComplete: out.insert("taskwarrior.dueComplete")
                        case .board: out.insert("taskwarrior.board")
                        }
                    }
                default: break
                }
            case let m as ICSMessage:
                switch m {
                case .withoutDueNotWritten: out.insert("ics.withoutDue")
                case .finishedLeftOut: out.insert("ics.finished")
                case .eventsNotWritten: out.insert("ics.events")
                case .controlCharactersLeftOut: out.insert("ics.controlCharacters")
                case .millisecondsNotWritten: out.insert("ics.milliseconds")
                case .metadataNotWritten: out.insert("ics.metadata")
                default: break
                }
            default: break
            }
        }
        return out
    }

    static func verdict(_ d: Difference, route: Route, warnings: [any DiagnosticMessage], board: Board) -> Verdict? {
        let named = tags(warnings)
        func warned(_ tag: String) -> Verdict? { named.contains(tag) ? .warned(tag) : nil }
        switch route.format {
        case "csv":
            switch d.kind {
            case "events.count": return warned("csv.events")
            case "board.id", "board.name", "board.timeZone", "board.metadata", "board.extras", "state.extras", "card.state.id":
                return warned("csv.board")
            case "states": return warned("csv.board")
            case "card.state": return warned("csv.stateNames")
            case "card.extras": return warned("table.cardKeys")
            case "card.field.empty": return warned("table.emptyFields")
            default: return nil
            }
        case "trello":
            switch d.kind {
            case "board.extras", "state.extras", "card.extras", "event.extras": return warned("trello.extras")
            case "event.changes": return warned("trello.changes")
            case "event.at.offset": return .documented("docs/trello.md: event times' UTC offsets are not kept (written in UTC)")
            case "board.metadata.added": return .documented("docs/trello.md: the writer's label colours and custom field types are added to the metadata")
            case "card.updated" where d.detail.contains(" nil → "):
                return .documented("docs/trello.md: a card's updated when it had none (dateLastActivity is required)")
            case "card.created" where d.detail.contains(" nil → "), "card.completed" where d.detail.contains(" nil → "):
                return .documented("docs/trello.md reading: creation from the createCard action or the id; completion from history")
            case "card.position" where d.detail.contains(" nil → "): return .knownSilent(.trelloPositionAdded)
            default: return nil
            }
        case "taskwarrior":
            switch d.kind {
            case "events.count", "event.type", "event.card", "event.at", "event.at.offset", "event.fromTo", "event.actor", "event.extras":
                // Events are rebuilt from entry, start and end: warned when any were left.
                return warned("taskwarrior.events")
                    ?? (board.events.isEmpty ? .documented("docs/taskwarrior.md reading: history from the dates (created at entry, moved at start and end)")
                                             : .knownSilent(.taskwarriorEventCount))
            case "event.changes": return warned("taskwarrior.changes")
            case "card.position": return warned("taskwarrior.positions")
            case "card.archived": return warned("taskwarrior.archived")
            case "board.extras", "state.extras", "card.extras": return warned("taskwarrior.extras")
            case "states", "card.state.id": return .documented("docs/taskwarrior.md: states Pending / Active / Completed, others by boardkit_state")
            case "card.created" where d.detail.contains(" nil → "): return warned("taskwarrior.entryGuessed") ?? .documented("docs/taskwarrior.md: entry is created, else the first event, else updated")
            case "card.created.offset", "card.created.milliseconds", "card.updated.offset", "card.updated.milliseconds",
                 "card.completed.offset", "card.completed.milliseconds", "card.due.offset", "card.start.offset", "card.due", "card.start",
                 "card.due.milliseconds", "card.start.milliseconds":
                return .documented("docs/taskwarrior.md: dates in the 20261122T141500Z form (UTC, whole seconds)")
            case "card.due.dateAsInstant", "card.start.dateAsInstant":
                return .documented("docs/taskwarrior.md: a calendar date becomes midnight at the start of that day in the board's zone")
            case "card.body":
                return warned("taskwarrior.bodies") ?? .documented("docs/taskwarrior.md: body text becomes annotations, dated")
            case "card.comments":
                // The body's annotation is read back as a comment (the boards here carry none).
                return warned("taskwarrior.bodies") ?? .documented("docs/taskwarrior.md: the body is written as an annotation, which reads back as a comment")
            case "card.field.missing", "card.field.added", "card.field":
                return .documented("docs/taskwarrior.md: field names are made identifiers (Story points → story_points)")
            case "card.field.empty": return .documented("docs/taskwarrior.md: fields become attributes (an empty one is none)")
            case "card.completed": return .knownSilent(.taskwarriorCompleted)
            case "board.id", "board.name", "board.timeZone", "board.metadata": return warned("taskwarrior.board")
            default: return nil
            }
        case "ics":
            switch d.kind {
            case "card.missing": return warned("ics.withoutDue") ?? warned("ics.finished")
            case "events.count": return warned("ics.events")
            case "card.title.newlines", "card.body.newlines", "card.field.newlines", "board.name.newlines":
                return .knownSilent(.icsCarriageReturn)
            case "card.title", "card.body", "card.field", "board.name":
                // Control characters left out (and maybe a CR turned into LF beside them).
                return warned("ics.controlCharacters")
            case "card.position", "card.archived", "card.extras", "state.extras", "board.extras":
                return .documented("docs/ics.md: position, archived flag, unknown JSON keys are not written")
            case "card.created.offset", "card.created.milliseconds", "card.updated.offset", "card.updated.milliseconds",
                 "card.completed.offset", "card.completed.milliseconds":
                return .documented("docs/ics.md: CREATED, LAST-MODIFIED, COMPLETED in UTC, whole seconds")
            case "card.due.milliseconds", "card.start.milliseconds": return warned("ics.milliseconds")
            case "card.field.missing", "card.field.added": return d.detail.contains("tab") ? .knownSilent(.icsFieldNameTab) : nil
            case "card.field.empty": return d.detail.contains("tab") ? .knownSilent(.icsFieldNameTab) : nil
            case "board.metadata": return warned("ics.metadata")
            case "card.completed": return .knownSilent(.icsCompleted)
            default: return nil
            }
        default: return nil
        }
    }

    /// The differences no warning or documented rule explains, known issues included.
    static func unexplained(_ board: Board, _ route: Route) throws -> [Difference] {
        guard let start = RoundTrip.viaJSON(board) else { return [Difference(kind: "json", detail: "did not read")] }
        let trip = try RoundTrip.run(start, route)
        guard let back = trip.back else { return [Difference(kind: "ERROR", detail: "\(trip.errors)")] }
        return BoardDiff.differences(start, back).filter { d in
            switch verdict(d, route: route, warnings: trip.notWritten, board: start) {
            case .warned?, .documented?: return false
            default: return true
            }
        }
    }

    /// Where a warning's count disagrees with what was lost.
    static func countProblems(route: Route, warnings: [any DiagnosticMessage], start: Board, back: Board) -> [String] {
        var out: [String] = []
        switch route.format {
        case "csv":
            for case .eventsNotWritten(let n, _) in warnings.compactMap({ $0 as? CSVMessage }) where n != start.events.count {
                out.append("the warning counts \(n) events, the board had \(start.events.count)")
            }
            let extras = start.cards.reduce(0) { $0 + $1.extras.count }
            let counted = warnings.compactMap { m -> Int? in
                if case .notWritten(.unknownCardKeys(let n), _)? = m as? TabularMessage { n } else { nil }
            }.first ?? 0
            if counted != extras {
                out.append("the warning counts \(counted) unknown card keys, the cards had \(extras)")
            }
        case "trello":
            let extras = start.extras.count + start.states.reduce(0) { $0 + $1.extras.count } + start.cards.reduce(0) { $0 + $1.extras.count }
                + start.events.reduce(0) { $0 + $1.extras.count }
            let foreign = warnings.compactMap { $0 as? ForeignMessage }
            let countedExtras = foreign.compactMap { if case .trelloExtrasNotWritten(let n) = $0 { n } else { nil } }.first ?? 0
            if countedExtras != extras {
                out.append("the warning counts \(countedExtras) unknown keys, the board had \(extras)")
            }
            let countedChanges = foreign.compactMap { if case .trelloChangesNotWritten(let n) = $0 { n } else { nil } }.first ?? 0
            if countedChanges != start.fieldChangeCount {
                out.append("the warning counts \(countedChanges) field changes, the events had \(start.fieldChangeCount)")
            }
        case "ics":
            let ics = warnings.compactMap { $0 as? ICSMessage }
            for case .eventsNotWritten(let n, _) in ics where n != start.events.count {
                out.append("the warning counts \(n) events, the board had \(start.events.count)")
            }
            let missing = start.cards.count - back.cards.count
            let noDue = ics.compactMap { if case .withoutDueNotWritten(let n) = $0 { n } else { nil } }.first ?? 0
            let finished = ics.compactMap { if case .finishedLeftOut(let f, let a) = $0 { f + a } else { nil } }.first ?? 0
            if noDue + finished != missing {
                out.append("the warnings count \(noDue) cards without a due date and \(finished) finished or archived, \(missing) cards are missing")
            }
        default: break
        }
        return out
    }
}
