import BoardIO
import BoardModel

/// The three-way merge of a card's comments, of its attachments and of its links, element by
/// element (a comment by its id, an attachment by its address, a link by its kind and other
/// card), so a comment written on the phone
/// and one written here since the last sync both stay: an element added on one side is
/// added; one removed on one side and unchanged on the other goes; one changed on one side
/// takes that change; one removed on one side and changed on the other stays, changed (as a
/// card deleted here and edited there comes back). One changed on both sides keeps this
/// store's version, and the merge says so (the history keeps the server's as a conflict).
enum ThreadMerge {
    /// The parts a sync carries element by element, by their change-log field names.
    static func part(named field: String) -> ConversationPart? {
        switch field {
        case ConversationPart.comments.rawValue: .comments
        case ConversationPart.attachments.rawValue: .attachments
        case ConversationPart.links.rawValue: .links
        default: nil
        }
    }

    /// The merged value of `part` (JSON text, as the change log holds it; nil when empty),
    /// and whether an element was changed on both sides. No base (the ledger has none):
    /// nothing was removed on either side.
    static func merge(_ part: ConversationPart, base: FieldValue?, local: FieldValue?,
                      remote: FieldValue?) -> (value: FieldValue?, clashed: Bool) {
        func card(_ value: FieldValue?) -> Card {
            var card = Card(id: "", title: "", state: "")
            card.set(part, to: value)
            return card
        }
        var merged = card(local)
        let b = card(base), r = card(remote)
        let clashed: Bool
        switch part {
        case .comments:
            let m = elements(base: b.comments, local: merged.comments, remote: r.comments, key: \.id)
            // Comments are in time order, whichever side wrote them.
            merged.comments = m.merged.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
            clashed = m.clashed
        case .attachments:
            let m = elements(base: b.attachments, local: merged.attachments, remote: r.attachments, key: \.url)
            merged.attachments = m.merged
            clashed = m.clashed
        case .links:
            let m = elements(base: b.links, local: merged.links, remote: r.links) { "\($0.type.rawValue) \($0.card)" }
            merged.links = m.merged
            clashed = m.clashed
        case .checklists:
            return (local, false)
        }
        return (merged.value(of: part), clashed)
    }

    /// The element-wise merge: this side's elements in their order, then those added there.
    static func elements<E: Equatable, K: Hashable>(base: [E], local: [E], remote: [E],
                                                   key: (E) -> K) -> (merged: [E], clashed: Bool) {
        let baseBy = Dictionary(base.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        let remoteBy = Dictionary(remote.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
        var merged: [E] = []
        var clashed = false
        for mine in local {
            let k = key(mine)
            guard let theirs = remoteBy[k] else {
                // Gone there: removed, unless it is new or changed here.
                if baseBy[k] != mine { merged.append(mine) }
                continue
            }
            if theirs == mine || baseBy[k] == theirs {
                merged.append(mine)
            } else if baseBy[k] == mine {
                merged.append(theirs)
            } else {
                merged.append(mine)
                clashed = true
            }
        }
        let here = Set(local.map(key))
        for theirs in remote where !here.contains(key(theirs)) {
            // Gone here: removed, unless it is new or changed there.
            if baseBy[key(theirs)] != theirs { merged.append(theirs) }
        }
        return (merged, clashed)
    }
}
