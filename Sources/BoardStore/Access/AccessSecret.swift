import Crypto

/// A secret that lets someone in: the token in a link, or in `Authorization: Bearer`.
/// A store keeps only each secret's SHA-256 (`digest`), so a copy of the store, a backup or a
/// database dump hands out no link; 128 random bits make a stored digest as good as the
/// secret for finding it and useless for making it.
public enum AccessSecret {
    /// What a secret opens.
    public enum Kind: String, Sendable {
        /// The board's calendar feeds and live report, and nothing else.
        case boardFeed = "feed"
        /// One person's feeds and report: revoked with the person.
        case personFeed = "person-feed"
        /// One person's way in: their link to the board page, also their API token.
        case personalLink = "link"
    }

    /// 128 random bits from the system's generator, as 32 hex digits.
    public static func newToken() -> String {
        var rng = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(rng.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Whether `token` has the shape of a secret boardkit made (hex digits, long enough).
    public static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count >= 16 && token.utf8.count <= 128
            && token.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// What the store keeps of `token`: its SHA-256 in hex.
    public static func digest(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }
}
