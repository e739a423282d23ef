/// Where a card put at a place in a column goes.
///
/// A position between its new neighbours', so no other card changes; but each move to the
/// same place halves the gap there, and about fifty of them use up a `Double` (three cards
/// then share one position, and a card lands where it was not dropped). So when the gap is
/// smaller than `smallestGap`, or the neighbours are out of order (equal positions from an
/// import, a card with none), the column is renumbered 1, 2, 3… in the same step.
struct CardPlacement: Equatable {
    /// The moved card's position.
    var position: Double
    /// The column's other cards whose position the move changes: their index among `others`
    /// and new position, in column order. Empty unless the column was renumbered.
    var renumbered: [Renumbering]

    struct Renumbering: Equatable {
        var index: Int
        var position: Double
    }

    /// Neighbours closer than this are renumbered apart. Large enough that positions stay
    /// short in files (1.0000152587890625, never 1.0000000000000002); small enough that a
    /// column is renumbered only after sixteen moves to one place.
    static let smallestGap = 1.0 / 65_536

    /// The place for a card at 1-based `index` (clamped to the column) among `others`, the
    /// column's other cards in their order (nil: a card with no position, shown last).
    /// `own` is the card's position when it is already in this column: when that is still
    /// between the neighbours it stays, since a move onto its own place changes nothing.
    static func place(at index: Int, among others: [Double?], own: Double?) -> CardPlacement {
        let k = min(max(index, 1), others.count + 1) - 1
        let before = k > 0 ? others[k - 1] : nil
        let after = k < others.count ? others[k] : nil
        let hasBefore = k > 0, hasAfter = k < others.count
        if let own, (!hasBefore || before.map { $0 < own } == true), (!hasAfter || after.map { own < $0 } == true) {
            return CardPlacement(position: own, renumbered: [])
        }
        switch (hasBefore, hasAfter) {
        case (false, false):
            return CardPlacement(position: 1, renumbered: [])
        case (true, false):
            if let b = before, b + 1 > b { return CardPlacement(position: b + 1, renumbered: []) }
        case (false, true):
            if let a = after, a - 1 < a { return CardPlacement(position: a - 1, renumbered: []) }
        case (true, true):
            if let b = before, let a = after, a - b >= 2 * smallestGap {
                return CardPlacement(position: b + (a - b) / 2, renumbered: [])
            }
        }
        return renumbering(at: k, among: others)
    }

    /// Positions 1, 2, 3… for the column with the card at `k` (0-based); only the cards
    /// whose position changes are listed.
    private static func renumbering(at k: Int, among others: [Double?]) -> CardPlacement {
        var renumbered: [Renumbering] = []
        for (i, old) in others.enumerated() {
            let new = Double(i < k ? i + 1 : i + 2)
            if old != new { renumbered.append(Renumbering(index: i, position: new)) }
        }
        return CardPlacement(position: Double(k + 1), renumbered: renumbered)
    }
}
