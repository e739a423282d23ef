import BoardICS
import BoardIO
import BoardModel
import BoardStore

/// The push: every card changed here since the last sync written to its resource (PUT with
/// If-Match), the resources of cards archived or deleted here deleted; what the server took
/// remembered in the ledger as it goes.
extension SyncSession {
    /// Pushes are remembered in the ledger in batches of this many (and at the end): a sync
    /// killed half-way finds the rest still to push, and a repeated PUT is harmless.
    static let batch = 100

    /// Whether the push has to look at the cards: not when the server sent nothing, the
    /// reminders are as last written, and no card was written since the commit through which
    /// every card's changes are on the server. (A sync with nothing to do then reads neither
    /// the cards nor the ledger: at 5,000 to-dos, most of its own time.)
    func anythingToPush() throws(SyncError) -> Bool {
        guard pulledNothing, !alarmsChanged, let through = remote.pushedThrough else { return true }
        return try BoardSync.stored { try store.cardsWritten(since: through) }
    }

    /// Writes the cards that changed here since the last sync; deletes the resources of
    /// cards archived or deleted here. Remembers the commit the cards were read at as the one
    /// through which everything is on the server, unless something was left or refused.
    mutating func push() async throws(SyncError) {
        let ledger = try ledger()
        let byCard = Dictionary(ledger.map { ($0.card, $0) }, uniquingKeysWith: { a, _ in a })
        let read = try BoardSync.stored { try store.cardsForSync() }
        let cards = read.cards
        let known = try BoardSync.stored { try store.syncUIDs() }
        let onBoard = Set(cards.map(\.card.id))
        let forgotten = try BoardSync.stored { try store.syncForgottenResources() }
        var saves: [SyncedItem] = [], forgets: [String] = []
        ProgressMeter.active.start(.sending, total: cards.count)
        defer { ProgressMeter.active.stop() }
        // What the server took is remembered in batches, and when the push stops on an error:
        // a fault after a hundred PUTs must not make the next sync send them again.
        func remember() throws(SyncError) {
            guard !options.dryRun, !(saves.isEmpty && forgets.isEmpty) else { return }
            try BoardSync.stored { try store.recordSync(save: saves, forget: forgets, remote: nil) }
            (saves, forgets) = ([], [])
        }
        do throws(SyncError) {
            for stored in cards {
                ProgressMeter.active.advance(by: 1)
                var item = byCard[stored.card.id]
                var values = SyncFields.values(of: stored.card)
                var archived = stored.card.archived, present = stored.present
                // A dry run's push plans on the card as its pull would have left it.
                switch pulledInDryRun[stored.card.id] {
                case .deleted?: continue
                case .merged(let after, let base, let returned)?:
                    values = after
                    item?.base = base
                    if returned { (archived, present) = (false, true) }
                case .forgotten?: item = nil
                case nil: break
                }
                if !present || archived {
                    guard let item else { continue }
                    report.planned.append("push: delete the to-do of #\(stored.number) '\(stored.card.title)' (\(present ? "archived" : "deleted") here)")
                    // Forgotten only once gone there: a resource still on the server with no
                    // ledger entry would come back as a new card on the next sync.
                    switch options.dryRun ? .deleted : try await deleteResource(item, of: stored) {
                    case .deleted:
                        report.removed += 1
                        forgets.append(item.card)
                    case .cameBack: break
                    case .left: report.left += 1
                    }
                } else {
                    if let item, item.base == values, !alarmsChanged { continue }
                    report.planned.append("push: \(item == nil ? "new" : "changed") to-do for #\(stored.number) '\(stored.card.title)'")
                    // Counted once the server took it (a dry run: what it would send). One it
                    // refuses is said and skipped: it must not stop the cards after it.
                    switch options.dryRun ? nil : try await write(stored, item: item, uid: known[stored.card.id], forgotten: forgotten[stored.card.id], onBoard: onBoard) {
                    case .stored(let saved)?:
                        saves.append(saved)
                        if item == nil { report.created += 1 } else { report.pushed += 1 }
                    case nil:
                        if item == nil { report.created += 1 } else { report.pushed += 1 }
                    case .left?: report.left += 1
                    case .refused?: report.refused += 1
                    }
                }
                if saves.count + forgets.count >= Self.batch { try remember() }
            }
        } catch {
            // The push's own error is the one said; what the server took is kept if it can be.
            try? remember()
            throw error
        }
        try remember()
        // A card written after the cards were read (during the pushes) has a later commit.
        remote.pushedThrough = report.left + report.refused == 0 ? read.commit : nil
    }

    /// How a push's PUT of one card ended.
    enum Put {
        case stored(SyncedItem)
        /// Changed on the server again meanwhile, twice: the next sync tries once more.
        case left
        /// Refused by the server (said in a warning): the next sync tries again.
        case refused
    }

