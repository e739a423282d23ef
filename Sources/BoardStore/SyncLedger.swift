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
    /// The store's commit up to which every card's changes are on the remote: the last full
    /// push read the cards at this commit (`SyncCards.commit`) and the server took all it
    /// sent. A card written since has a later `last_commit` (`cardsWritten(since:)`). Nil: not
    /// known (never pushed, or a push left something), so a push looks at every card.
    public var pushedThrough: Int64?

    public init(url: String, user: String?, token: String? = nil, lastSync: Instant? = nil, alarms: [String]? = nil,
                pushedThrough: Int64? = nil) {
        self.url = url
        self.user = user
        self.token = token
        self.lastSync = lastSync
        self.alarms = alarms
        self.pushedThrough = pushedThrough
    }
}

/// The cards as a push reads them, and the store's commit count in that read.
public struct SyncCards: Sendable {
    public var cards: [StoredCard]
    public var commit: Int64
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

/// What one of a sync's writes changes: the remote's changes to cards (one undo step, the
/// server user's), the ledger's items saved and forgotten (by card id), and the remote
/// remembered (nil: as it is).
public struct SyncWrite: Sendable, Equatable {
    public var edits: [CardEdit]
    public var save: [SyncedItem]
    public var forget: [String]
    public var remote: SyncRemote?

