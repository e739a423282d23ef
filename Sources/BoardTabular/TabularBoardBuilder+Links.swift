import BoardModel

/// Links between rows: a `parent`, `children`, `blockedBy` or `blocks` cell names the other card as the file does,
/// which is known only once every row is in (a sub-task may come before its parent).
extension TabularBoardBuilder {
    /// Whether a column names other cards (a parent, children, what blocks or is blocked).
    var plansLinks: Bool { plan.contains { $0.linkType != nil } }

    /// Turns each link's name into the card it names: a card's id (`WEB-101`), else its value
    /// of the mapping's `linkKey` field (Jira's `Parent id` names an `Issue id`), else its
    /// title when no other card has that title (Asana's `Parent task`, and Jira's exports in
    /// other languages, name the parent by its summary). A name that finds no card is kept as
    /// written: the validator says so (`link-unknown-card`). Jira exports one parent twice
    /// (`Parent id`, `Parent`): the second is the same link and is not added again.
    func resolveLinks() {
        guard plansLinks else { return }
        var ids = Set<String>()
        var byKey: [String: String] = [:]
        var byTitle: [String: String?] = [:]
        for card in cards {
            ids.insert(card.id)
            if let key = mapping?.linkKey, let value = card.fields[key], byKey[value] == nil { byKey[value] = card.id }
            // A title two cards share names neither.
            byTitle[card.title] = byTitle[card.title] == nil ? card.id : .some(nil)
        }
        func card(named name: String) -> String {
            if ids.contains(name) { return name }
            if let id = byKey[name] { return id }
            if let id = byTitle[name], let id { return id }
            if let title = Self.notionPageTitle(name), let id = byTitle[title], let id { return id }
            return name
        }
        for k in cards.indices where !cards[k].links.isEmpty {
            var links: [CardLink] = []
            for link in cards[k].links where !link.card.isEmpty {
                let resolved = CardLink(link.type, card(named: link.card))
                if !links.contains(resolved) { links.append(resolved) }
            }
            cards[k].links = links
        }
    }

    /// The page title in a Notion relation cell's item, `Research study (Projects%20&%20Tasks
    /// …/Research%20study%20e445….md)`: Notion's CSV export names a related page by its title and
    /// the path of its Markdown file. nil for anything else.
    static func notionPageTitle(_ name: String) -> String? {
        guard name.hasSuffix(".md)"), let open = name.range(of: " (", options: .backwards) else { return nil }
        let title = name[..<open.lowerBound]
        return title.isEmpty ? nil : String(title)
    }
}
