/// Base64 (RFC 4648) in lines of 76 characters, as MIME bodies carry it (RFC 2045 §6.8).
public enum Base64Lines {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` as one line of base64 (for an encoded word).
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let b0 = bytes[i], b1 = i + 1 < bytes.count ? bytes[i + 1] : 0, b2 = i + 2 < bytes.count ? bytes[i + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : 0x3D)
            out.append(i + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : 0x3D)
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `bytes` in base64 lines of 76 characters, each ending in `\n`.
    public static func lines(_ bytes: [UInt8]) -> String {
        let text = Array(encode(bytes).utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.count + text.count / 76 + 1)
        var start = 0
        while start < text.count {
            let end = min(start + 76, text.count)
            out += text[start..<end]
            out.append(0x0A)
            start = end
        }
        return String(decoding: out, as: UTF8.self)
    }
}
