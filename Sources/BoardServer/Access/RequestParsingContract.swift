import BoardIO
import NIOCore

/// What the server reads from a request before any store is asked — the bearer token, a
/// trusted proxy's address range and the name it sends, the version in `If-Match`, a
/// page's form and an API call's JSON — and the rule each keeps on any bytes at all: it
/// returns (no trap, no hang), and what it returns is what its rule says. The `access` fuzz
/// target drives it (docs/fuzzing.md); AccessParsingTests holds it against references.
public enum RequestParsingContract {
    /// Checks one input: its first line is tried as each header value, the rest as a body.
    /// Returns the rule broken, nil when every one holds.
    public static func check(_ input: [UInt8]) -> String? {
        let end = input.firstIndex(of: 0x0A) ?? input.count
        let header = String(decoding: input[..<end], as: UTF8.self)
        let body = Array(input[min(end + 1, input.count)...])

        if let token = AccessGate.bearer(header) {
            let scheme = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).first
            let space: Set<Character> = [" ", "\t"]
            guard !token.isEmpty, scheme?.lowercased() == "bearer", header.contains(token),
                  !space.contains(token.first!), !space.contains(token.last!) else {
                return "Authorization \(header.debugDescription) gave the bearer token \(token.debugDescription)"
            }
        }
        if let range = IPRange(header) {
            guard range.network.count == 4 || range.network.count == 16, (0...range.network.count * 8).contains(range.prefix) else {
                return "\(header.debugDescription) read as the range \(range.network)/\(range.prefix)"
            }
            // Every range holds its own network address.
            let own = try? SocketAddress(packedIPAddress: ByteBuffer(bytes: range.network), port: 1)
            guard own == nil || range.contains(own) else { return "the range \(header.debugDescription) does not hold its own network" }
        }
        if let name = PageRequest.validName(header) {
            guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return "\(header.debugDescription) was taken as the name \(name.debugDescription)"
            }
        }
        if let version = PageResponder.version(ifMatch: header), version.contains("\"") {
            return "If-Match \(header.debugDescription) gave the version \(version.debugDescription)"
        }
        // A JSON body is taken only when it is one JSON object (or nothing at all).
        if (try? ActionFields.json(body)) != nil, JSONDocument.parse(body)?.object == nil,
           body.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) {
            return "a body that is no JSON object was taken as the API's fields"
        }
        // A form has at most as many fields as it has `&`-separated parts.
        let form = ActionFields.form(body)
        if form.values.count > body.split(separator: UInt8(ascii: "&")).count {
            return "a form of \(body.split(separator: UInt8(ascii: "&")).count) parts gave \(form.values.count) fields"
        }
        return nil
    }
}
