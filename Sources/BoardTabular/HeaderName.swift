/// Header matching that ignores case, spaces and punctuation: `Due date`, `due_date`,
/// `DUE DATE` and `DueDate` are one header; `Component/s` is `components`.
public enum HeaderName {
    /// The key two headers are compared by: lower-cased letters and digits only (non-ASCII
    /// letters such as Hangul kept).
    public static func key(_ header: String) -> String {
        var out = ""
        out.reserveCapacity(header.utf8.count)
        for ch in header.lowercased() where ch.isLetter || ch.isNumber {
            out.append(ch)
        }
        return out
    }
}
