import BoardIO
import BoardLocale
import BoardMail
import BoardModel
import BoardReport
import BoardStore
import Foundation

/// `boardkit remind`'s work, so the command only parses: read the board, find each
/// assignee's cards overdue, due today and due this week (their digest) and the reminders
/// set on cards whose time has come, and mail each message once (the ledger), or print the
/// messages, or the lists.
public struct RemindJob {
    public var input: String
    public var from: String?
    public var readerOptions = ReaderOptions()
    public var strict = false
    /// `--as-of`: a date as `--due` takes it (`2026-11-20`, `today`, `-1w`, `friday`: the start
    /// of that day in the board's zone, when a daily reminder goes out) or a timestamp; nil is now.
    public var asOf: String?
    public var locale = ReportLocale.en
    /// `--where`: only the cards it names (docs/filter.md), as in every command.
    public var filter: String?
    /// What is done with the reminders.
    public var mode = Mode.list
    /// The people file (`name,email`); an assignee name that is itself an address needs none,
    /// nor one whose address the board carries (`People.carried(by:)`).
    public var peoplePath: String?
    public var mailFrom: String?
    /// `--unassigned-to`: who gets the cards due with no assignee (with `dryRun`, `send`);
    /// nil: nobody, and the outcome counts them.
    public var unassignedTo: String?
    /// `--sendmail`; nil: `$SENDMAIL`, else /usr/sbin/sendmail.
    public var sendmail: String?
    /// `--ledger`: the file that keeps what was sent (for any board); nil: the store's own
    /// ledger, or `BOARD.reminded` beside a file.
    public var ledgerPath: String?
    /// `--digest-at`: the assignees' digests go from this time of day on (the board's zone),
    /// once a day; nil: from the first run of the day. The reminders set on cards go at every run.
    public var digestAt: ClockTime?

    public enum Mode: Sendable {
        /// Print each assignee's reminder as text (no mail, no addresses needed).
        case list
        /// Print the messages as they would be sent; send nothing.
        case dryRun
        case send
    }

    public init(input: String) { self.input = input }

    /// One assignee's reminder and what became of it.
    public struct Reminder: Sendable {
        public var name: String
        /// Nil when the people file has no address for them (a warning says so).
        public var address: MailAddress?
        public var cards: Int
        /// The message (`dryRun`, `send`) or the text (`list`).
        public var text: String
        /// True once the mailer took the message (`send` only).
        public var sent = false
        /// The card (`#12`, or its id) whose own reminder this is; nil for a digest.
        public var card: String?

        /// `mina <mina@example.org>`, as the summary and the diagnostics name them.
        public var recipient: String { name + (address.map { " <\($0)>" } ?? "") }
    }

    public struct Outcome {
        public var diagnostics: [Diagnostic]
        public var reminders: [Reminder]
        /// The moment reminded of, when there was a board.
        public var asOf: Instant?
        /// Cards due with no assignee that no reminder carries (no `--unassigned-to`, or `list`).
        public var unassignedLeft = 0
        /// Reminders set on cards with no assignee that went to nobody (no `--unassigned-to`).
        public var unassignedReminders = 0
        /// Messages left out as an earlier run claimed or sent them (the ledger's).
        public var sentBefore = 0
        /// Where what was sent is kept; nil without a ledger (`list`, a board from standard input).
        public var ledger: String?

        /// The reminders with an address that were not mailed (refused, or left when the
        /// mailer could not be run): whom a rerun must still reach. Empty unless `send`.
        public var notReached: [Reminder] { reminders.filter { $0.address != nil && !$0.sent } }
    }

