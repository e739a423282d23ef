import BoardModel

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
