import BoardStore

/// What a sync records beyond its pull's step and its pushes (each remembered where it is
/// made): the remote forgotten when it is a new one, and at the end the token the next sync
/// starts from. Every write is the server user's step (`step`).
extension SyncSession {
    var step: StepInfo { StepInfo(actor: actor, command: "sync") }

    /// Syncing with the collection as a new remote: the store forgets what it knew of the old
    /// one before anything else, so a run cut off after this goes on with the new remote,
    /// never back to the old one's ledger.
    mutating func forgetRemote() throws(SyncError) {
        (remote.token, remote.pushedThrough) = (nil, nil)
        guard !options.dryRun else { return }
        let all = try BoardSync.stored { try store.syncedItems() }.map(\.card)
        try BoardSync.stored { try store.recordSync(save: [], forget: all, remote: remote.beforePush(remembered: remembered)) }
    }

    /// Remembers the sync as done: the token that covers it (`token`, the pull's, or the one
    /// after the pushes when they are all that changed since) and its time.
    mutating func rememberToken(_ token: String?) async throws(SyncError) {
        var token = token
        // Nothing written: the pull's token covers everything (no second request).
        if report.created + report.pushed + report.removed > 0 { token = try await tokenAfterPush(token) }
        remote.token = token
        remote.lastSync = options.now
        try BoardSync.stored { try store.recordSync(save: [], forget: [], remote: remote) }
    }

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
}

extension SyncRemote {
    /// The remote as a write before the push records it: what the push did is remembered at
    /// the sync's end (`rememberToken`). A sync cut off after its pull leaves the next one to
    /// look at every card (nothing pushed through) and the reminders as they were (new ones
    /// are remembered once every to-do has them, so the same command again writes them all).
    func beforePush(remembered: SyncRemote?) -> SyncRemote {
        var recorded = self
        recorded.pushedThrough = nil
        recorded.alarms = remembered?.url == url ? remembered?.alarms : nil
        return recorded
    }
}
