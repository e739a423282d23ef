/// A failure below HTTP, in words: the HTTP client's and the TLS library's descriptions
/// name error enums and the TLS library's source files, which mean nothing to the person
/// syncing.
enum TransportFailure {
    static func reason(_ text: String) -> SyncError.Unreachable {
        if text.contains("connectTimeout") || text.contains("connectionRefused") || text.contains("Connection refused") {
            return .noAnswer
        }
        let upper = text.uppercased()
        if upper.contains("CERTIFICATE") || upper.contains("HANDSHAKE") || upper.contains("SSL") {
            if upper.contains("EXPIRED") { return .certificate(reason: "it has expired") }
            if upper.contains("HOSTNAME") || upper.contains("NAME MISMATCH") || upper.contains("UNABLE TO MATCH") {
                return .certificate(reason: "it is made out to another name")
            }
            if upper.contains("CERTIFICATE_VERIFY_FAILED") || upper.contains("SELF") {
                return .certificate(reason: "it is not signed by an authority this machine trusts, or is self-signed")
            }
            return .certificate(reason: "the TLS handshake failed")
        }
        return .other(withoutSourcePaths(text))
    }

    /// The text without ` at /…/file.cc:12` locations.
    static func withoutSourcePaths(_ text: String) -> String {
        text.replacing(/\sat \/[^\s\]\)]*/, with: "")
    }
}
