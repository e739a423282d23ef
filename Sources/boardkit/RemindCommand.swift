import ArgumentParser
import BoardKit
import BoardLocale
import BoardModel
import BoardReport

/// `boardkit remind INPUT`: each assignee's cards overdue, due today and due this week;
/// with --mail, one message to each of them through the system's mailer.
struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Remind each assignee of their cards due, and of the reminders set on cards (by mail with --mail).",
        discussion: """
        Cards not done and not archived, with a due date past, today or in the next 7 days, \
        grouped per assignee. Without --mail, each assignee's list is printed. With --mail, each \
        gets one message through the system's mailer (`sendmail -t -i`), addressed from --people \
        (a CSV of name,email; an assignee named by an address, or whose address the board carries \
        in an Assignee Email column, needs none); an assignee without an address is a warning. \
        Cards due with no assignee go to --unassigned-to. An address the mailer refuses is a \
        warning and the others are still sent; the run then exits 1 naming who was not reached. \
        --dry-run prints the messages as they would be sent. \
        A reminder set on a card (add/edit --remind) is mailed to each of its assignees at the \
        first run after its time (none over a day late). With --mail, what was sent is kept in a \
        ledger (the store's own; beside a file, BOARD.reminded), so each message goes once: the \
        list of cards due once a day (from --digest-at on), each card's reminder once; a rerun \
        sends only what was not reached. The timer runs it every 15 minutes. \
        --as-of DATE is the start of that day in the board's zone. docs/mail.md.
        """)

    @Argument(help: "The board to read: a file or a store ('-' for standard input).")
    var input: String

    @Flag(name: .long, help: "Mail each assignee their reminder.")
    var mail = false

    @Option(name: .long, help: ArgumentHelp("Assignees' addresses: a CSV file of name,email lines.", valueName: "FILE"))
    var people: String?

    @Option(name: .customLong("unassigned-to"), help: ArgumentHelp("With --mail: mail the cards due with no assignee to this address.", valueName: "ADDRESS"))
    var unassignedTo: String?

    @Flag(name: .customLong("dry-run"), help: "With --mail: print the messages as they would be sent; send nothing.")
    var dryRun = false

    @Option(name: .customLong("digest-at"), help: ArgumentHelp("With --mail: send each assignee's list of cards due once a day, from this time on (HH:MM, the board's zone); default: at the day's first run.", valueName: "HH:MM"))
    var digestAt: String?

    @Option(name: .long, help: ArgumentHelp("With --mail: keep what was sent in this file (default: the store's own ledger, or BOARD.reminded beside a file).", valueName: "FILE"))
    var ledger: String?

    // `.unconditional`: `--as-of -1w` is a week ago, not another flag.
    @Option(name: .customLong("as-of"), parsing: .unconditional, help: ArgumentHelp("The moment to remind as of: YYYY-MM-DD, today, yesterday, -1w, friday… (the start of that day in the board's zone) or a timestamp (default: now).", valueName: "DATE"))
    var asOf: String?

    @Option(name: .long, help: "Language of the reminders: en or ko.")
    var locale: ReportLocale = .en

    @OptionGroup var mailer: MailerFlags

    @OptionGroup var reading: ReadingFlags

    @OptionGroup var selection: FilterFlags

    @Flag(name: .long, help: "Treat warnings in the input as errors.")
    var strict = false

    @Option(name: .long, help: "How to print diagnostics: text or json.")
    var diagnostics: DiagnosticsStyle = .text

    func validate() throws {
        if let asOf, !AsOfOption.isValid(asOf) {
            throw ValidationError("--as-of: \(AsOfOption.accepted); got '\(asOf)'")
        }
        if let digestAt, ClockTime(digestAt) == nil {
            throw ValidationError("--digest-at: a time of day as HH:MM (08:00); got '\(digestAt)'")
        }
        if !mail {
            for (flag, given) in [("--dry-run", dryRun), ("--people", people != nil), ("--unassigned-to", unassignedTo != nil),
                                  ("--digest-at", digestAt != nil), ("--ledger", ledger != nil)] + mailer.given.map({ ($0, true) }) where given {
                throw ValidationError("\(flag) goes with --mail")
            }
        }
    }

    func run() throws {
        var job = RemindJob(input: input)
        job.from = reading.from
        job.readerOptions = reading.readerOptions
        job.strict = strict
        job.asOf = asOf
        job.locale = locale
        job.filter = selection.filter
        job.mode = !mail ? .list : dryRun ? .dryRun : .send
        job.peoplePath = people
        job.mailFrom = mailer.mailFrom
        job.unassignedTo = unassignedTo
        job.sendmail = mailer.sendmail
        job.ledgerPath = ledger
        job.digestAt = digestAt.flatMap(ClockTime.init)
        let done = job.run()
        if let moment = done.asOf {
            let summary = { (reminders: [RemindJob.Reminder]) in Self.summary(reminders, of: done, asOf: moment) }
            switch job.mode {
            case .list, .dryRun:
                print(done.reminders.map(\.text).joined(separator: job.mode == .list ? "\n" : "\n\n"), terminator: "")
                let what = job.mode == .list ? "Listed" : "Would mail"
                StandardStreams.err("\(what) \(summary(done.reminders))\(job.mode == .dryRun ? "; nothing sent (--dry-run)" : "")\n")
            case .send:
                let sent = done.reminders.filter(\.sent)
                if !done.diagnostics.hasErrors {
                    print("Mailed \(summary(sent))")
                } else if !sent.isEmpty {
                    // Beside the diagnostics that name those not reached, on the same stream.
                    StandardStreams.err("Mailed \(summary(sent))\n")
                }
            }
        }
        try DiagnosticOutput.finish(done.diagnostics, style: diagnostics)
    }

    /// `2 reminders as of 2026-11-20: mina <mina@example.org> (3 cards), sam <sam@example.org> (1 card)`,
    /// then the reminders set on cards (`1 card reminder: #12 to mina <mina@example.org>`), how
    /// many earlier runs sent, and how many went to nobody, when some did.
    static func summary(_ reminders: [RemindJob.Reminder], of done: RemindJob.Outcome, asOf: Instant) -> String {
        let digests = reminders.filter { $0.card == nil }, cards = reminders.filter { $0.card != nil }
        let each = digests.map { "\($0.recipient) (\(Counted($0.cards, "card")))" }
        var line = "\(Counted(digests.count, "reminder")) as of \(asOf.local.date)" + (each.isEmpty ? "" : ": " + each.joined(separator: ", "))
        if !cards.isEmpty {
            line += "; \(Counted(cards.count, "card reminder")): " + cards.map { "\($0.card ?? "") to \($0.recipient)" }.joined(separator: ", ")
        }
        if done.sentBefore > 0, let ledger = done.ledger {
            line += "; \(Counted(done.sentBefore, "message")) sent before, left out (\(ledger))"
        }
        if done.unassignedLeft > 0 {
            line += "; \(Counted(done.unassignedLeft, "card")) due with no assignee, reminded to nobody (--unassigned-to ADDRESS takes them)"
        }
        if done.unassignedReminders > 0 {
            line += "; \(Counted(done.unassignedReminders, "card reminder")) of a card with no assignee, sent to nobody (--unassigned-to ADDRESS takes them)"
        }
        return line
    }
}
