import BoardModel
import Foundation

/// A `Message-ID` (RFC 5322 §3.6.4): `<UNIQUE.boardkit@DOMAIN>`, unique by the moment, the
/// process and random bits. `unique` also seeds the message's MIME boundaries.
public struct MessageID: Sendable, Equatable, CustomStringConvertible {
    public let unique: String
    /// The part after `@`: the sender's domain, else this machine's name when it is fully
    /// qualified, else `boardkit.invalid`.
    public let host: String

    /// A new id for a message made at `moment`, sent from `domain` (the `From` address's;
    /// nil when the mailer writes `From`). Mail filters trust an id on the sender's domain
    /// more than one on a machine's bare name (`@vm`), which no one can resolve.
    public init(moment: Instant, domain: String? = nil, host: String = ProcessInfo.processInfo.hostName) {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 36)
        unique = "\(String(moment.epochMilliseconds, radix: 36)).\(random)"
        self.host = [domain, host].compactMap { $0 }.first { Self.isDomain($0) } ?? "boardkit.invalid"
    }

    /// A name of dotted labels of letters, digits and `-`: what an id may hold after `@`, and
    /// not a machine's bare name.
    static func isDomain(_ name: String) -> Bool {
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count > 1 && labels.allSatisfy { label in
            !label.isEmpty && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789-".unicodeScalars.contains($0)) }
        }
    }

    public var description: String { "<\(unique).boardkit@\(host)>" }
}
