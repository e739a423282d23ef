import BoardModel
@testable import BoardReport

/// Small hand-built boards for the report tests. Times are written out in full so the
/// expected answers in each test can be checked by hand.
enum TB {
    static func at(_ text: String) -> Instant {
        guard let i = ISO8601.parseInstant(text) else { fatalError("bad test timestamp \(text)") }
        return i
    }

    static func day(_ text: String) -> CalendarDate {
        guard case .date(let d)? = ISO8601.parse(Array(text.utf8)) else { fatalError("bad test date \(text)") }
        return d
    }

    static func created(_ card: String, _ time: String, to state: String = "todo") -> Event {
        Event(card: card, at: at(time), type: .created, to: state)
    }

    static func move(_ card: String, _ time: String, _ from: String, _ to: String) -> Event {
        Event(card: card, at: at(time), type: .moved, from: from, to: to)
    }

    static func board(zone: String = "UTC", states: [BoardState] = BoardState.defaults, cards: [Card],
                      events: [Event] = []) -> Board {
        Board(id: "t", name: "Test", timeZone: zone, states: states, cards: cards, events: events)
    }

    static func report(_ board: Board, asOf: String, weeks: Int = 8) -> WeeklyReport {
        let zone = board.zone ?? .utc
        guard let moment = AsOf.parse(asOf, in: zone) else { fatalError("bad as-of \(asOf)") }
        return WeeklyReport(board: board, options: ReportOptions(asOf: moment, weeks: weeks))
    }
}
