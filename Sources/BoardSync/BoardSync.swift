// BoardSync: two-way sync of a boardkit store with a CalDAV to-do collection. Each card is
// one VTODO resource (ICSTodoResource writes and reads it); the store's sync ledger keeps,
// per card, the resource's href, entity tag and text and the values both sides last agreed
// on, so a sync is a three-way merge (FieldMerge) per card. Remote changes become one undo
// step in the store's log (actor: the server user); local changes are PUT with If-Match.
import BoardEditing
import BoardICS
import BoardModel
import BoardStore
import Foundation
import BoardIO

/// How to sync: with whom, as whom, and what to write.
public struct SyncOptions: Sendable {
    /// The collection; nil: the one the store remembers.
    public var url: String?
    public var user: String?
    /// Never from the command line: a file's first line or `$BOARDKIT_CALDAV_PASSWORD`.
    public var password: String?
    public var insecure = false
    /// Work out and say what would change, both ways; change nothing.
    public var dryRun = false
    /// Reminders before the due date (`-P1D`), written into each to-do and remembered as a
    /// setting of the remote; nil keeps the remembered ones ([] removes them).
    public var alarms: [String]?
    /// Delete the cards of to-dos gone from the server even when all or most of them went
    /// (`RemoteLoss`); without it such a sync is refused.
    public var forceDelete = false
    /// Sync with the collection as a new one: forget what the store remembers of the remote
    /// it synced with (which to-do is which card, the token), put every card there, take
    /// its to-dos as they come; nothing is deleted on either side.
    public var newRemote = false
    public var now: Instant

    public init(url: String? = nil, user: String? = nil, password: String? = nil, insecure: Bool = false,
                dryRun: Bool = false, alarms: [String]? = nil, forceDelete: Bool = false, newRemote: Bool = false,
                now: Instant = .now()) {
        self.url = url
        self.user = user
        self.password = password
        self.insecure = insecure
        self.dryRun = dryRun
        self.alarms = alarms
        self.forceDelete = forceDelete
        self.newRemote = newRemote
        self.now = now
    }
}

/// What a sync did (or, for a dry run, would do).
public struct SyncReport: Sendable {
    public var url: String
    /// The remote's changes as the store's events (for a dry run: none; see `planned`).
    public var pulled: [LogEvent] = []
    /// Cards new from the remote, changed by it, deleted by it.
    public var added = 0, updated = 0, deleted = 0
    /// Resources written: new, updated; deleted (archived or deleted cards).
    public var created = 0, pushed = 0, removed = 0
    /// Fields changed on both sides (each is in the history as a conflict).
    public var conflicts = 0
    /// To-dos not written or deleted because the server changed them again meanwhile, twice:
    /// the next sync takes them up.
    public var left = 0
    /// To-dos the server refused to take (each said in a `sync-push-refused` warning): their
    /// cards are kept as they are here, and the next sync tries again.
    public var refused = 0
    /// One line per change, for a dry run (`pull: …`, `push: …`).
    public var planned: [String] = []
    /// What reading the server's to-dos warned of (a time zone it could not know), located
    /// at each resource.
    public var warnings: [Diagnostic] = []
    public var dryRun = false
}

/// `boardkit sync`: one pass of pull, merge and push.
public enum BoardSync {
    public static func run(_ store: BoardStore, options: SyncOptions) async throws(SyncError) -> SyncReport {
        if let bad = ICSTodoResource.badAlarm(options.alarms ?? []) { throw .badAlarm(bad) }
        let (url, user, remembered) = try target(store, options)
        if let user, options.password == nil { throw .noPassword(user: user) }
        // One sync of a store at a time: two at once would each push what the other pushes
        // and count the other's 412s as their own.
        guard let lock = try stored({ try store.lock(named: "sync") }) else { throw .alreadyRunning(store: store.path) }
        defer { withExtendedLifetime(lock) {} }
        // Another collection than the one this store syncs with: its listing would say every
        // synced to-do is gone. Switching is said explicitly.
        if let old = remembered?.url, old != url.absoluteString, !options.newRemote,
           try !stored({ try store.syncedItems() }).isEmpty {
            throw .otherRemote(url: url.absoluteString, remembered: old)
        }
        let client = CalDAVClient(collection: url, user: user, password: options.password, insecure: options.insecure)
        var session = try SyncSession(store: store, collection: CalDAVCollection(client: client), options: options,
                                  remote: SyncRemote(url: url.absoluteString, user: user,
                                                     token: remembered?.url == url.absoluteString ? remembered?.token : nil,
                                                     alarms: options.alarms ?? remembered?.alarms))
        // New reminders go into every to-do, changed or not.
        session.alarmsChanged = (session.remote.alarms ?? []) != (remembered?.alarms ?? [])
        do {
            let report = try await session.run()
            await client.shutdown()
            return report
        } catch {
            await client.shutdown()
            throw error
        }
    }

