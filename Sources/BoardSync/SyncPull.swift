import BoardICS
import BoardIO
import BoardModel
import BoardStore

/// The pull: what changed on the server since the last sync, merged card by card (SyncMerge)
/// and recorded as one step of the store with the ledger's new tags and bases.
extension SyncSession {
    /// Brings the remote's changes into the store; the sync token that covers them.
    /// `currentToken` is the collection's token as the sync began, when it asked for it (nil:
    /// not asked, as a sync with a token of its own does not; asked here when it turns out
    /// to be needed).
    mutating func pull(currentToken: String?) async throws(SyncError) -> String? {
        // The server is asked first and the ledger read while it answers: a server computes
        // a sync-collection REPORT over every resource it holds (Radicale: 0.6 s at 5,000).
        let (collection, known) = (self.collection, remote.token)
        async let asked = Self.changes(in: collection, since: known)
        let ledger = try ledger()
        let byHref = Dictionary(ledger.map { (collection.normalized($0.href), $0) }, uniquingKeysWith: { a, _ in a })
        var changed: [CalDAVCollection.Listed], removed: [String], token: String?
        if let changes = try await asked.get() {
            // (A server whose REPORT gives no token leaves none, unless one was asked for at the
            // start: one asked for now could hide a change made since the REPORT.)
            (changed, removed, token) = (changes.changed, changes.removed, changes.token ?? currentToken)
        } else {
            // No token yet, or the server forgot it, or has no sync-collection: compare tags.
            // The token is the one from before the listing, so the next sync sees what
            // changes after it.
            var before = currentToken
            if before == nil { before = try await collection.currentToken() }
            let listing = try await collection.listing()
            let listed = Set(listing.map { collection.normalized($0.href) })
            changed = listing
            removed = ledger.map(\.href).filter { !listed.contains(collection.normalized($0)) }
            token = before
        }
        // A server that lists none, or few, of the to-dos it had is more likely emptied or
        // replaced than cleared by hand: its cards are not deleted unless asked.
        let gone = Set(removed.map(collection.normalized)).intersection(byHref.keys).count
        if let loss = RemoteLoss(gone: gone, remembered: byHref.count), !options.forceDelete {
            throw .remoteEmptied(url: remote.url, loss: loss)
        }
        // Resources whose tag is the one remembered are ours, as last written or read.
        changed.removeAll { entry in
            guard let etag = entry.etag, let item = byHref[collection.normalized(entry.href)] else { return false }
            return item.etag == etag
        }
        ProgressMeter.active.start(.receiving, total: changed.count)
        let texts = try await collection.fetch(changed.map(\.href))
        var pulled: [Pulled] = []
        for entry in changed {
            guard let fetched = texts[collection.normalized(entry.href)], let todo = read(fetched.text, at: entry.href) else { continue }
            pulled.append(Pulled(href: entry.href, etag: fetched.etag ?? entry.etag, text: fetched.text, todo: todo))
        }
        // A ledger from before schema 5 has no UIDs apart from its resources': kept now, so
        // an archive or undo that forgets a resource keeps its to-do's identity.
        let named: [SyncedItem] = ledger.compactMap { item in
            guard item.uid == nil, let uid = ICSTodoResource.uid(in: item.resource) else { return nil }
            return SyncedItem(card: item.card, href: item.href, etag: item.etag, base: item.base, resource: item.resource, uid: uid)
        }
        pulledNothing = pulled.isEmpty && removed.isEmpty && named.isEmpty
        // Nothing to take in and the remote as the store has it: no write at all.
        if pulledNothing && remote == remembered { return token }
        let store = self.store
        if options.dryRun {
            _ = try BoardSync.stored {
                try store.planSync { (draft: SyncDraft) throws(StoreError) -> SyncWrite in
                    try self.merge(pulled, removed: removed, ledger: byHref, saving: named, draft: draft)
                }
            }
            return token
        }
        // Decided inside the write that applies it: a page or terminal edit made while the
        // server answered is merged as an edit here, never written over.
        let (applied, merged) = try BoardSync.stored {
            try store.recordSync(by: step) { [session = self] (draft: SyncDraft) throws(StoreError) -> (SyncWrite, SyncSession) in
                var session = session
                let write = try session.merge(pulled, removed: removed, ledger: byHref, saving: named, draft: draft)
                return (write, session)
            }
        }
        // The UIDs of the cards the pull made name them in the push's RELATED-TOs.
        (report, pulledInDryRun, uids) = (merged.report, merged.pulledInDryRun, merged.uids)
        report.pulled = applied?.events ?? []
        return token
    }

    /// What changed in `collection` since `token` (nil: no token to ask with, or the server
    /// cannot say), as a value an `async let` can hold.
    private static func changes(in collection: CalDAVCollection, since token: String?) async
        -> Result<CalDAVCollection.Changes?, SyncError> {
        guard let token else { return .success(nil) }
        do throws(SyncError) {
            return .success(try await collection.changes(since: token))
        } catch {
            return .failure(error)
        }
    }

    /// A resource the pull read: where, its tag, its text and its to-do.
    struct Pulled {
        var href: String
        var etag: String?
        var text: String
        var todo: ICSTodoResource.Todo
    }

