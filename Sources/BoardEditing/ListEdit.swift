/// A card's list (labels, assignees, reminders) edited as adds and removes, which is how the
/// store logs it: from the terminal's `+a,-b,c`, or from a whole new list the page sends.
/// (What each name may be is `CardText.items`'.)
public enum ListEdit {
    /// `+a,-b,c` as a person edits labels or assignees in the terminal: names to add (`+a`,
    /// `c`) and to remove (`-b`), each comma-separated part trimmed, empty ones dropped.
    public static func parse(_ values: [String]) -> (add: [String], remove: [String]) {
        var add: [String] = [], remove: [String] = []
        for value in values {
            for part in value.split(separator: ",") {
                let item = String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                if item.hasPrefix("-") { remove.append(String(item.dropFirst())) }
                else if item.hasPrefix("+") { add.append(String(item.dropFirst())) }
                else if !item.isEmpty { add.append(item) }
            }
        }
        return (add.filter { !$0.isEmpty }, remove.filter { !$0.isEmpty })
    }

    /// The adds and removes that make `current` into `wanted` (the page sends the whole new
    /// list; the step's version check makes the difference from `current` safe).
    public static func change<Item: Equatable>(from current: [Item], to wanted: [Item]) -> (add: [Item], remove: [Item]) {
        (wanted.filter { !current.contains($0) }, current.filter { !wanted.contains($0) })
    }
}
