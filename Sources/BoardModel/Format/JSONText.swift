/// JSON text for the small writers that are not on a hot path (diagnostics as JSON, the
/// extras kept in a workbook): one escaping rule for all of them.
public enum JSONText {
    /// `s` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else written as is (UTF-8).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
