/// Trello's card addresses, `https://trello.com/c/{shortLink}/{idShort}-{slug}` (or the
/// short form without the slug): Trello has no links between cards, but a card attached
/// to another shows as one, and the attachment's URL is such an address.
enum TrelloCardURL {
    /// The short link a card address carries, nil for any other URL.
    static func shortLink(_ url: String) -> Substring? {
        var rest = Substring(url)
        for scheme in ["https://", "http://"] where rest.hasPrefix(scheme) { rest = rest.dropFirst(scheme.count) }
        if rest.hasPrefix("www.") { rest = rest.dropFirst(4) }
        guard rest.hasPrefix("trello.com/c/") else { return nil }
        let link = rest.dropFirst("trello.com/c/".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return link.isEmpty ? nil : link
    }
}
