/// `+a,-b,c` as a person edits a card's labels or assignees in the terminal: names to add
/// (`+a`, `c`) and to remove (`-b`), each comma-separated part trimmed, empty ones dropped.
/// (What each name may be is `CardText.items`'.)
public enum ListEdit {
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
}
