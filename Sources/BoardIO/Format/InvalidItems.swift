import BoardModel

/// What a reader does with one item of a file (a card, a row, a calendar component, an
/// event) that cannot be read: refuse the whole file, or leave that item out and go on.
public enum InvalidItemPolicy: Sendable, Equatable {
    /// The default: any error refuses the file, so nothing is lost without a refusal.
    case refuse
    /// `--skip-invalid`: an item whose reading raised an error is left out, its errors become
    /// warnings (code and location kept), and a closing `items-left-out` warning counts them.
    case leaveOut
}

/// The items a reader has left out under `InvalidItemPolicy.leaveOut`. A reader notes where
/// an item's diagnostics start, reads the item, then asks `leavesOut`:
///
///     let mark = diagnostics.count
///     let card = readCard(…, into: &diagnostics)
///     if left.leavesOut(&diagnostics, since: mark) { continue }
public struct LeftOutItems: Sendable {
    public let policy: InvalidItemPolicy
    /// How many items were left out so far.
    public private(set) var count = 0

    public init(_ policy: InvalidItemPolicy) {
        self.policy = policy
    }

    /// True when the item whose diagnostics start at `mark` raised an error and the policy
    /// leaves such items out; its errors are then warnings. Under `.refuse`, always false.
    public mutating func leavesOut(_ diagnostics: inout [Diagnostic], since mark: Int) -> Bool {
        guard policy == .leaveOut, diagnostics[mark...].hasErrors else { return false }
        for k in mark..<diagnostics.count where diagnostics[k].severity == .error {
            diagnostics[k].severity = .warning
        }
        count += 1
        return true
    }

    /// Counts items left out for a reason the caller reports itself (already warnings).
    public mutating func leaveOut(_ items: Int = 1) { count += items }

    /// The closing warning (`3 cards could not be read and were left out`), nil when nothing
    /// was left out. `item` and `items` name one and several (`card`, `cards`).
    public func summary(item: String, items: String, at location: SourceLocation) -> Diagnostic? {
        guard count > 0 else { return nil }
        return Diagnostic(BoardIOMessage.itemsLeftOut(count: count, item: item, items: items), at: location)
    }
}