    /// The pull's merge, on the store as `draft` sees it: each to-do read (`pulled`) taken
    /// into its card, or made a card; each resource gone there (`removed`) deleting its card
    /// unless the card was edited here since. What the store must write; the report and a
    /// dry run's plan say the rest.
    private mutating func merge(_ pulled: [Pulled], removed: [String], ledger byHref: [String: SyncedItem],
                                saving named: [SyncedItem], draft: SyncDraft) throws(StoreError) -> SyncWrite {
        // Every card is read only when something came from the server: this runs inside the
        // store's write, which a sync with nothing to take would otherwise hold while it read
        // the whole board.
        let byID = pulled.isEmpty && removed.isEmpty ? [:]
            : Dictionary(try draft.cards().map { ($0.card.id, $0) }, uniquingKeysWith: { a, _ in a })
        var write = SyncWrite(save: named, remote: remote.beforePush(remembered: remembered))
        // A to-do another app made becomes a card: its UID names that card from now on, so a
        // sub-task pulled with it (before or after) links to it.
        for entry in pulled where byHref[collection.normalized(entry.href)] == nil && ownResource(entry.todo, byID: byID) == nil {
            uids.add(card: Self.cardID(for: entry.todo, board: header, taken: byID), uid: entry.todo.uid)
        }
        var added: [Card] = []
        for entry in pulled {
            let todo = uids.naming(entry.todo)
            let item = byHref[collection.normalized(entry.href)]
            // One the ledger does not know may still be this store's (a push whose reply was
            // lost, a sync cut off before it remembered): found by its UID, with no base.
            if let stored = item.map({ byID[$0.card] }) ?? ownResource(todo, byID: byID) {
                let taken = try takeIn(todo, at: entry.href, into: stored, base: item?.base, draft: draft)
                write.edits += taken.edits
                write.save.append(SyncedItem(card: stored.card.id, href: entry.href, etag: entry.etag, base: taken.agreed, resource: entry.text, uid: todo.uid))
                if options.dryRun, stored.present || taken.returned {
                    pulledInDryRun[stored.card.id] = .merged(values: taken.values, base: taken.agreed, returned: taken.returned)
                }
            } else if let (field, problem) = SyncFields.refused(SyncFields.values(of: todo, on: header)).min(by: { $0.key < $1.key }) {
                // Left on the server as it is, and said: the next sync that sees it changed takes it.
                report.warnings.append(Diagnostic(SyncCaution.refusedTodo(field: field, problem: problem),
                                                  at: SourceLocation(file: collection.absolute(entry.href))))
                report.planned.append("pull: not taken: the to-do at \(entry.href) (its \(field) \(problem.sentence))")
            } else {
                // A to-do made in another app: a new card, in the first state of its status.
                var card = todo.card
                card.id = Self.cardID(for: todo, board: header, taken: byID)
                card.state = SyncFields.state(of: todo, on: header)
                card.position = nil
                card.archived = false
                write.edits.append(.add(card))
                added.append(card)
                report.added += 1
                report.planned.append("pull: new card '\(card.title)' from another app")
                write.save.append(SyncedItem(card: card.id, href: entry.href, etag: entry.etag, base: SyncFields.agreed(todo, on: header),
                                             resource: entry.text, uid: todo.uid))
            }
        }
        // The other side of a new card's links (a phone's sub-task names its parent only),
        // once every new card is in. Linking is idempotent: a side already there stays one.
        let addedIDs = Set(added.map(\.id))
        for card in added {
            for link in card.links {
                guard let inverse = link.type.inverse, addedIDs.contains(link.card) || byID[link.card]?.present == true else { continue }
                write.edits.append(.update(card: link.card, CardPatch(conversation: [.link(CardLink(inverse, card.id))])))
            }
        }
        for href in removed {
            guard let item = byHref[collection.normalized(href)] else { continue }
            write.forget.append(item.card)
            // A card archived or deleted here: its to-do is one the push deletes, and may have
            // (its reply lost, or the sync cut off after it). Gone there is ours; the card stays.
            guard let stored = byID[item.card], stored.present, !stored.card.archived else {
                pulledInDryRun[item.card] = .forgotten
                continue
            }
            if let editor = try editedHere(stored, since: item.base, draft: draft) {
                // Edited here since the last sync: the edit wins over the delete there, and
                // the push puts the to-do back.
                write.edits.append(.recordConflict(card: item.card, .keptAfterRemoteDelete(editedBy: editor.actor)))
                pulledInDryRun[item.card] = .forgotten
                report.conflicts += 1
                report.planned.append("conflict: #\(stored.number) '\(stored.card.title)' deleted on the server, edited here: kept, its to-do put back")
                continue
            }
            write.edits.append(.delete(card: item.card))
            pulledInDryRun[item.card] = .deleted
            report.deleted += 1
            report.planned.append("pull: delete #\(stored.number) '\(stored.card.title)' (deleted on the server)")
        }
        return write
    }

    /// A card whose resource the ledger does not know (a sync cut off before it remembered
    /// it): one this store made (the UID boardkit gives it) or one it took from the server
    /// before (the id a UID gives).
    private func ownResource(_ todo: ICSTodoResource.Todo, byID: [String: StoredCard]) -> StoredCard? {
        let suffix = ".todo@\(header.id).boardkit"
        if todo.uid.hasSuffix(suffix), let card = byID[String(todo.uid.dropLast(suffix.count))] { return card }
        return byID[Self.foreignID(todo.uid)]
    }

    /// The id of a card made from another app's to-do: the same UID always gives the same id.
    static func foreignID(_ uid: String) -> String {
        StableID.make(prefix: "t-", from: [uid])
    }

    /// A new card's id: the one boardkit put in the UID, else one made from the UID (the
    /// same to-do always gives the same card).
    static func cardID(for todo: ICSTodoResource.Todo, board: Board, taken: [String: StoredCard]) -> String {
        let suffix = ".todo@\(board.id).boardkit"
        if todo.uid.hasSuffix(suffix) {
            let id = String(todo.uid.dropLast(suffix.count))
            if !id.isEmpty, taken[id] == nil { return id }
        }
        return foreignID(todo.uid)
    }
}