    /// PUT of one card, over the resource as last seen. A 412 (changed or created there
    /// meanwhile) reads it again, merges it into the card as a pull would, and tries once
    /// more. A refusal is said, located at the resource, naming the card and the server's answer.
    /// A card whose resource the ledger forgot (archived, deleted or undone, now back) gets
    /// its to-do written over that resource (`forgotten`), with what other apps put there.
    private mutating func write(_ stored: StoredCard, item: SyncedItem?, uid known: String?,
                                forgotten: String?, onBoard: Set<String>) async throws(SyncError) -> Put {
        var item = item
        var card = stored
        for _ in 0..<2 {
            let href = item?.href ?? collection.href(forCard: card.card.id)
            // A new resource gets the UID the card's to-do had (another app's, through an
            // undo and redo or an archive and restore), else boardkit's own. (A resource
            // written over keeps its own UID; the ledger's, filled in by the pull, is recorded.)
            let uid = item?.uid ?? known ?? "\(card.card.id).todo@\(header.id).boardkit"
            // Its times are the card's own: LAST-MODIFIED and DTSTAMP its last change (never
            // earlier than the resource had), COMPLETED its completion, not the push's time.
            let changed = try BoardSync.stored { try store.lastChanged(card: card.card.id) }
            let text = ICSTodoResource.render(card.card, board: header, uid: uid,
                                              linkUID: { [uids, onBoard] in uids.uid(of: $0, cards: onBoard) }, alarms: remote.alarms ?? [],
                                              stamp: changed ?? card.card.created ?? options.now, over: item?.resource ?? forgotten)
            switch try await collection.put(href, text, ifMatch: item?.etag ?? (item == nil ? nil : "*")) {
            case .stored(let etag):
                return .stored(SyncedItem(card: card.card.id, href: href, etag: etag, base: SyncFields.values(of: card.card), resource: text, uid: uid))
            case .refused(let status, let answer):
                report.warnings.append(Diagnostic(SyncCaution.pushRefused(card: "#\(card.number) '\(card.card.title)'",
                                                                          status: HTTPStatusText.describe(status), answer: answer),
                                                  at: SourceLocation(file: collection.absolute(href))))
                return .refused
            case .changedMeanwhile:
                guard let (seen, todo, now) = try await readAgain(href, into: card.card.id, base: item?.base) else { return .left }
                card = now
                // Nothing of the card's left to send: the server has it all.
                if SyncFields.values(of: card.card) == SyncFields.values(of: todo, on: header) { return .stored(seen) }
                item = seen
            }
        }
        return .left
    }

    /// How a push's delete of a to-do ended.
    enum Deletion {
        case deleted
        /// Edited on the server since it was last read: the card came back instead.
        case cameBack
        /// Changed there again meanwhile: the next sync tries once more.
        case left
    }

    /// DELETE with the tag last seen. Changed there since: a to-do whose synced values were
    /// edited brings its card back (as a pull would); one changed otherwise (another app's
    /// own properties) is deleted as it is now, and so is one that is no to-do any more (a
    /// resource already gone answers 404, which counts as deleted).
    private mutating func deleteResource(_ item: SyncedItem, of stored: StoredCard) async throws(SyncError) -> Deletion {
        if case .stored = try await collection.delete(item.href, ifMatch: item.etag) { return .deleted }
        let seen = try await readAgain(item.href, into: stored.card.id, base: item.base)
        if let now = seen?.2, now.present && !now.card.archived { return .cameBack }
        if case .stored = try await collection.delete(item.href, ifMatch: seen?.0.etag) { return .deleted }
        return .left
    }

    /// After a 412: the resource read again and taken into the card (one step, the ledger
    /// remembering it as read), the merge decided on the card as that step's own write sees it
    /// (a page or terminal edit made since the push read the card is merged, not written
    /// over); the ledger item, the to-do and the card as they are now. Nil when the resource
    /// is gone or is no to-do.
    private mutating func readAgain(_ href: String, into card: String, base: [String: FieldValue]?)
        async throws(SyncError) -> (SyncedItem, ICSTodoResource.Todo, StoredCard)? {
        let fetched = try await collection.fetch([href])[collection.normalized(href)]
        guard let fetched, let read = read(fetched.text, at: href) else { return nil }
        let todo = uids.naming(read)
        let seen = SyncedItem(card: card, href: href, etag: fetched.etag, base: [:], resource: fetched.text, uid: todo.uid)
        let (applied, merged) = try BoardSync.stored {
            try store.recordSync(by: step) { [session = self] (draft: SyncDraft) throws(StoreError) -> (SyncWrite, (SyncSession, SyncedItem, StoredCard)?) in
                // A card never leaves the store's table (a deleted one stays, not present).
                guard let stored = try draft.card(id: card) else { return (SyncWrite(), nil) }
                var session = session, seen = seen
                let taken = try session.takeIn(todo, at: href, into: stored, base: base, draft: draft)
                seen.base = taken.agreed
                return (SyncWrite(edits: taken.edits, save: [seen]), (session, seen, stored))
            }
        }
        guard let (session, seen, stored) = merged else { return nil }
        report = session.report
        report.pulled += applied?.events ?? []
        return (seen, todo, applied?.cards.last { $0.card.id == card } ?? stored)
    }
}
