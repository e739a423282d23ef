import Foundation
import BoardModel

/// Finding the card a person means: `12`, `#12`, an id, or a title only one card has; and,
/// when none matches, the few that come close.
enum CardLookup {
    static func find(_ reference: String, in db: any SQLConnection) throws -> StoredCard {
        let text = reference.trimmingCharacters(in: .whitespaces)
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let number = Int64(digits),
           let card = try CardRow.fetch(db, where: "WHERE number = ? AND present = 1", { $0.bind(1, number) }).first {
            return card
        }
        if let card = try CardRow.present(id: text, db) {
            return card
        }
        let titled = try CardRow.fetch(db, where: "WHERE lower(title) = lower(?) AND present = 1 LIMIT 2", { $0.bind(1, text) })
        if titled.count == 1 { return titled[0] }
        throw StoreError.refused(.unknownCard(reference, close: try close(to: text, titled: titled, db)))
    }

    /// Up to five cards whose id or title holds the text (or, for a title two cards share,
    /// those cards), written as `#12 'Fix login' (k7m2x9qd)`.
    private static func close(to text: String, titled: [StoredCard], _ db: any SQLConnection) throws -> [String] {
        var found = titled
        if found.isEmpty, !text.isEmpty {
            let pattern = "%" + text.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "") + "%"
            found = try CardRow.fetch(db, where: "WHERE present = 1 AND (id LIKE ?1 OR title LIKE ?1) ORDER BY number LIMIT 5",
                                      { $0.bind(1, pattern) })
        }
        return found.map { "#\($0.number) '\($0.card.title)' (\($0.card.id))" }
    }
}
