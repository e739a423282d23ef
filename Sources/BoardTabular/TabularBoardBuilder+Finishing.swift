import BoardModel
import BoardIO

/// What is settled only once every row is in: slash dates by their column's order, and a
/// state column the mapping did not read.
extension TabularBoardBuilder {
    /// Gives each slash date that reads both ways its column's order, with a note per column
    /// saying which order and why; reports the rest (`tabular-ambiguous-date`). Under
    /// `--skip-invalid` a card with an unsettled date is left out.
    func settleSlashDates() {
        var taken: [Int: Int] = [:]
        var unsettledCards: [Int: [Diagnostic]] = [:]
        for u in slashColumns.undecided {
            if let order = slashColumns.order(ofColumn: u.column) {
                set(u.attribute, dates.reading(slashDates: order).read(text: u.text), on: &cards[u.card])
                taken[u.column, default: 0] += 1
                continue
            }
            let message: TabularMessage
            if let shown = slashColumns.shown[u.column], let other = shown.other {
                message = .mixedDateOrders(column: headers[u.column], value: u.text, first: u.readings.0, second: u.readings.1,
                                           shown: shown.text, order: shown.order, other: other.text)
            } else {
                message = .ambiguousDate(column: headers[u.column], value: u.text, first: u.readings.0, second: u.readings.1)
            }
            unsettledCards[u.card, default: []].append(Diagnostic(message, at: u.location))
        }
        for (k, count) in taken.sorted(by: { $0.key < $1.key }) {
            guard let shown = slashColumns.shown[k] else { continue }
            diagnostics.append(Diagnostic(TabularMessage.dateOrderShown(column: headers[k], order: shown.order, shown: shown.text, count: count),
                                          at: shown.location))
        }
        guard !unsettledCards.isEmpty else { return }
        var leftOutCards: Set<Int> = []
        for (card, found) in unsettledCards.sorted(by: { $0.key < $1.key }) {
            let mark = diagnostics.count
            diagnostics += found
            if leftOut.leavesOut(&diagnostics, since: mark) { leftOutCards.insert(card) }
        }
        if !leftOutCards.isEmpty {
            let kept = cards.indices.filter { !leftOutCards.contains($0) }
            cards = kept.map { cards[$0] }
            cardRows = kept.map { cardRows[$0] }
        }
    }

    /// No column was read as the state, so every card is in one todo state: when a column
    /// kept as a field holds values that name a state of work ("Done", "In Progress", as
    /// Plane's `State Name` or an Asana `Section` do), say so and how to read it as the state,
    /// rather than let done work pass for work to do (#19 item 3).
    func stateColumnUnread() {
        guard !fieldHeaderPlaces.isEmpty, !cards.isEmpty else { return }
        var hints: [String: Bool] = [:]
        for (name, place) in fieldHeaderPlaces {
            var count = 0
            var shown: [String] = []
            for card in cards {
                // An address is no state, whatever letters it holds (`qaz@in.ibm.com` has QA).
                guard let value = card.fields[name], value.utf8.count <= 60,
                      !value.contains("@"), !value.contains("://") else { continue }
                let started = hints[value] ?? {
                    let c = StateCategoryWords.hint(value)
                    hints[value] = c == .done || c == .doing
                    return c == .done || c == .doing
                }()
                guard started else { continue }
                count += 1
                if shown.count < 3, !shown.contains(value) { shown.append(value) }
            }
            guard count > 0 else { continue }
            let todo = states.states.first { $0.category == .todo }?.name ?? "TODO"
            diagnostics.append(Diagnostic(TabularMessage.stateColumnUnread(todo: todo, column: name, cards: count, shown: shown),
                                          at: place))
        }
    }
}
