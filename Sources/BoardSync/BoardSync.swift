// BoardSync: two-way sync of a boardkit store with a CalDAV to-do collection. Each card is
// one VTODO resource (ICSTodoResource writes and reads it); the store's sync ledger keeps,
// per card, the resource's href, entity tag and text and the values both sides last agreed
// on, so a sync is a three-way merge (FieldMerge) per card. Remote changes become one undo
// step in the store's log (actor: the server user); local changes are PUT with If-Match.
//
// One sync's steps, each a file: SyncSession (its order), SyncPull, SyncMerge, SyncPush,
// SyncRecord (the token remembered at the end).
import BoardICS
import BoardModel
import BoardStore
import Foundation

/// `boardkit sync`: one pass of pull, merge and push.
public enum BoardSync {
    /// One sync of `store` as `options` say: what it did. Stopped by an error, it says what it
    /// had warned of by then (`SyncStopped`).
    public static func run(_ store: BoardStore, options: SyncOptions) async throws(SyncStopped) -> SyncReport {
        var warned: [Diagnostic] = []
        do throws(SyncError) {
            return try await sync(store, options: options, warned: &warned)
        } catch {
            throw SyncStopped(error: error, warnings: warned)
        }
    }

    /// The sync; `warned` is its warnings so far when it throws.
    private static func sync(_ store: BoardStore, options: SyncOptions, warned: inout [Diagnostic]) async throws(SyncError) -> SyncReport {
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
        // The remote as remembered (its token, last sync and what was pushed) when it is the
        // same collection, with the user and reminders this sync uses.
        var remote = SyncRemote(url: url.absoluteString, user: user)
        if let remembered, remembered.url == remote.url { remote = remembered }
        (remote.user, remote.alarms) = (user, options.alarms ?? remembered?.alarms)
        var session = try SyncSession(store: store, collection: CalDAVCollection(client: client), options: options,
                                      remote: remote, remembered: remembered)
        // New reminders go into every to-do, changed or not.
        session.alarmsChanged = (session.remote.alarms ?? []) != (remembered?.alarms ?? [])
        do {
            let report = try await session.run()
            await client.shutdown()
            return report
        } catch {
            warned = session.report.warnings
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
