import BoardIO

/// Strong entity tags (RFC 9110 §8.8.3) from a representation's bytes, and the
/// `If-None-Match` test.
enum EntityTag {
    /// `"ics-<16 hex digits>"`: FNV-1a 64 over the bytes, with the length. Same bytes, same tag.
    static func of(_ bytes: [UInt8], kind: String) -> String {
        var h = FNV1a()
        bytes.withUnsafeBufferPointer { h.add($0) }
        return "\"\(kind)-\(h.hex)-\(String(bytes.count, radix: 36))\""
    }

    /// True when an `If-None-Match` value names `tag` (weak comparison, as RFC 9110 asks
    /// for this header) or is `*`.
    static func noneMatchHits(_ header: String, tag: String) -> Bool {
        for part in header.split(separator: ",") {
            var candidate = part.trimmingSpaces
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate = String(candidate.dropFirst(2)) }
            if candidate == tag { return true }
        }
        return false
    }
}

extension Substring {
    var trimmingSpaces: String {
        var s = self
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}

/// The item a secret URL names (`/<token>/<name>…`), or nil when the name is unknown or the
/// token is not its own. An unknown name costs a comparison too, so timing tells nothing.
func secretLookup<Item>(_ items: [String: Item], name: String, token: String, tokenOf: (Item) -> String) -> Item? {
    guard let item = items[name] else {
        _ = constantTimeEquals(token, String(repeating: "0", count: 32))
        return nil
    }
    return constantTimeEquals(token, tokenOf(item)) ? item : nil
}

/// Compares secrets in time that depends only on their lengths, so response timing does
/// not reveal how much of a guessed token was right.
func constantTimeEquals(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
    let x = Array(a.utf8), y = Array(b.utf8)
    var diff = UInt8(x.count == y.count ? 0 : 1)
    for k in 0..<max(x.count, y.count) {
        diff |= (k < x.count ? x[k] : 0) ^ (k < y.count ? y[k] : 0)
    }
    return diff == 0
}
