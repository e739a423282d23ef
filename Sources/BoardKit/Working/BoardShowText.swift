import BoardLocale
import BoardModel
import BoardStore

/// `boardkit show`: the board in a terminal, one state after another in board order, each
/// with its count against its WIP limit and its cards with number, title, due, labels and
/// assignees. Colour only when asked (the command asks on a terminal without NO_COLOR).
public struct BoardShowText {
    public var board: Board
    public var cards: [StoredCard]
    public var now: Instant
    public var color: Bool

    public init(board: Board, cards: [StoredCard], now: Instant, color: Bool) {
        self.board = board
        self.cards = cards
        self.now = now
        self.color = color
    }

    /// Widest a title is shown before it is cut.
    static let titleColumns = 44

    public func render() -> String {
        let zone = board.zone ?? .utc
        var out = "\(board.name) — \(zone.calendarDate(of: now)) (\(board.timeZone))\n"
        let numberWidth = cards.map { String($0.number).count }.max() ?? 1
        let titleWidth = min(Self.titleColumns, cards.map { TerminalText.width($0.card.title) }.max() ?? 0)
        var byState: [String: [StoredCard]] = [:]
        for c in cards { byState[c.card.state, default: []].append(c) }
        for state in board.states {
            let inState = StoredCard.inColumnOrder(byState[state.id] ?? [])
            let active = inState.filter { !$0.card.archived }.count
            var heading = "\n" + paint(state.name, .bold) + "  "
            if let limit = state.wipLimit {
                heading += paint("\(active)/\(limit)", active > limit ? .red : .plain)
                if active > limit { heading += paint(" over the limit", .red) }
            } else {
                heading += "\(active)"
            }
            out += heading + "\n"
            for stored in inState {
                out += line(stored, state: state, zone: zone, numberWidth: numberWidth, titleWidth: titleWidth) + "\n"
            }
        }
        return out
    }

    private func line(_ stored: StoredCard, state: BoardState, zone: Zone, numberWidth: Int, titleWidth: Int) -> String {
        let c = stored.card
        let number = String(repeating: " ", count: numberWidth - String(stored.number).count) + "#\(stored.number)"
        var parts = ["  " + number, TerminalText.fit(c.title, titleWidth)]
        if let due = c.due, let status = DueStatus.of(c, category: state.category, now: now, zone: zone) {
            parts.append(dueText(due, status, met: c.dueComplete, zone: zone))
        }
        if !c.labels.isEmpty { parts.append(paint(c.labels.map { "[\($0)]" }.joined(separator: " "), .magenta)) }
        if !c.assignees.isEmpty { parts.append(c.assignees.map { "@" + $0 }.joined(separator: " ")) }
        if let badges = ConversationTally(c).badges { parts.append(paint(badges, .dim)) }
        if c.archived { parts.append(paint("(archived)", .dim)) }
        return parts.joined(separator: "  ")
    }

    /// `due 2026-10-16 (Fri) 18:00`, as the report shows a due date.
    private func dueText(_ due: DueDate, _ status: DueStatus, met: Bool, zone: Zone) -> String {
        let text = "due \(ReportLocale.en.due(due, zone: zone))"
        switch status {
        case .overdue(let days): return paint(text + (days > 0 ? " (overdue \(days)d)" : " (overdue)"), .red)
        case .today: return paint(text + " (today)", .yellow)
        case .soon(let days): return paint(text + " (in \(days)d)", .cyan)
        case .later: return text
        case .done: return paint(text + (met ? " (met)" : ""), .dim)
        }
    }

    enum Paint: String {
        case plain = "", bold = "1", dim = "2", red = "31", yellow = "33", cyan = "36", magenta = "35"
    }

    private func paint(_ text: String, _ p: Paint) -> String {
        guard color, p != .plain else { return text }
        return "\u{1B}[\(p.rawValue)m\(text)\u{1B}[0m"
    }
}