    /// What a sync of `store` with `options` should warn of before it starts (a password
    /// over plain http to another machine).
    public static func cautions(_ store: BoardStore, options: SyncOptions) -> [Diagnostic] {
        guard let (url, user, _) = try? target(store, options) else { return [] }
        return RemoteURL.cautions(url.absoluteString, sendsPassword: user != nil && options.password != nil)
    }

    /// The collection and user: given, else remembered by the store.
    private static func target(_ store: BoardStore, _ options: SyncOptions) throws(SyncError)
        -> (url: URL, user: String?, remembered: SyncRemote?) {
        let remembered = try stored { try store.syncRemote() }
        guard let urlText = options.url ?? remembered?.url else { throw .noRemote }
        guard let url = URL(string: urlText.hasSuffix("/") ? urlText : urlText + "/"),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw .badURL(RemoteURL.redacted(urlText))
        }
        // A password in the URL would be printed in every summary and kept in the store.
        if url.user != nil || url.password != nil { throw .credentialsInURL(url: RemoteURL.redacted(urlText)) }
        return (url, options.user ?? remembered?.user, remembered)
    }

    /// Runs a store call, its `StoreError` as the sync's.
    @discardableResult
    static func stored<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(.database(path: "", message: "\(error)"))
        }
    }
}

/// One sync's work, in order: check the collection, pull what changed there, merge it into
/// the store (one step), push what changed here, remember the new token.
struct SyncSession {
    let store: BoardStore
    let collection: CalDAVCollection
    let options: SyncOptions
    var remote: SyncRemote
    var report: SyncReport
    /// What a dry run's pull would have done to a card (it changes nothing), so that its push
    /// plans what the real run's would: nothing for a card the pull deletes, and a card's
    /// values after the pull against the base the pull would remember.
    var pulledInDryRun: [String: DryPull] = [:]
    /// The reminders differ from those the to-dos were last written with: every one is pushed.
    var alarmsChanged = false

    enum DryPull {
        case deleted
        /// `returned`: a card archived or deleted here that the pull brings back (its to-do
        /// edited on the server meanwhile).
        case merged(values: [String: FieldValue], base: [String: FieldValue], returned: Bool)
        /// Deleted on the server: the ledger forgets the to-do; the push puts it back for a card
        /// edited here, and has none to delete for a card archived or deleted here.
        case forgotten
    }
    let header: Board
    /// Pushes are remembered in the ledger in batches of this many (and at the end): a sync
    /// killed half-way finds the rest still to push, and a repeated PUT is harmless.
    static let batch = 100

    init(store: BoardStore, collection: CalDAVCollection, options: SyncOptions, remote: SyncRemote) throws(SyncError) {
        self.store = store
        self.collection = collection
        self.options = options
        self.remote = remote
        self.report = SyncReport(url: remote.url, dryRun: options.dryRun)
        self.header = try BoardSync.stored { try store.header() }
    }

    var actor: String { remote.user ?? "caldav" }

    mutating func run() async throws(SyncError) -> SyncReport {
        let currentToken = try await collection.describe()
        if options.newRemote {
            remote.token = nil
            if !options.dryRun {
                // Forgotten before anything else: a run cut off after this goes on with the
                // new remote, never back to the old one's ledger.
                let all = try BoardSync.stored { try store.syncedItems() }.map(\.card)
                try BoardSync.stored { try store.recordSync([], by: step, save: [], forget: all, remote: remote) }
            }
        }
        var newToken = try await pull(currentToken: currentToken)
        try await push()
        if !options.dryRun {
            // Nothing written: the pull's token covers everything (no second request).
            if report.created + report.pushed + report.removed > 0 { newToken = try await tokenAfterPush(newToken) }
            remote.token = newToken
            remote.lastSync = options.now
            try BoardSync.stored { try store.recordSync([], by: step, save: [], forget: [], remote: remote) }
        }
        return report
    }