    public init(edits: [CardEdit] = [], save: [SyncedItem] = [], forget: [String] = [], remote: SyncRemote? = nil) {
        self.edits = edits
        self.save = save
        self.forget = forget
        self.remote = remote
    }
}

extension BoardStore {
    /// The remote the store syncs with, if it has synced or been told one.
    public func syncRemote() throws(StoreError) -> SyncRemote? {
        try glance { db in
            try db.first("SELECT url, \"user\", token, synced_at, alarms, pushed_through FROM sync_remote WHERE id = 1") { row in
                SyncRemote(url: row.text(0) ?? "", user: row.text(1), token: row.text(2),
                           lastSync: row.text(3).flatMap { ISO8601.parseInstant($0) },
                           alarms: row.text(4).map { StoredJSON.list($0) }, pushedThrough: row.int(5))
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

    /// The resource of every card's to-do the ledger has forgotten (the card archived, deleted
    /// or undone), by card id, as last read or written: the to-do the card gets back is
    /// written over it, so what other apps added there (their `X-` properties, ATTACH,
    /// RELATED-TO, reminders) comes back with it, as its UID does.
    public func syncForgottenResources() throws(StoreError) -> [String: String] {
        try read { db in
            let rows = try db.rows("""
                SELECT k.id, u.resource FROM sync_uids u JOIN cards k ON k.number = u.card WHERE u.resource IS NOT NULL
                """) { ($0.text(0) ?? "", $0.text(1) ?? "") }
            return Dictionary(rows, uniquingKeysWith: { a, _ in a })
        }
    }

    /// Cards with their presence, the deleted ones too (a sync deletes their resources), and
    /// the commit they were read at.
    public func cardsForSync() throws(StoreError) -> SyncCards {
        try read { db in
            SyncCards(cards: try CardRow.fetch(db, where: "ORDER BY number"), commit: try Self.commitCount(db))
        }
    }

    /// Whether any card was written (edited, moved, archived, deleted, undone…) after
    /// `commit`, or the store's commits were counted again from less (a store made again in
    /// its place): one statement, a look at `cards.last_commit`'s index.
    public func cardsWritten(since commit: Int64) throws(StoreError) -> Bool {
        try glance { db in
            try db.int("""
                SELECT CASE WHEN (SELECT n FROM boardkit_revision) < ?
                    OR EXISTS (SELECT 1 FROM cards WHERE last_commit > ?) THEN 1 ELSE 0 END
                """, [.int(commit), .int(commit)]) == 1
        }
    }

    /// When the card last changed: its newest change in the log that is not undone (nil:
    /// none logged). A push writes it as the to-do's LAST-MODIFIED and DTSTAMP, the card's own
    /// time rather than the push's: a to-do pushed an hour after its card was edited does
    /// not claim to be newer than a phone's edit made meanwhile.
    public func lastChanged(card: String) throws(StoreError) -> Instant? {
        try glance { db in
            try db.first("""
                SELECT at FROM changes WHERE card = (SELECT number FROM cards WHERE id = ?) AND undone = 0
                ORDER BY seq DESC LIMIT 1
                """, [.text(card)]) { row in ISO8601.parseInstant(row.text(0) ?? "") }
        }
    }

    /// One sync's writes that decide nothing (the ledger's items saved or forgotten, the
    /// remote's address and token), in one transaction.
    public func recordSync(save items: [SyncedItem], forget: [String], remote: SyncRemote?) throws(StoreError) {
        try write { db in try Self.record(SyncWrite(save: items, forget: forget, remote: remote), in: db) }
    }

    /// One sync's merge, decided and written in one transaction: `decide` reads the cards,
    /// and who changed what when, as that transaction sees them (`SyncDraft`), so a page or
    /// terminal edit can never land between what the merge read and what it writes; then the
    /// remote's changes are applied as one undo step (when there are any), with the ledger's
    /// items saved or forgotten and the remote's address and token. A sync cut off before
    /// this leaves the store as it was; one cut off after it finds its pulls done and its
    /// pushes still to do. Also says what `decide` returned beside the write.
    public func recordSync<Decided>(by info: StepInfo, deciding decide: @escaping (SyncDraft) throws(StoreError) -> (SyncWrite, Decided))
        throws(StoreError) -> (applied: AppliedStep?, decided: Decided) {
        let engine = self.engine
        return try write { db in
            let draft = SyncDraft(db: db, engine: engine)
            let (changes, decided) = try decide(draft)
            var applied = changes.edits.isEmpty ? nil : try ChangeLog.apply(changes.edits, info: info, in: GroupRun(db))
            if let step = applied?.step { applied?.events = try ChangeLog.events(db, step: step) }
            try Self.record(changes, in: db)
            return (applied, decided)
        }
    }

    /// What `decide` makes of the store as one read transaction sees it: a dry run's merge,
    /// read as the real run's would be and written nowhere.
    public func planSync<Decided>(_ decide: (SyncDraft) throws(StoreError) -> Decided) throws(StoreError) -> Decided {
        let engine = self.engine
        return try read { db in try decide(SyncDraft(db: db, engine: engine)) }
    }

    /// The ledger's side of a sync's write: items saved or forgotten, the remote remembered.
    private static func record(_ changes: SyncWrite, in db: any SQLConnection) throws {
        for id in changes.forget {
            // Its resource is kept beside its UID (only while forgotten: a save clears it), so
            // the to-do its card gets back keeps what other apps put there.
            try db.execute("""
                UPDATE sync_uids SET resource = (SELECT resource FROM sync_items WHERE card = sync_uids.card)
                WHERE card = (SELECT number FROM cards WHERE id = ?) AND EXISTS (SELECT 1 FROM sync_items WHERE card = sync_uids.card)
                """, [.text(id)])
            try db.execute("DELETE FROM sync_items WHERE card = (SELECT number FROM cards WHERE id = ?)", [.text(id)])
        }
        for item in changes.save {
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
        if let remote = changes.remote {
            try db.execute("DELETE FROM sync_remote WHERE id = 1")
            try db.execute("""
                INSERT INTO sync_remote (id, url, "user", token, synced_at, alarms, pushed_through) VALUES (1, ?, ?, ?, ?, ?, ?)
                """, [.text(remote.url), SQLValue(remote.user), SQLValue(remote.token), SQLValue(remote.lastSync?.description),
                      SQLValue(remote.alarms.map(StoredJSON.text(of:))), SQLValue(remote.pushedThrough)])
        }
    }
}
