/// Puts the elements of `items` in the order `order` gives (`order[k]` is the position of
/// the element that goes to position k), in place: `items = order.map { items[$0] }`
/// without a second array of the items. Readers sort millions of events this way, where a
/// mapped copy would hold the history twice at the peak.
///
/// `order` must be a permutation of `items.indices`. Follows each cycle of the permutation
/// once, moving one element at a time; one bit per element marks what is in place.
@inlinable
public func permute<Item>(_ items: inout [Item], by order: [Int]) {
    precondition(order.count == items.count, "an order for another number of items")
    var placed = [Bool](repeating: false, count: items.count)
    items.withUnsafeMutableBufferPointer { items in
        for start in items.indices where !placed[start] {
            // Walk the cycle through `start`: each position takes the element `order` names.
            let first = items[start]
            var at = start
            while true {
                placed[at] = true
                let from = order[at]
                if from == start { items[at] = first; break }
                items[at] = items[from]
                at = from
            }
        }
    }
}
