/// A bare mail address (`mina@example.org`), checked before anything is sent: one `@`
/// with text on both sides, no spaces, commas, angle brackets or control characters, so
/// an address can never add a header or a second recipient.
public struct MailAddress: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let text: String

    /// Nil when `text` is not a bare address.
    public init?(_ text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count >= 1, !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || "<>,;:\"()[]\\".unicodeScalars.contains($0) })
        else { return nil }
        self.text = text
    }

    public var description: String { text }

    /// The addresses of a comma-separated list (`a@x.org,b@x.org`), or the first entry that
    /// is not one.
    public static func list(_ text: String) -> Result<[MailAddress], MailError> {
        var addresses: [MailAddress] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = entry.trimmingBlanks()
            guard let address = MailAddress(trimmed) else { return .failure(.badAddress(trimmed)) }
            if !addresses.contains(address) { addresses.append(address) }
        }
        return .success(addresses)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
