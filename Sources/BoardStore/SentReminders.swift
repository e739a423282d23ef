import BoardModel

/// One message `boardkit remind` sends: what it is about (`key`: a card's reminder at its
/// moment, or a day's digest for one assignee) and to whom.
public struct SentMark: Sendable, Hashable {
    public var key: String
    /// The address, as written in the envelope.
    public var recipient: String

    public init(key: String, recipient: String) {
        self.key = key
        self.recipient = recipient
    }
}

/// How far a message went, as the ledger keeps it.
public enum SentState: String, Sendable {
    /// Claimed by a run that is mailing it now (or that stopped while it did).
    case sending
    /// The mailer took it.
    case sent
    /// Claimed by a run that stopped before it knew: said once, never sent again.
    case unsure
}

/// What `boardkit remind` mailed, in the store (`reminders_sent`), so every timer of a
/// PostgreSQL board on every machine reads the same ledger. A message is claimed in a write
/// of its own before the mailer runs, so of two runs at once only one mails it; a run that
/// stops between the claim and the mailer's answer leaves the claim, and the message is
/// never sent again (at most once: a reminder twice is what the ledger is for).
extension BoardStore {
    /// Claims `mark` for this run; false when another run claimed or sent it already.
    public func claimSend(_ mark: SentMark, at now: Instant) throws(StoreError) -> Bool {
        try write { db in
            // Keys older than a week are of reminders no run considers any more.
            try db.execute("DELETE FROM reminders_sent WHERE at < ?", [.text(now.adding(seconds: -Self.ledgerDays * 86_400).utc.description)])
            if try db.int("SELECT COUNT(*) FROM reminders_sent WHERE key = ? AND recipient = ?",
                          [.text(mark.key), .text(mark.recipient)]) ?? 0 > 0 {
                return false
            }
            try db.execute("INSERT INTO reminders_sent (key, recipient, state, at) VALUES (?, ?, ?, ?)",
                           [.text(mark.key), .text(mark.recipient), .text(SentState.sending.rawValue), .text(now.utc.description)])
            return true
        }
    }

    /// Records what became of a claimed message: sent, or not (then the claim is let go and
    /// the next run tries again).
    public func settleSend(_ mark: SentMark, sent: Bool, at now: Instant) throws(StoreError) {
        try write { db in
            if sent {
                try db.execute("UPDATE reminders_sent SET state = ?, at = ? WHERE key = ? AND recipient = ?",
                               [.text(SentState.sent.rawValue), .text(now.utc.description), .text(mark.key), .text(mark.recipient)])
            } else {
                try db.execute("DELETE FROM reminders_sent WHERE key = ? AND recipient = ? AND state = ?",
                               [.text(mark.key), .text(mark.recipient), .text(SentState.sending.rawValue)])
            }
        }
    }

    /// Whether a run claimed or sent `mark` (what `--dry-run` leaves out).
    public func isSendTaken(_ mark: SentMark) throws(StoreError) -> Bool {
        try glance { db in
            try db.int("SELECT COUNT(*) FROM reminders_sent WHERE key = ? AND recipient = ?",
                       [.text(mark.key), .text(mark.recipient)]) ?? 0 > 0
        }
    }

    /// The claims of runs that stopped mid-send (claimed before `before` and never settled),
    /// each returned once: they become `unsure`.
    public func abandonedSends(before: Instant) throws(StoreError) -> [SentMark] {
        try write { db in
            let stale: [SentMark] = try db.rows("SELECT key, recipient FROM reminders_sent WHERE state = ? AND at < ? ORDER BY at, key",
                                                [.text(SentState.sending.rawValue), .text(before.utc.description)]) {
                SentMark(key: $0.text(0) ?? "", recipient: $0.text(1) ?? "")
            }
            try db.execute("UPDATE reminders_sent SET state = ? WHERE state = ? AND at < ?",
                           [.text(SentState.unsure.rawValue), .text(SentState.sending.rawValue), .text(before.utc.description)])
            return stale
        }
    }

    /// How long the ledger remembers a message.
    public static let ledgerDays: Int64 = 8
}
