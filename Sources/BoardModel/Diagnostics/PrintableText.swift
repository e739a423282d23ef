/// Text from a file made safe to print as one line on a terminal or in a log: control
/// characters (C0, DEL, C1, line and paragraph separators, bidirectional overrides) are
/// shown escaped (`\n`, `\e`, `\u{9B}`), so a value cannot move the cursor, colour the screen,
/// reorder what is shown or forge a diagnostic line of its own; and a text longer than a
/// limit is cut, saying how much was left out (one value echoed 70 KB into a message).
public enum PrintableText {
    /// Characters shown of one line before it is cut.
    public static let limit = 1_000

    public static func line(_ text: String, limit: Int = limit) -> String {
        var out = ""
        var shown = 0
        var cut = 0
        for scalar in text.unicodeScalars {
            if shown >= limit {
                cut += 1
                continue
            }
            shown += 1
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x1B: out += "\\e"
            case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if cut > 0 { out += "… (\(Counted(cut, "more character")) not shown)" }
        return out
    }
}
