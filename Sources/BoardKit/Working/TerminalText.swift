/// Text laid out in a terminal's columns: Hangul, CJK and emoji take two columns, combining
/// marks none, so a Korean title lines up with an English one.
public enum TerminalText {
    /// Columns `text` takes on a terminal.
    public static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of u: Unicode.Scalar) -> Int {
        let v = u.value
        if v == 0 || v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if u.properties.isEmojiPresentation { return 2 }
        // East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F).
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// `text` cut to at most `columns` (ending in `…` when cut) and padded with spaces to it.
    public static func fit(_ text: String, _ columns: Int) -> String {
        var out = "", used = 0
        let full = width(text)
        for ch in text {
            let w = width(String(ch))
            if full > columns && used + w > columns - 1 { out += "…"; used += 1; break }
            if used + w > columns { break }
            out.append(ch)
            used += w
        }
        return out + String(repeating: " ", count: max(0, columns - used))
    }
}
