import BoardModel
import BoardIO

/// What a store remembers of its sync with a remote to-do list (CalDAV): where it is, who
/// signs in, the server's sync token, and for each card synced the resource it is, the
/// resource's entity tag and text as last seen, and the card's values both sides last
/// agreed on (the base of a three-way merge). The password is never kept.
public struct SyncRemote: Sendable, Equatable {
    public var url: String
    public var user: String?
    /// RFC 6578 sync token of the last completed sync (nil: none yet, or no support).
    public var token: String?
    public var lastSync: Instant?
    /// The reminders written into every to-do (`--alarm` durations such as `-P1D`): a setting
    /// of the remote, kept until changed (nil: never set).
    public var alarms: [String]?

    public init(url: String, user: String?, token: String? = nil, lastSync: Instant? = nil, alarms: [String]? = nil) {
        self.url = url
        self.user = user
        self.token = token
        self.lastSync = lastSync
        self.alarms = alarms
    }
}

/// One card's remote resource, as of the last sync.
public struct SyncedItem: Sendable, Equatable {
    /// The card's id.
    public var card: String
    /// The resource's URL, as the server names it (usually a path).
    public var href: String
    public var etag: String?
    /// The synced fields' values both sides last agreed on, by `FieldChange` name.
    public var base: [String: FieldValue]
    /// The resource's iCalendar text as last read or written: a push edits it, so what
    /// other apps put there (alarms, their own properties) stays.
    public var resource: String
    /// The to-do's UID, kept with the card after the ledger forgets the resource (nil: not
    /// known yet, in a store older than schema 5).
    public var uid: String?

    public init(card: String, href: String, etag: String?, base: [String: FieldValue], resource: String, uid: String?) {
        self.card = card
        self.href = href
        self.etag = etag
        self.base = base
        self.resource = resource
        self.uid = uid
    }
}

/// The newest local change to one field of a card: when, by whom (the later side wins a
/// conflict; the history names the person).
public struct LocalChange: Sendable, Equatable {
    public var at: Instant
    public var actor: String?

    public init(at: Instant, actor: String?) {
        self.at = at
        self.actor = actor
    }
}

extension BoardStore {
    /// The remote the store syncs with, if it has synced or been told one.
    public func syncRemote() throws(StoreError) -> SyncRemote? {
        try glance { db in
            try db.first("SELECT url, \"user\", token, synced_at, alarms FROM sync_remote WHERE id = 1") { row in
                SyncRemote(url: row.text(0) ?? "", user: row.text(1), token: row.text(2),
                           lastSync: row.text(3).flatMap { ISO8601.parseInstant($0) },
                           alarms: row.text(4).map { StoredJSON.list($0) })
            }
        }
    }

    /// Every card's synced resource.
    public func syncedItems() throws(StoreError) -> [SyncedItem] {
        try read { db in
            try db.rows("""
                SELECT k.id, s.href, s.etag, s.base, s.resource, u.uid FROM sync_items s JOIN cards k ON k.number = s.card
                LEFT JOIN sync_uids u ON u.card = s.card
                """) { row in
                SyncedItem(card: row.text(0) ?? "", href: row.text(1) ?? "", etag: row.text(2),
                           base: StoredJSON.map(row.text(3)).compactMapValues { StoredJSON.value($0) },
                           resource: row.text(4) ?? "", uid: row.text(5))
            }
        }
    }

    /// The UID of every card's to-do that has had one, by card id (the ledger's and those of
    /// resources it has forgotten).
    public func syncUIDs() throws(StoreError) -> [String: String] {
        try read { db in
            let rows = try db.rows("SELECT k.id, u.uid FROM sync_uids u JOIN cards k ON k.number = u.card") {
                ($0.text(0) ?? "", $0.text(1) ?? "")
            }
            return Dictionary(rows, uniquingKeysWith: { a, _ in a })
        }
    }

    /// Cards with their presence, the deleted ones too (a sync deletes their resources).
    public func cardsForSync() throws(StoreError) -> [StoredCard] {
        try read { db in try CardRow.fetch(db, where: "ORDER BY number") }
    }

    /// The newest change to `field` of the card in the log (not undone), if any.
    public func lastChange(card: String, field: String) throws(StoreError) -> LocalChange? {
        try newest(card: card, where: "c.field = ?", field)
    }

    /// The card's deletion, if it is deleted (not undone): when, by whom.
    public func lastDeletion(card: String) throws(StoreError) -> LocalChange? {
        try newest(card: card, where: "c.kind = ?", EventType.deleted.rawValue)
    }

    private func newest(card: String, where condition: String, _ value: String) throws(StoreError) -> LocalChange? {
        try glance { db in
            try db.first("""
                SELECT c.at, c.actor FROM changes c
                WHERE c.card = (SELECT number FROM cards WHERE id = ?) AND \(condition) AND c.undone = 0 AND c.applied = 1
                ORDER BY c.seq DESC LIMIT 1
                """, [.text(card), .text(value)]) { row in
                ISO8601.parseInstant(row.text(0) ?? "").map { LocalChange(at: $0, actor: row.text(1)) }
            }
        }
    }

    /// One sync's writes to the store, in one transaction: the remote's changes as one undo
    /// step (when there are any), the ledger's items saved or forgotten, and the remote's
    /// address and token. A sync cut off before this leaves the store as it was; one cut off
    /// after it finds its pulls done and its pushes still to do.
    @discardableResult
    public func recordSync(_ edits: [CardEdit], by info: StepInfo, save items: [SyncedItem], forget: [String],
                           remote: SyncRemote?) throws(StoreError) -> AppliedStep? {
        try write { db in
            let applied = edits.isEmpty ? nil : try ChangeLog.apply(edits, info: info, in: db)
            for id in forget {
                try db.execute("DELETE FROM sync_items WHERE card = (SELECT number FROM cards WHERE id = ?)", [.text(id)])
            }
            for item in items {
                let base = StoredJSON.map(item.base.mapValues { value -> String in
                    var out: [UInt8] = []
                    JSONText.append(value, to: &out)
                    return String(decoding: out, as: UTF8.self)
                }) ?? "{}"
                // A row replaced, as SQLite's INSERT OR REPLACE would (either key), in SQL both
                // engines speak.
                try db.execute("""
                    DELETE FROM sync_items WHERE card = (SELECT number FROM cards WHERE id = ?) OR href = ?
                    """, [.text(item.card), .text(item.href)])
                try db.execute("""
                    INSERT INTO sync_items (card, href, etag, base, resource)
                    VALUES ((SELECT number FROM cards WHERE id = ?), ?, ?, ?, ?)
                    """, [.text(item.card), .text(item.href), SQLValue(item.etag), .text(base), .text(item.resource)])
                if let uid = item.uid {
                    try db.execute("DELETE FROM sync_uids WHERE card = (SELECT number FROM cards WHERE id = ?)", [.text(item.card)])
                    try db.execute("""
                        INSERT INTO sync_uids (card, uid) VALUES ((SELECT number FROM cards WHERE id = ?), ?)
                        """, [.text(item.card), .text(uid)])
                }
            }
            if let remote {
                try db.execute("DELETE FROM sync_remote WHERE id = 1")
                try db.execute("""
                    INSERT INTO sync_remote (id, url, "user", token, synced_at, alarms) VALUES (1, ?, ?, ?, ?, ?)
                    """, [.text(remote.url), SQLValue(remote.user), SQLValue(remote.token), SQLValue(remote.lastSync?.description),
                          SQLValue(remote.alarms.map(StoredJSON.text(of:)))])
            }
            return applied
        }
    }
}
