import Foundation
import BoardModel
import BoardIO

/// Building a page's markup piece by piece: `add` takes markup (`HTML`, whose interpolated
/// strings are escaped), `escaped` a value as text. Nothing takes a `String` as markup.
struct HTMLText {
    private(set) var html: HTML = .empty

    /// Markup written by this code; strings interpolated into it are escaped.
    mutating func raw(_ markup: HTML) { html += markup }

    /// A value as text content or an attribute value (quotes escaped too).
    mutating func escaped(_ value: String) { html += "\(value)" }

    /// A value for a URL's query, percent-encoded (a space as %20).
    static func queryValue(_ value: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// A path segment of a URL (a card id in `cards/ID`), percent-encoded.
    static func segment(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-._~".contains(c)) { out.append(c) } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
