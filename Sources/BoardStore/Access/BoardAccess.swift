import BoardModel

/// What a secret presented to a served board opens, as the store says right now.
public struct AccessKey: Sendable, Equatable {
    public var kind: AccessSecret.Kind
    /// The person the secret is theirs (nil: the board's own feed secret).
    public var person: String?
    /// The person's role (nil for the board's feed secret).
    public var role: AccessRole?
}

/// What `BoardStore.access` found.
public struct AccessLookup: Sendable, Equatable {
    /// What the token opens; nil when it opens nothing.
    public var key: AccessKey?
    /// The role of the person asked about; nil when they are not among the people.
    public var personRole: AccessRole?
    public var hasPeople: Bool
    /// Whether the store holds a secret for the board's feeds (a store served before it kept
    /// secrets has none until its `serve` gives it the feed link's).
    public var hasBoardFeed: Bool

    /// What a board that is not a store has: no secrets, no people.
    public static let none = AccessLookup(key: nil, personRole: nil, hasPeople: false, hasBoardFeed: false)
}

/// A person's two secrets, shown once when made: only their digests are kept.
public struct PersonSecrets: Sendable, Equatable {
    /// Their way into the board page and the API.
    public var link: String
    /// Their read-only feeds and report.
    public var feed: String
}

/// People, roles and secrets kept in the store (`access_people`, `access_secrets`), so every
/// `serve` of the board (two instances of a PostgreSQL board too) reads the same ones, and a
/// revoke holds on every instance at its next request: nothing is cached.
extension BoardStore {
    /// What a served board's request presents, looked up in one statement on every request
    /// (each is a round trip to PostgreSQL): what `token` opens, the role of `person` (named
    /// by a company login), and whether the board has people at all (a board without runs
    /// in open mode).
    public func access(token: String?, person: String? = nil) throws(StoreError) -> AccessLookup {
        let digest = token.flatMap { AccessSecret.isWellFormed($0) ? AccessSecret.digest($0) : nil }
        return try glance { db in
            // The token's secret (and its person's role) and the named person's role are
            // joined to the one row the counts make: NULL where nothing matches.
            try db.first("""
                SELECT (SELECT COUNT(*) FROM access_people), (SELECT COUNT(*) FROM access_secrets WHERE kind = 'feed'),
                       s.kind, s.person, p.role, (SELECT role FROM access_people WHERE name = ?)
                FROM (SELECT 1 AS one) counted
                LEFT JOIN access_secrets s ON s.digest = ?
                LEFT JOIN access_people p ON p.name = s.person
                """, [SQLValue(person), SQLValue(digest)]) { row in
                var lookup = AccessLookup(key: nil, personRole: row.text(5).flatMap(AccessRole.init(rawValue:)),
                                          hasPeople: row.int(0) ?? 0 > 0, hasBoardFeed: row.int(1) ?? 0 > 0)
                if let kind = row.text(2).flatMap(AccessSecret.Kind.init(rawValue:)) {
                    let role = row.text(4).flatMap(AccessRole.init(rawValue:))
                    // A person's secret whose person is gone (or whose role does not read) opens nothing.
                    if kind == .boardFeed || role != nil { lookup.key = AccessKey(kind: kind, person: row.text(3), role: role) }
                }
                return lookup
            } ?? .none
        }
    }

    /// Everyone given access, by name.
    public func people() throws(StoreError) -> [BoardPerson] {
        try read { db in
            try db.rows("SELECT name, role, added_at, added_by FROM access_people ORDER BY name") { row in
                BoardPerson(name: row.text(0) ?? "", role: row.text(1).flatMap(AccessRole.init(rawValue:)) ?? .viewer,
                            added: row.text(2).flatMap { ISO8601.parseInstant($0) } ?? Instant(epochSeconds: 0, offsetSeconds: 0),
                            addedBy: row.text(3))
            }
        }
    }

