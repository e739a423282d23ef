import BoardModel
import Foundation

/// A `Message-ID` (RFC 5322 §3.6.4): `<UNIQUE@HOST>`, unique by the moment, the process and
/// random bits. `unique` also seeds the message's MIME boundaries.
public struct MessageID: Sendable, Equatable, CustomStringConvertible {
    public let unique: String
    public let host: String

    /// A new id for a message made at `moment` on `host` (default: this machine's name).
    public init(moment: Instant, host: String = ProcessInfo.processInfo.hostName) {
        var generator = SystemRandomNumberGenerator()
        let random = String(generator.next() as UInt64, radix: 36)
        unique = "\(String(moment.epochMilliseconds, radix: 36)).\(random)"
        // A host name with what an id may not hold (a space, brackets) gives way to a plain one.
        let allowed = host.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789.-".unicodeScalars.contains($0)) }
        self.host = !host.isEmpty && allowed ? host : "boardkit.invalid"
    }

    public var description: String { "<\(unique).boardkit@\(host)>" }
}
