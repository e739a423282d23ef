@testable import BoardServer
import NIOCore
import Testing

/// What the gate reads from a request besides the store: proxy ranges and bearer headers,
/// tried on many generated inputs against a plain reference (the fuzzing of this parsing).
@Suite struct AccessParsingTests {
    /// A small fixed-seed generator, so a failure names an input that fails again.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    @Test func anIPv4RangeHoldsExactlyTheAddressesItsPrefixNames() throws {
        var g = Generator(state: 45)
        for _ in 0..<20_000 {
            let net = (0..<4).map { _ in g.byte() }, prefix = Int(g.next() % 33)
            let addr = (0..<4).map { _ in g.byte() }
            let range = try #require(IPRange("\(net.map(String.init).joined(separator: "."))/\(prefix)"))
            let value = { (b: [UInt8]) in b.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
            let mask: UInt32 = prefix == 0 ? 0 : ~UInt32(0) << (32 - prefix)
            let expected = value(net) & mask == value(addr) & mask
            let peer = try SocketAddress(ipAddress: addr.map(String.init).joined(separator: "."), port: 1)
            #expect(range.contains(peer) == expected, "\(range) \(addr)")
            // The same peer as an IPv4-mapped IPv6 address (a dual-stack listener's).
            let mapped = try SocketAddress(ipAddress: "::ffff:" + addr.map(String.init).joined(separator: "."), port: 1)
            #expect(range.contains(mapped) == expected)
        }
    }

    @Test func anythingElseIsNoRangeAndNoAddressIsInIt() throws {
        var g = Generator(state: 7)
        let alphabet = Array("0123456789abcdef.:/ -ffff%x\u{0}ㄱ".unicodeScalars)
        for _ in 0..<20_000 {
            let text = String(String.UnicodeScalarView((0..<Int(g.next() % 24)).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] }))
            guard let range = IPRange(text) else { continue }
            // Whatever parsed is an address with at most its bits as prefix.
            #expect(range.network.count == 4 || range.network.count == 16)
            #expect(range.prefix <= range.network.count * 8)
        }
        for bad in ["10.0.0.0/33", "::1/129", "10.0.0.0/-1", "10.0.0.0/ 8", "10.0.0/8", "host", "", "/8", "10.0.0.0/8/8", "10.0.0.0/+8"] {
            #expect(IPRange(bad) == nil, "\(bad)")
        }
        #expect(IPRange("::1")?.contains(try SocketAddress(ipAddress: "::1", port: 1)) == true)
        #expect(IPRange("127.0.0.1")?.contains(nil) == false)
        #expect(IPRange.isLoopback(host: "127.0.0.1") && IPRange.isLoopback(host: "::1") && IPRange.isLoopback(host: "localhost"))
        #expect(!IPRange.isLoopback(host: "0.0.0.0") && !IPRange.isLoopback(host: "::") && !IPRange.isLoopback(host: "example.org"))
    }

    @Test func aBearerHeaderGivesItsTokenAndNothingElseDoes() {
        var g = Generator(state: 3)
        let alphabet = Array("Bearer bearer BASIC \t0123456789abcdef=:".unicodeScalars)
        for _ in 0..<20_000 {
            let header = String(String.UnicodeScalarView((0..<Int(g.next() % 40)).map { _ in alphabet[Int(g.next() % UInt64(alphabet.count))] }))
            if let token = AccessGate.bearer(header) {
                #expect(header.lowercased().hasPrefix("bearer") && !token.isEmpty && header.hasSuffix(token) || header.hasSuffix(token + " "),
                        "\(header.debugDescription) → \(token.debugDescription)")
            }
        }
        #expect(AccessGate.bearer("Bearer abc") == "abc" && AccessGate.bearer("BEARER  abc ") == "abc")
        #expect(AccessGate.bearer("Basic YWJj") == nil && AccessGate.bearer("Bearer") == nil && AccessGate.bearer(nil) == nil)
        // A scheme with only white space after it presents no token (it presented "", and a
        // good link in the path was then never looked at).
        #expect(AccessGate.bearer("Bearer \t") == nil && AccessGate.bearer("bearer  \t ") == nil)
    }
}
