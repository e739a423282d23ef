/// The one rule for which addresses boardkit shows and takes as links: http and https only,
/// the scheme in any case (`HTTPS://` is one), so a `javascript:` or `data:` address from an
/// import or a form never becomes a link on a page, in a report or on a card.
public enum WebAddress {
    /// Whether `address` starts with `http://` or `https://`, in any case.
    public static func isWeb(_ address: String) -> Bool {
        // ASCII capitals to lower case; nothing else (OR-ing 0x20 into every byte would have
        // read the control characters 0x1A and 0x0F as `:` and `/`).
        let head = address.utf8.prefix(8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return head.starts(with: "https://".utf8) || head.starts(with: "http://".utf8)
    }
}
