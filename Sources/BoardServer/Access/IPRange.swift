import Foundation
import NIOCore

/// An address range in CIDR notation (`10.0.0.0/8`, `::1/128`, or one address), as
/// `--trust-proxy` takes it. IPv4-mapped IPv6 peers (`::ffff:10.0.0.5`) match IPv4 ranges.
struct IPRange: Sendable, Equatable, CustomStringConvertible {
    /// The network's bytes (4 or 16) and how many leading bits must match.
    let network: [UInt8]
    let prefix: Int
    let description: String

    /// nil when `text` is not an address or CIDR range.
    init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let bytes = Self.bytes(parts[0]) else { return nil }
        let bits = bytes.count * 8
        if parts.count == 2 {
            guard let n = Int(parts[1]), (0...bits).contains(n), parts[1].allSatisfy(\.isNumber) else { return nil }
            prefix = n
        } else {
            prefix = bits
        }
        network = bytes
        description = text
    }

    func contains(_ address: SocketAddress?) -> Bool {
        guard let text = address?.ipAddress, var bytes = Self.bytes(text) else { return false }
        if network.count == 4 && bytes.count == 16 && bytes.prefix(12) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] {
            bytes = Array(bytes.suffix(4))
        }
        guard bytes.count == network.count else { return false }
        for bit in 0..<prefix where (bytes[bit / 8] ^ network[bit / 8]) & UInt8(0x80 >> (bit % 8)) != 0 {
            return false
        }
        return true
    }

    /// An address's bytes: 4 for IPv4, 16 for IPv6; nil for anything else.
    static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// Whether a listening address keeps the server on this machine (`127.0.0.1`, `::1`, `localhost`).
    static func isLoopback(host: String) -> Bool {
        if host == "localhost" { return true }
        guard let bytes = bytes(host) else { return false }
        return bytes.count == 4 ? bytes[0] == 127 : bytes == Array(repeating: 0, count: 15) + [1]
    }
}
