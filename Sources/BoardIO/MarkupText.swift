/// Text made safe inside HTML and XML (the report's SVG charts, the board page), as element
/// content or a quoted attribute value.
public enum MarkupText {
    /// `&`, `<`, `>`, `"` and `'` escaped; the control characters XML 1.0 forbids even when
    /// escaped become spaces, so the same text is valid in SVG and in HTML.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if ch.value < 0x20 && ch != "\n" && ch != "\t" { out += " " } else { out.unicodeScalars.append(ch) }
            }
        }
        return out
    }
}
