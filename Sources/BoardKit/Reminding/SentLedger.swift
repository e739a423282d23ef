import BoardMail
import BoardModel
import BoardStore

/// What `boardkit remind` has mailed, so that a rerun, a crash or two timers at once never
/// mail one message twice: in the store for a store (`BoardStore`'s `reminders_sent`),
/// else in a file beside the board (`FileSentLedger`).
///
/// A run claims each message before the mailer runs and settles it after: of two runs at
/// once, one claim wins; a refused message is let go, so the next run tries it again; a run
/// that stops between claim and answer leaves the claim, and the message is not sent again
/// (said once, as `unsure`, by a later run).
protocol SentLedger {
    /// Where the ledger is, as the summary and diagnostics name it.
    var location: String { get }
    /// Claims `mark` for this run; false when it was claimed or sent before.
    func claim(_ mark: SentMark, at now: Instant) throws(MailError) -> Bool
    /// What became of a claimed message.
    func settle(_ mark: SentMark, sent: Bool, at now: Instant) throws(MailError)
    /// Whether `mark` was claimed or sent (`--dry-run` leaves those out).
    func isTaken(_ mark: SentMark) throws(MailError) -> Bool
    /// Claims older than `before` that no run settled; each is returned once.
    func abandoned(before: Instant) throws(MailError) -> [SentMark]
}

/// The ledger of a store: its `reminders_sent` table.
struct StoreSentLedger: SentLedger {
    let store: BoardStore
    let location: String

    func claim(_ mark: SentMark, at now: Instant) throws(MailError) -> Bool {
        try failing { () throws(StoreError) in try store.claimSend(mark, at: now) }
    }

    func settle(_ mark: SentMark, sent: Bool, at now: Instant) throws(MailError) {
        try failing { () throws(StoreError) in try store.settleSend(mark, sent: sent, at: now) }
    }

    func isTaken(_ mark: SentMark) throws(MailError) -> Bool {
        try failing { () throws(StoreError) in try store.isSendTaken(mark) }
    }

    func abandoned(before: Instant) throws(MailError) -> [SentMark] {
        try failing { () throws(StoreError) in try store.abandonedSends(before: before) }
    }

    private func failing<T>(_ body: () throws(StoreError) -> T) throws(MailError) -> T {
        do { return try body() } catch { throw .ledgerFailed(path: location, message: error.text) }
    }
}
