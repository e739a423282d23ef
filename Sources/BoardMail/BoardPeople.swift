import BoardModel

extension People {
    /// The addresses a board carries itself: an export's column of the assignee's e-mail
    /// (Asana's `Assignee Email`, kept as that card field), for the cards with one assignee
    /// (with two, the column cannot say whose it is). The first address met for a name is
    /// kept; a value that is not an address is passed over, as the column is the export's.
    public static func carried(by cards: [Card]) -> People {
        var addresses: [String: MailAddress] = [:]
        for card in cards where card.assignees.count == 1 {
            guard let value = card.fields.first(where: { isAssigneeEmail($0.key) })?.value,
                  let address = MailAddress(value), addresses[card.assignees[0]] == nil else { continue }
            addresses[card.assignees[0]] = address
        }
        return People(addresses)
    }

    /// `Assignee Email`, `assignee e-mail`, `Assignee_Email`: the field names exports give
    /// the assignee's address.
    static func isAssigneeEmail(_ name: String) -> Bool {
        name.lowercased().filter { $0.isLetter } == "assigneeemail"
    }

    /// These addresses, with `other`'s for the names these lack (a people file's addresses
    /// win over the board's own).
    public func adding(_ other: People) -> People {
        People(addresses.merging(other.addresses) { mine, _ in mine })
    }
}
