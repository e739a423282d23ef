/// Quoted-printable (RFC 2045 §6.7): text stays readable in the raw message, and no line
/// is longer than 76 characters, whatever the text's lines are.
public enum QuotedPrintable {
    /// The longest encoded line, soft break `=` included (RFC 2045's limit).
    public static let lineLimit = 76

    /// `bytes` encoded, lines ending in `\n`. A line break in the text stays a line break;
    /// a space or tab before one is encoded (mail servers strip trailing white space).
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var column = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                out.append(0x0A)
                column = 0
                i += 1
                continue
            }
            if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                i += 1  // CRLF in the text is a line break like LF.
                continue
            }
            let atLineEnd = i + 1 == bytes.count || bytes[i + 1] == 0x0A || bytes[i + 1] == 0x0D
            let literal = (b >= 33 && b <= 126 && b != 0x3D) || ((b == 0x20 || b == 0x09) && !atLineEnd)
            let width = literal ? 1 : 3
            // Room for this character and, unless it ends the line, a soft break after it.
            let room = atLineEnd ? lineLimit : lineLimit - 1
            if column + width > room {
                out.append(contentsOf: [0x3D, 0x0A])
                column = 0
            }
            if literal {
                out.append(b)
            } else {
                out.append(0x3D)
                out.append(hex[Int(b >> 4)])
                out.append(hex[Int(b & 0x0F)])
            }
            column += width
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static let hex = Array("0123456789ABCDEF".utf8)
}
