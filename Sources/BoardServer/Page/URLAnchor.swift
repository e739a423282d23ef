import Foundation
import BoardModel

/// A link (a card's URL, an attachment) as the page shows it: an anchor for http and https only (so a
/// `javascript:` or `data:` URL from an import never becomes one), opened without handing
/// the page to the other site; anything else (`www.example.com/x`, common in imports) as text.
struct URLAnchor {
    let url: String

    /// The host as the link's text (the whole URL when it has none); `full` shows all of it,
    /// `text` shows that instead (an attachment's name).
    func html(full: Bool = false, text shown: String? = nil) -> HTML {
        let text = shown ?? (full ? url : (URLComponents(string: url)?.host ?? url))
        guard WebAddress.isWeb(url) else { return "<span class=\"link\" dir=\"auto\">\(text)</span>" }
        return "<a class=\"link\" href=\"\(url)\" rel=\"noopener noreferrer\" target=\"_blank\" dir=\"auto\">\(text)</a>"
    }
}
