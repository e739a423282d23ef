import BoardModel

/// Deterministic ids for cards whose source has none, so a second export of the same file
/// gives the same card ids and calendar UIDs.
public enum StableID {
    /// `prefix` + 16 hex digits of a 64-bit FNV-1a hash over the parts (joined by U+001F).
    public static func make(prefix: String = "c-", from parts: [String]) -> String {
        var h = FNV1a()
        for (k, part) in parts.enumerated() {
            if k > 0 { h.add(0x1f) }
            h.add(part)
        }
        return prefix + h.hex
    }

    /// A slug for a state id from a display name: `In review` → `in-review`; non-ASCII
    /// letters (`완료`) are kept, so Korean names give readable ids.
    public static func slug(_ name: String) -> String {
        var out = ""
        var dash = false
        for ch in name.lowercased() {
            if ch.isLetter || ch.isNumber {
                if dash && !out.isEmpty { out.append("-") }
                out.append(ch)
                dash = false
            } else {
                dash = true
            }
        }
        return out.isEmpty ? "state" : out
    }
}