    /// Gives `name` access with `role`; their secrets are returned once (only digests are kept).
    public func addPerson(_ name: String, role: AccessRole, by login: String?, at time: Instant) throws(StoreError) -> PersonSecrets {
        let secrets = PersonSecrets(link: AccessSecret.newToken(), feed: AccessSecret.newToken())
        try write { db in
            if try db.int("SELECT COUNT(*) FROM access_people WHERE name = ?", [.text(name)]) ?? 0 > 0 {
                throw StoreError.refused(.invalidValue(field: "person", value: name, accepted: .newPerson))
            }
            try db.execute("INSERT INTO access_people (name, role, added_at, added_by) VALUES (?, ?, ?, ?)",
                           [.text(name), .text(role.rawValue), .text(time.description), SQLValue(login)])
            try Self.insertSecrets(secrets, of: name, at: time, db)
        }
        return secrets
    }

    /// Changes a person's role; it holds from their next request.
    public func setRole(_ name: String, _ role: AccessRole) throws(StoreError) {
        try write { db in
            try Self.requirePerson(name, db)
            try db.execute("UPDATE access_people SET role = ? WHERE name = ?", [.text(role.rawValue), .text(name)])
        }
    }

    /// Takes a person's access away: their links open nothing from their next request on.
    /// What they did stays in the history under their name.
    public func revoke(_ name: String) throws(StoreError) {
        try write { db in
            try Self.requirePerson(name, db)
            try db.execute("DELETE FROM access_secrets WHERE person = ?", [.text(name)])
            try db.execute("DELETE FROM access_people WHERE name = ?", [.text(name)])
        }
    }

    /// New secrets for a person (a link lost or leaked): the old ones open nothing.
    public func relink(_ name: String, at time: Instant) throws(StoreError) -> PersonSecrets {
        let secrets = PersonSecrets(link: AccessSecret.newToken(), feed: AccessSecret.newToken())
        try write { db in
            try Self.requirePerson(name, db)
            try db.execute("DELETE FROM access_secrets WHERE person = ?", [.text(name)])
            try Self.insertSecrets(secrets, of: name, at: time, db)
        }
        return secrets
    }

    /// A new secret for the board's feeds and report (the old feed URL opens nothing); returned once.
    public func rotateFeed(at time: Instant) throws(StoreError) -> String {
        let token = AccessSecret.newToken()
        try write { db in
            try db.execute("DELETE FROM access_secrets WHERE kind = ?", [.text(AccessSecret.Kind.boardFeed.rawValue)])
            try Self.insertSecret(token, .boardFeed, person: nil, at: time, db)
        }
        return token
    }

    /// Takes `token` as the board's feed secret when the store has none yet (a board served
    /// before the store kept secrets: its feed URL keeps working). True when it was taken.
    public func adoptFeed(_ token: String, at time: Instant) throws(StoreError) -> Bool {
        try write { db in
            guard try db.int("SELECT COUNT(*) FROM access_secrets WHERE kind = ?", [.text(AccessSecret.Kind.boardFeed.rawValue)]) ?? 0 == 0 else {
                return false
            }
            try Self.insertSecret(token, .boardFeed, person: nil, at: time, db)
            return true
        }
    }

    private static func requirePerson(_ name: String, _ db: any SQLConnection) throws {
        guard try db.int("SELECT COUNT(*) FROM access_people WHERE name = ?", [.text(name)]) ?? 0 > 0 else {
            let known = try db.rows("SELECT name FROM access_people ORDER BY name") { $0.text(0) ?? "" }
            throw StoreError.refused(.invalidValue(field: "person", value: name, accepted: .oneOf(known)))
        }
    }

    private static func insertSecrets(_ secrets: PersonSecrets, of name: String, at time: Instant, _ db: any SQLConnection) throws {
        try insertSecret(secrets.link, .personalLink, person: name, at: time, db)
        try insertSecret(secrets.feed, .personFeed, person: name, at: time, db)
    }

    private static func insertSecret(_ token: String, _ kind: AccessSecret.Kind, person: String?, at time: Instant,
                                     _ db: any SQLConnection) throws {
        try db.execute("INSERT INTO access_secrets (digest, kind, person, made_at) VALUES (?, ?, ?, ?)",
                       [.text(AccessSecret.digest(token)), .text(kind.rawValue), SQLValue(person), .text(time.description)])
    }
}