    var step: StepInfo { StepInfo(actor: actor, command: "sync") }

    /// The token to remember: the one after our own pushes when everything that changed
    /// since the pull's token is ours (the tags the ledger now holds); else the pull's, so
    /// the next sync still sees what someone else changed meanwhile. (Kept from before the
    /// pushes, a token would hide a resource another app made and deleted after it while we
    /// pushed: some servers report no change for such a resource.)
    private func tokenAfterPush(_ token: String?) async throws(SyncError) -> String? {
        guard let token, let after = try await collection.changes(since: token) else { return token }
        let ledger = try BoardSync.stored { try store.syncedItems() }
        let tags = Dictionary(ledger.map { (collection.normalized($0.href), $0.etag) }, uniquingKeysWith: { a, _ in a })
        let onlyOurs = after.changed.allSatisfy { entry in
            guard let etag = entry.etag, let known = tags[collection.normalized(entry.href)] else { return false }
            return known == etag
        } && after.removed.allSatisfy { tags[collection.normalized($0)] == nil }
        return onlyOurs ? after.token ?? token : token
    }

    // MARK: Pull

    /// What the store remembers of the remote's resources (nothing when syncing with it as a
    /// new remote: a dry run has not forgotten it yet).
    private func ledger() throws(SyncError) -> [SyncedItem] {
        options.newRemote && options.dryRun ? [] : try BoardSync.stored { try store.syncedItems() }
    }

