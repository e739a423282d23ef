import BoardModel
import BoardStore

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