    public func run() -> Outcome {
        var sender: MailAddress?, unassignedAddress: MailAddress?
        if let mailFrom {
            guard let address = MailAddress(mailFrom) else { return Outcome(diagnostics: [MailError.badAddress(mailFrom).diagnostic], reminders: [], asOf: nil) }
            sender = address
        }
        if let unassignedTo {
            guard let address = MailAddress(unassignedTo) else { return Outcome(diagnostics: [MailError.badAddress(unassignedTo).diagnostic], reminders: [], asOf: nil) }
            unassignedAddress = address
        }
        var people = People()
        if mode != .list, let peoplePath {
            switch Self.readPeople(peoplePath) {
            case .success(let read): people = read
            case .failure(let error): return Outcome(diagnostics: [error.diagnostic], reminders: [], asOf: nil)
            }
        }
        let loaded = BoardPipeline.read(input, from: from, options: readerOptions, strict: strict)
        guard let board = loaded.board else { return Outcome(diagnostics: loaded.diagnostics, reminders: [], asOf: nil) }
        let zone = board.zone ?? .utc
        let current = Instant.now(in: zone)
        let now = asOf.flatMap { AsOfOption.moment($0, in: zone, now: current, day: .start) } ?? current
        let selection: CardFilter
        switch WhereOption.filter(filter, on: board, now: now) {
        case .success(let parsed): selection = parsed.filter
        case .failure(let problem): return Outcome(diagnostics: loaded.diagnostics + [problem], reminders: [], asOf: nil)
        }
        var ledger: (any SentLedger)?
        if mode != .list {
            switch openLedger() {
            case .success(let opened): ledger = opened
            case .failure(let error): return Outcome(diagnostics: loaded.diagnostics + [error.diagnostic], reminders: [], asOf: nil)
            }
        }
        // The board's own column of addresses (an Asana export's) stands in for the lines a
        // people file lacks.
        if mode != .list { people = people.adding(People.carried(by: board.cards)) }
        // An assignee's address; the empty name is the cards with none (`--unassigned-to`'s).
        let addressOf = { [people] (name: String) in name.isEmpty ? unassignedAddress : people.addresses[name] ?? MailAddress(name) }
        let numbers = Self.storeNumbers(input)
        let due = DueReminders(board: board, now: now, filter: selection, numbers: numbers)
        let words = ReminderText(due, locale: locale)
        let cardsDue = CardRemindersDue(board: board, now: now, filter: selection, numbers: numbers)
        let cardWords = CardReminderText(cardsDue, locale: locale)

        var mailing = Mailing(mode: mode, ledger: ledger, now: now, sendmail: Sendmail(self.sendmail))
        mailing.diagnostics = loaded.diagnostics
        if let ledger, mode == .send {
            mailing.sayAbandoned(ledger)
        }
        var outcome = Outcome(diagnostics: [], reminders: [], asOf: due.now, ledger: ledger?.location)

        // Each assignee's digest: once a day, from `digestAt` on.
        let digestDue = digestAt.map { now >= zone.instant(LocalDateTime(date: zone.calendarDate(of: now), hour: $0.hour, minute: $0.minute)) } ?? true
        // The cards due with no assignee go as one more reminder when someone takes them.
        let unassigned = mode == .list ? nil : unassignedAddress.flatMap { _ in due.unassigned }
        for person in digestDue ? due.people + (unassigned.map { [$0] } ?? []) : [] {
            if mode == .list {
                outcome.reminders.append(Reminder(name: person.name, address: nil, cards: person.count, text: words.body(person)))
                continue
            }
            guard let address = addressOf(person.name) else {
                mailing.diagnostics.append(Diagnostic(MailCaution.noAddress(assignee: person.name, cards: person.count),
                                                      at: peoplePath.map { SourceLocation(file: $0) }))
                continue
            }
            let message = MailMessage(from: sender, to: [address], subject: words.subject(person), date: zone.localize(Instant.now()),
                                      body: .text(subtype: "plain", words.body(person)))
            let mark = SentMark(key: "digest/\(due.asOfDate)/\(person.name)", recipient: address.description)
            mailing.deliver(Reminder(name: words.name(person), address: address, cards: person.count, text: message.rendered),
                            message, mark, into: &outcome)
        }
        outcome.unassignedLeft = digestDue && unassigned == nil ? due.unassigned?.count ?? 0 : 0

        // The reminders set on cards whose moment has come: one message each, to each assignee.
        for item in cardsDue.items {
            for name in item.assignees.isEmpty ? [""] : item.assignees {
                let reminder = Reminder(name: name.isEmpty ? cardWords.locale.label("unassigned") : name, address: nil, cards: 1,
                                        text: cardWords.body(item, for: name), card: item.reference)
                if mode == .list {
                    outcome.reminders.append(reminder)
                    continue
                }
                guard let address = addressOf(name) else {
                    if name.isEmpty {
                        outcome.unassignedReminders += 1
                    } else {
                        mailing.diagnostics.append(Diagnostic(MailCaution.noAddress(assignee: name, cards: 1),
                                                              at: peoplePath.map { SourceLocation(file: $0) }))
                    }
                    continue
                }
                let message = MailMessage(from: sender, to: [address], subject: cardWords.subject(item), date: zone.localize(Instant.now()),
                                          body: .text(subtype: "plain", cardWords.body(item, for: name)))
                let mark = SentMark(key: "card/\(item.cardID)/\(item.reminder)/\(item.moment.utc)", recipient: address.description)
                var mailed = reminder
                mailed.address = address
                mailed.text = message.rendered
                mailing.deliver(mailed, message, mark, into: &outcome)
            }
        }
        outcome.diagnostics = mailing.diagnostics
        if mode == .send, !outcome.notReached.isEmpty {
            outcome.diagnostics.append(MailError.notReached(missed: outcome.notReached.map(\.recipient), of: outcome.reminders.count).diagnostic)
        }
        return outcome
    }

    /// The ledger of what was sent: the store's own, else `--ledger`, else the file beside
    /// the board; none for a board read from standard input without `--ledger`.
    func openLedger() -> Result<(any SentLedger)?, MailError> {
        if let ledgerPath { return .success(FileSentLedger(location: ledgerPath)) }
        if input == "-" { return .success(nil) }
        guard StoreLocation(input).holdsStore else { return .success(FileSentLedger.beside(board: input)) }
        do {
            // Read-only for --dry-run: a glance at the ledger writes nothing.
            return .success(StoreSentLedger(store: try BoardStore.open(input, readOnly: mode == .dryRun), location: StoreLocation(input).shown))
        } catch {
            return .failure(.ledgerFailed(path: StoreLocation(input).shown, message: error.text))
        }
    }

    /// A store's card numbers (`#12`, as its commands take them) by card id; none for a file.
    static func storeNumbers(_ path: String) -> [String: Int64] {
        guard StoreLocation(path).holdsStore, let store = try? BoardStore.open(path, readOnly: true),
              let cards = try? store.cards() else { return [:] }
        return Dictionary(cards.map { ($0.card.id, $0.number) }, uniquingKeysWith: { first, _ in first })
    }

    static func readPeople(_ path: String) -> Result<People, MailError> {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
            return .failure(.peopleUnreadable(path: path, message: reason))
        }
        return People.parse(String(decoding: data, as: UTF8.self), path: path)
    }
}
