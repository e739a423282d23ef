/// The one rule for which addresses boardkit shows and takes as links: http and https only,
/// the scheme in any case (`HTTPS://` is one), so a `javascript:` or `data:` address from an
/// import or a form never becomes a link on a page, in a report or on a card.
public enum WebAddress {
    /// Whether `address` starts with `http://` or `https://`, in any case.
    public static func isWeb(_ address: String) -> Bool {
        let head = address.utf8.prefix(8).map { $0 | 0x20 }   // ASCII letters to lower case
        return head.starts(with: "https://".utf8) || head.starts(with: "http://".utf8)
    }
}
