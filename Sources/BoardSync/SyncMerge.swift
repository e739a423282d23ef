import BoardEditing
import BoardICS
import BoardModel
import BoardStore

/// The merge of one to-do into its card: three ways over the ledger's base (FieldMerge), a
/// removal on one side against an edit on the other, and what no card may hold refused.
extension SyncSession {
    /// A to-do as read from the server, taken into the card the ledger pairs it with.
    struct TakenIn {
        var edits: [CardEdit]
        /// The values both sides now agree on (the ledger's next base).
        var agreed: [String: FieldValue]
        /// The card's synced values after the edits.
        var values: [String: FieldValue]
        /// The card was archived or deleted here and comes back.
        var returned: Bool
    }

    /// The store's edits that take `todo` into `stored`: a three-way merge over `base` (nil:
    /// the ledger has none, so every field the two hold differently is a conflict). A card
    /// archived or deleted here comes back when the to-do was edited there since (the push
    /// would delete a to-do someone is working on), with a history line saying why; one
    /// deleted here whose to-do was not edited takes nothing (the push deletes the to-do).
    ///
    /// A field the server changed to what no card may hold (`SyncFields.refused`) is taken as
    /// the card's: the card keeps its value, which the push puts back (the ledger's base is
    /// what the server holds), and the history keeps the server's as a conflict.
    ///
    /// `draft` is the store as the write that applies the edits sees it: the card and who
    /// changed what when are read there, so nothing changes between the merge and its write.
    mutating func takeIn(_ todo: ICSTodoResource.Todo, at href: String, into stored: StoredCard,
                         base: [String: FieldValue]?, draft: SyncDraft) throws(StoreError) -> TakenIn {
        var values = SyncFields.values(of: stored.card)
        // Without a base, what the store last knew of the to-do is the card itself.
        let known = base ?? values
        let remoteValues = SyncFields.values(of: todo, on: header)
        let refused = SyncFields.refused(remoteValues).filter { remoteValues[$0.key] != known[$0.key] }
        var mergedRemote = remoteValues
        for field in refused.keys { mergedRemote[field] = values[field] }
        let agreed = SyncFields.agreed(todo, on: header)
        let removal: SyncConflict.Removal? = !stored.present ? .deleted : stored.card.archived ? .archived : nil
        // Every synced field counts, the state its STATUS gives too (not the state boardkit
        // last named there): a to-do completed in another app was edited.
        let editedThere = remoteValues != known
        guard removal != .deleted || editedThere else { return TakenIn(edits: [], agreed: agreed, values: values, returned: false) }
        var edits: [CardEdit] = []
        if let removal, editedThere {
            let remover = removal == .deleted
                ? try draft.lastDeletion(card: stored.card.id)
                : try draft.lastChange(card: stored.card.id, field: "archived")
            edits.append(removal == .deleted ? .undelete(card: stored.card.id) : .restore(card: stored.card.id))
            edits.append(.recordConflict(card: stored.card.id, .cameBack(after: removal, by: remover?.actor)))
            report.conflicts += 1
            report.planned.append("conflict: #\(stored.number) '\(stored.card.title)' \(removal.rawValue) here, edited on the server: brought back")
        }
        var merge = try merge(stored, base: base, remote: mergedRemote, remoteTime: todo.card.updated, draft: draft)
        for (field, problem) in refused.sorted(by: { $0.key < $1.key }) {
            merge.conflicts.append(SyncConflict(field: field, kept: values[field], lost: remoteValues[field], loser: .remote,
                                                localActor: try draft.lastChange(card: stored.card.id, field: field)?.actor,
                                                refusal: problem.code))
            report.warnings.append(Diagnostic(SyncCaution.refusedValue(card: "#\(stored.number) '\(stored.card.title)'", field: field, problem: problem),
                                              at: SourceLocation(file: collection.absolute(href))))
        }
        edits += SyncFields.edits(merge.toLocal, to: stored.card, completed: todo.card.completed)
        if let links = merge.toLocal["links"] {
            edits += try SyncFields.linkEdits(links, to: stored.card) { (other: String) throws(StoreError) -> Bool in
                try draft.card(id: other)?.present == true
            }
        }
        edits += merge.conflicts.map { CardEdit.recordConflict(card: stored.card.id, $0) }
        tally(merge, card: stored)
        for (field, value) in merge.toLocal { values[field] = value }
        return TakenIn(edits: edits, agreed: agreed, values: values, returned: removal != nil && editedThere)
    }

    /// The newest change here to a synced field whose value differs from `base`, if any.
    func editedHere(_ stored: StoredCard, since base: [String: FieldValue], draft: SyncDraft) throws(StoreError) -> LocalChange? {
        let values = SyncFields.values(of: stored.card)
        let changed = SyncFields.names.filter { values[$0] != base[$0] }
        guard !changed.isEmpty else { return nil }
        var changes: [LocalChange] = []
        for field in changed {
            if let change = try draft.lastChange(card: stored.card.id, field: field) { changes.append(change) }
        }
        return changes.max { $0.at < $1.at } ?? LocalChange(at: options.now, actor: nil)
    }

    private func merge(_ stored: StoredCard, base: [String: FieldValue]?, remote: [String: FieldValue],
                       remoteTime: Instant?, draft: SyncDraft) throws(StoreError) -> FieldMerge {
        let local = SyncFields.values(of: stored.card)
        var changes: [String: LocalChange?] = [:]
        func lastChange(_ field: String) throws(StoreError) -> LocalChange? {
            if let known = changes[field] { return known }
            let found = try draft.lastChange(card: stored.card.id, field: field)
            changes[field] = .some(found)
            return found
        }
        return try FieldMerge.merge(base: base, local: local, remote: remote, remoteIsLater: { (field: String) throws(StoreError) -> Bool in
            // The later change wins; a remote to-do that says nothing of its time counts as now.
            guard let localTime = try lastChange(field)?.at else { return true }
            return !((remoteTime ?? options.now) < localTime)
        }, localActor: { (field: String) throws(StoreError) -> String? in try lastChange(field)?.actor })
    }

    /// Counts a merge in the report, and says it for a dry run.
    private mutating func tally(_ merge: FieldMerge, card: StoredCard) {
        if !merge.toLocal.isEmpty {
            report.updated += 1
            let fields = merge.toLocal.keys.sorted().joined(separator: ", ")
            report.planned.append("pull: #\(card.number) '\(card.card.title)' \(fields) from the server")
        }
        for c in merge.conflicts {
            report.conflicts += 1
            let refused = c.refusal.flatMap(CardText.Problem.init(code:)).map { " (refused: it \($0.sentence))" } ?? ""
            report.planned.append("conflict: #\(card.number) '\(card.card.title)' \(c.field): keeps \(c.loser == .local ? "the server's" : "this store's") \(c.kept?.description ?? "none") over \(c.lost.map { PrintableText.line($0.description, limit: 80) } ?? "none")\(refused)")
        }
    }
}