    /// Brings the remote's changes into the store; the sync token that covers them.
    private mutating func pull(currentToken: String?) async throws(SyncError) -> String? {
        let ledger = try ledger()
        let byHref = Dictionary(ledger.map { (collection.normalized($0.href), $0) }, uniquingKeysWith: { a, _ in a })
        var changed: [CalDAVCollection.Listed], removed: [String], token: String?
        if let known = remote.token, let changes = try await collection.changes(since: known) {
            (changed, removed, token) = (changes.changed, changes.removed, changes.token ?? currentToken)
        } else {
            // No token yet, or the server forgot it, or has no sync-collection: compare tags.
            let listing = try await collection.listing()
            let listed = Set(listing.map { collection.normalized($0.href) })
            changed = listing
            removed = ledger.map(\.href).filter { !listed.contains(collection.normalized($0)) }
            token = currentToken
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
        let cards = try BoardSync.stored { try store.cardsForSync() }
        let byID = Dictionary(cards.map { ($0.card.id, $0) }, uniquingKeysWith: { a, _ in a })
        var edits: [CardEdit] = [], forgets: [String] = []
        // A ledger from before schema 5 has no UIDs apart from its resources': kept now, so
        // an archive or undo that forgets a resource keeps its to-do's identity.
        var saves: [SyncedItem] = ledger.compactMap { item in
            guard item.uid == nil, let uid = ICSTodoResource.uid(in: item.resource) else { return nil }
            return SyncedItem(card: item.card, href: item.href, etag: item.etag, base: item.base, resource: item.resource, uid: uid)
        }

        for entry in changed {
            let key = collection.normalized(entry.href)
            guard let fetched = texts[key], let todo = read(fetched.text, at: entry.href) else { continue }
            let etag = fetched.etag ?? entry.etag
            let item = byHref[key]
            // One the ledger does not know may still be this store's (a push whose reply was
            // lost, a sync cut off before it remembered): found by its UID, with no base.
            if let stored = item.map({ byID[$0.card] }) ?? ownResource(todo, byID: byID) {
                let taken = takeIn(todo, at: entry.href, into: stored, base: item?.base)
                edits += taken.edits
                saves.append(SyncedItem(card: stored.card.id, href: entry.href, etag: etag, base: taken.agreed, resource: fetched.text, uid: todo.uid))
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
                edits.append(.add(card))
                report.added += 1
                report.planned.append("pull: new card '\(card.title)' from another app")
                saves.append(SyncedItem(card: card.id, href: entry.href, etag: etag, base: SyncFields.agreed(todo, on: header), resource: fetched.text, uid: todo.uid))
            }
        }
        for href in removed {
            guard let item = byHref[collection.normalized(href)] else { continue }
            forgets.append(item.card)
            // A card archived or deleted here: its to-do is one the push deletes, and may have
            // (its reply lost, or the sync cut off after it). Gone there is ours; the card stays.
            guard let stored = byID[item.card], stored.present, !stored.card.archived else {
                pulledInDryRun[item.card] = .forgotten
                continue
            }
            if let editor = editedHere(stored, since: item.base) {
                // Edited here since the last sync: the edit wins over the delete there, and
                // the push puts the to-do back.
                edits.append(.recordConflict(card: item.card, .keptAfterRemoteDelete(editedBy: editor.actor)))
                pulledInDryRun[item.card] = .forgotten
                report.conflicts += 1
                report.planned.append("conflict: #\(stored.number) '\(stored.card.title)' deleted on the server, edited here: kept, its to-do put back")
                continue
            }
            edits.append(.delete(card: item.card))
            pulledInDryRun[item.card] = .deleted
            report.deleted += 1
            report.planned.append("pull: delete #\(stored.number) '\(stored.card.title)' (deleted on the server)")
        }
        guard !options.dryRun else { return token }
        if let applied = try BoardSync.stored({ try store.recordSync(edits, by: step, save: saves, forget: forgets, remote: remote) }) {
            report.pulled = applied.events
        }
        return token
    }

    /// A resource's to-do, read in the board's zone; its warnings go into the report.
    private mutating func read(_ text: String, at href: String) -> ICSTodoResource.Todo? {
        let todo = ICSTodoResource.read(text, zone: header.timeZone, name: collection.absolute(href))
        report.warnings += todo?.warnings ?? []
        return todo
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
    private mutating func takeIn(_ todo: ICSTodoResource.Todo, at href: String, into stored: StoredCard,
                                 base: [String: FieldValue]?) -> TakenIn {
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
                ? (try? store.lastDeletion(card: stored.card.id)) ?? nil
                : (try? store.lastChange(card: stored.card.id, field: "archived")) ?? nil
            edits.append(removal == .deleted ? .undelete(card: stored.card.id) : .restore(card: stored.card.id))
            edits.append(.recordConflict(card: stored.card.id, .cameBack(after: removal, by: remover?.actor)))
            report.conflicts += 1
            report.planned.append("conflict: #\(stored.number) '\(stored.card.title)' \(removal.rawValue) here, edited on the server: brought back")
        }
        var merge = merge(stored, base: base, remote: mergedRemote, remoteTime: todo.card.updated)
        for (field, problem) in refused.sorted(by: { $0.key < $1.key }) {
            merge.conflicts.append(SyncConflict(field: field, kept: values[field], lost: remoteValues[field], loser: .remote,
                                                localActor: (try? store.lastChange(card: stored.card.id, field: field))??.actor,
                                                refusal: problem.code))
            report.warnings.append(Diagnostic(SyncCaution.refusedValue(card: "#\(stored.number) '\(stored.card.title)'", field: field, problem: problem),
                                              at: SourceLocation(file: collection.absolute(href))))
        }
        edits += SyncFields.edits(merge.toLocal, to: stored.card, completed: todo.card.completed)
        edits += merge.conflicts.map { CardEdit.recordConflict(card: stored.card.id, $0) }
        record(merge, card: stored)
        for (field, value) in merge.toLocal { values[field] = value }
        return TakenIn(edits: edits, agreed: agreed, values: values, returned: removal != nil && editedThere)
    }

    /// The newest change here to a synced field whose value differs from `base`, if any.
    private func editedHere(_ stored: StoredCard, since base: [String: FieldValue]) -> LocalChange? {
        let values = SyncFields.values(of: stored.card)
        let changed = SyncFields.names.filter { values[$0] != base[$0] }
        guard !changed.isEmpty else { return nil }
        let changes = changed.compactMap { (try? store.lastChange(card: stored.card.id, field: $0)) ?? nil }
        return changes.max { $0.at < $1.at } ?? LocalChange(at: options.now, actor: nil)
    }

    private func merge(_ stored: StoredCard, base: [String: FieldValue]?, remote: [String: FieldValue],
                       remoteTime: Instant?) -> FieldMerge {
        let local = SyncFields.values(of: stored.card)
        var changes: [String: LocalChange?] = [:]
        func lastChange(_ field: String) -> LocalChange? {
            if let known = changes[field] { return known }
            let found = (try? store.lastChange(card: stored.card.id, field: field)) ?? nil
            changes[field] = .some(found)
            return found
        }
        return FieldMerge.merge(base: base, local: local, remote: remote, remoteIsLater: { field in
            // The later change wins; a remote to-do that says nothing of its time counts as now.
            guard let localTime = lastChange(field)?.at else { return true }
            return !((remoteTime ?? options.now) < localTime)
        }, localActor: { field in lastChange(field)?.actor })
    }

    private mutating func record(_ merge: FieldMerge, card: StoredCard) {
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

    // MARK: Push

    /// Writes the cards that changed here since the last sync; deletes the resources of
    /// cards archived or deleted here.
    private mutating func push() async throws(SyncError) {
        let ledger = try ledger()
        let byCard = Dictionary(ledger.map { ($0.card, $0) }, uniquingKeysWith: { a, _ in a })
        let cards = try BoardSync.stored { try store.cardsForSync() }
        let uids = try BoardSync.stored { try store.syncUIDs() }
        var saves: [SyncedItem] = [], forgets: [String] = []
        ProgressMeter.active.start(.sending, total: cards.count)
        defer { ProgressMeter.active.stop() }
        // What the server took is remembered in batches, and when the push stops on an error:
        // a fault after a hundred PUTs must not make the next sync send them again.
        func remember() throws(SyncError) {
            guard !options.dryRun, !(saves.isEmpty && forgets.isEmpty) else { return }
            try BoardSync.stored { try store.recordSync([], by: step, save: saves, forget: forgets, remote: nil) }
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
                    switch options.dryRun ? nil : try await write(stored, item: item, uid: uids[stored.card.id]) {
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
            try? remember()
            throw error
        }
        try remember()
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
    private mutating func write(_ stored: StoredCard, item: SyncedItem?, uid known: String?) async throws(SyncError) -> Put {
        var item = item
        var card = stored
        for _ in 0..<2 {
            let href = item?.href ?? collection.href(forCard: card.card.id)
            // A new resource gets the UID the card's to-do had (another app's, through an
            // undo and redo or an archive and restore), else boardkit's own. (A resource
            // written over keeps its own UID; the ledger's, filled in by the pull, is recorded.)
            let uid = item?.uid ?? known ?? "\(card.card.id).todo@\(header.id).boardkit"
            let text = ICSTodoResource.render(card.card, board: header, uid: uid,
                                              alarms: remote.alarms ?? [], stamp: options.now, over: item?.resource)
            switch try await collection.put(href, text, ifMatch: item?.etag ?? (item == nil ? nil : "*")) {
            case .stored(let etag):
                return .stored(SyncedItem(card: card.card.id, href: href, etag: etag, base: SyncFields.values(of: card.card), resource: text, uid: uid))
            case .refused(let status, let answer):
                report.warnings.append(Diagnostic(SyncCaution.pushRefused(card: "#\(card.number) '\(card.card.title)'",
                                                                          status: HTTPStatusText.describe(status), answer: answer),
                                                  at: SourceLocation(file: collection.absolute(href))))
                return .refused
            case .changedMeanwhile:
                guard let (seen, todo, now) = try await readAgain(href, into: card, base: item?.base) else { return .left }
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
        let seen = try await readAgain(item.href, into: stored, base: item.base)
        if let now = seen?.2, now.present && !now.card.archived { return .cameBack }
        if case .stored = try await collection.delete(item.href, ifMatch: seen?.0.etag) { return .deleted }
        return .left
    }

    /// After a 412: the resource read again and taken into the card (one step, the ledger
    /// remembering it as read); the ledger item, the to-do and the card as they are now. Nil
    /// when the resource is gone or is no to-do.
    private mutating func readAgain(_ href: String, into card: StoredCard, base: [String: FieldValue]?)
        async throws(SyncError) -> (SyncedItem, ICSTodoResource.Todo, StoredCard)? {
        let fetched = try await collection.fetch([href])[collection.normalized(href)]
        guard let fetched, let todo = read(fetched.text, at: href) else { return nil }
        let taken = takeIn(todo, at: href, into: card, base: base)
        let seen = SyncedItem(card: card.card.id, href: href, etag: fetched.etag, base: taken.agreed, resource: fetched.text, uid: todo.uid)
        let applied = try BoardSync.stored { try store.recordSync(taken.edits, by: step, save: [seen], forget: [], remote: nil) }
        report.pulled += applied?.events ?? []
        return (seen, todo, applied?.cards.last ?? card)
    }
}
