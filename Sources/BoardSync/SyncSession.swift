import BoardICS
import BoardModel
import BoardStore

/// One sync's work, in order: check the collection, pull what changed there (SyncPull),
/// merge it into the store as one step (SyncMerge), push what changed here (SyncPush),
/// remember the new token (SyncRecord).
struct SyncSession {
    let store: BoardStore
    let collection: CalDAVCollection
    let options: SyncOptions
    var remote: SyncRemote
    /// The remote as the store had it when the sync began (nil: none yet).
    let remembered: SyncRemote?
    var report: SyncReport
    /// What a dry run's pull would have done to a card (it changes nothing), so that its push
    /// plans what the real run's would: nothing for a card the pull deletes, and a card's
    /// values after the pull against the base the pull would remember.
    var pulledInDryRun: [String: DryPull] = [:]
    /// The reminders differ from those the to-dos were last written with: every one is pushed.
    var alarmsChanged = false
    /// The pull found nothing changed on the server (nothing taken in, nothing removed).
    var pulledNothing = false

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
    /// The cards' to-dos' UIDs, which a RELATED-TO names them by.
    var uids: TodoUIDs

    init(store: BoardStore, collection: CalDAVCollection, options: SyncOptions, remote: SyncRemote,
         remembered: SyncRemote?) throws(SyncError) {
        self.store = store
        self.collection = collection
        self.options = options
        self.remote = remote
        self.remembered = remembered
        self.report = SyncReport(url: remote.url, dryRun: options.dryRun)
        let header = try BoardSync.stored { try store.header() }
        self.header = header
        self.uids = TodoUIDs(board: header.id, known: try BoardSync.stored { try store.syncUIDs() })
    }

    var actor: String { remote.user ?? "caldav" }

    mutating func run() async throws(SyncError) -> SyncReport {
        // The collection's token is asked for with the check only when this sync has none to
        // ask for changes since (the first, or a new remote's); else the pull's REPORT gives it.
        let currentToken = try await collection.describe(token: remote.token == nil || options.newRemote)
        if options.newRemote { try forgetRemote() }
        let token = try await pull(currentToken: currentToken)
        if try anythingToPush() { try await push() }
        if !options.dryRun { try await rememberToken(token) }
        return report
    }

    /// What the store remembers of the remote's resources (nothing when syncing with it as a
    /// new remote: a dry run has not forgotten it yet).
    func ledger() throws(SyncError) -> [SyncedItem] {
        options.newRemote && options.dryRun ? [] : try BoardSync.stored { try store.syncedItems() }
    }

    /// A resource's to-do, read in the board's zone; its warnings go into the report.
    mutating func read(_ text: String, at href: String) -> ICSTodoResource.Todo? {
        let todo = ICSTodoResource.read(text, zone: header.timeZone, name: collection.absolute(href))
        report.warnings += todo?.warnings ?? []
        return todo
    }
}
