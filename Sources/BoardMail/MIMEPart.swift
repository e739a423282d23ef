/// One part of a MIME message (RFC 2045/2046): UTF-8 text in quoted-printable, a file in
/// base64, or parts inside a multipart. Rendered with `\n` line breaks (the mailer's
/// standard input takes Unix text; it writes CRLF on the wire).
public indirect enum MIMEPart: Sendable, Equatable {
    /// `text/SUBTYPE; charset=utf-8` (`plain`, `html`).
    case text(subtype: String, String)
    /// A file attached: its content type, an ASCII file name, its bytes.
    case attachment(contentType: String, fileName: String, bytes: [UInt8])
    /// `multipart/SUBTYPE` (`alternative`: the same content, plainest first; `mixed`:
    /// content and attachments).
    case multipart(subtype: String, [MIMEPart])

    /// Its headers (Content-Type and the like), a blank line, its body. `boundary` seeds the
    /// boundaries of multiparts: each nested one adds its depth so none contains another.
    public func rendered(boundary: String, depth: Int = 0) -> String {
        switch self {
        case .text(let subtype, let text):
            return "Content-Type: text/\(subtype); charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\n"
                + QuotedPrintable.encode(Array(text.utf8)) + (text.hasSuffix("\n") ? "" : "\n")
        case .attachment(let type, let name, let bytes):
            // Parameters on lines of their own, and a content type too long to share its line
            // with the header's name on the next (XLSX's is 65 characters): no line over 78.
            let typeLine = "Content-Type: \(type);".count > 78 ? "Content-Type:\n \(type);" : "Content-Type: \(type);"
            return "\(typeLine)\n name=\"\(name)\"\nContent-Disposition: attachment;\n filename=\"\(name)\"\n"
                + "Content-Transfer-Encoding: base64\n\n" + Base64Lines.lines(bytes)
        case .multipart(let subtype, let parts):
            // `=_` never occurs in quoted-printable or base64 text, so the boundary cannot
            // occur in any part's body.
            let mark = "=_\(boundary)_\(depth)"
            var out = "Content-Type: multipart/\(subtype);\n boundary=\"\(mark)\"\n\n"
            for part in parts {
                out += "--\(mark)\n" + part.rendered(boundary: boundary, depth: depth + 1)
            }
            return out + "--\(mark)--\n"
        }
    }
}
