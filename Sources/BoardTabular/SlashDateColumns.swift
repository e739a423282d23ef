import BoardModel
import BoardIO

/// What a file's own dates say about how its slash dates read (#19 item 4).
///
/// US sheets write `09/19/25`, European ones `19/09/25`, and `03/04/25` reads both ways. When
/// neither `--date-order` nor the mapping says which, a column settles it itself: a value that
/// reads only one way (a day over 12) shows the column's order. The builder notes the order
/// each slash date shows as rows arrive, and keeps the values that read both ways here until
/// the whole file has been read, when each takes its column's order or is reported.
struct SlashDateColumns {
    /// The first value of a column that showed an order, and the first that showed the other.
    struct Shown {
        let order: SlashDateOrder
        let text: String
        let location: SourceLocation
        var other: (text: String, location: SourceLocation)?
    }

    /// A value that reads both ways, waiting for its column's order.
    struct Undecided {
        /// Index of the card among the builder's cards.
        let card: Int
        let column: Int
        let attribute: CardAttribute
        let text: String
        let location: SourceLocation
        /// The two readings in ISO form, for the message when nothing settles them.
        let readings: (String, String)
    }

    private(set) var shown: [Int: Shown] = [:]
    private(set) var undecided: [Undecided] = []

    /// False once a column has shown both orders: nothing more to learn from its values.
    func learns(fromColumn k: Int) -> Bool { shown[k]?.other == nil }

    /// A value of column `k` read only in `order`.
    mutating func saw(_ order: SlashDateOrder, _ text: String, column k: Int, at location: @autoclosure () -> SourceLocation) {
        guard let first = shown[k] else {
            shown[k] = Shown(order: order, text: text, location: location())
            return
        }
        if first.order != order, first.other == nil { shown[k]?.other = (text, location()) }
    }

    mutating func wait(_ value: Undecided) { undecided.append(value) }

    /// The order column `k`'s values settle: one order shown, and never the other.
    func order(ofColumn k: Int) -> SlashDateOrder? {
        guard let s = shown[k], s.other == nil else { return nil }
        return s.order
    }
}
