import BoardMail
import BoardModel
import BoardStore

extension RemindJob {
    /// One run's messages on their way: each claimed in the ledger, handed to the mailer and
    /// settled (or, with `--dry-run`, left out when the ledger has it); what went wrong as
    /// diagnostics. A refusal stops nothing; a mailer that cannot run or a ledger that cannot
    /// be kept stops the rest, which are then counted among those not reached.
    struct Mailing {
        let mode: Mode
        let ledger: (any SentLedger)?
        let now: Instant
        let sendmail: Sendmail
        var diagnostics: [Diagnostic] = []
        private var stopped = false

        /// How old a claim is before it counts as a run's that stopped: longer than any
        /// mailer is let run.
        static let abandonedAfter: Int64 = 3_600

        init(mode: Mode, ledger: (any SentLedger)?, now: Instant, sendmail: Sendmail) {
            self.mode = mode
            self.ledger = ledger
            self.now = now
            self.sendmail = sendmail
        }

        /// Says once each message an earlier run claimed and never settled.
        mutating func sayAbandoned(_ ledger: any SentLedger) {
            do {
                for mark in try ledger.abandoned(before: now.adding(seconds: -Self.abandonedAfter)) {
                    diagnostics.append(Diagnostic(MailCaution.unsure(recipient: mark.recipient, what: Self.describe(mark.key)),
                                                  at: SourceLocation(file: ledger.location)))
                }
            } catch {
                stop(error)
            }
        }

        /// Sends `message` as `reminder` unless the ledger has `mark`, and adds it to `outcome`.
        mutating func deliver(_ reminder: Reminder, _ message: MailMessage, _ mark: SentMark, into outcome: inout Outcome) {
            var reminder = reminder
            do {
                if let ledger, !stopped {
                    let taken = mode == .dryRun ? try ledger.isTaken(mark) : !(try ledger.claim(mark, at: now))
                    if taken {
                        outcome.sentBefore += 1
                        return
                    }
                }
                if mode == .send && !stopped {
                    switch sendmail.send(message) {
                    case nil:
                        reminder.sent = true
                    case .mailerFailed(let path, let status, let said)?:
                        // One address refused says nothing of the next: the batch goes on.
                        diagnostics.append(Diagnostic(MailCaution.refused(recipient: reminder.recipient, status: status, said: said),
                                                      at: SourceLocation(file: path)))
                    case .mailerTimedOut(let path, let seconds)?:
                        // The mailer may have handed it on before it hung: the claim stays
                        // (a later run says so once), as a second copy is what the ledger prevents.
                        diagnostics.append(MailError.mailerTimedOut(path: path, seconds: seconds).diagnostic)
                        stopped = true
                        outcome.reminders.append(reminder)
                        return
                    case let failure?:
                        // No later message would fare better.
                        diagnostics.append(failure.diagnostic)
                        stopped = true
                    }
                    try ledger?.settle(mark, sent: reminder.sent, at: now)
                }
            } catch {
                stop(error)
            }
            outcome.reminders.append(reminder)
        }

        private mutating func stop(_ error: MailError) {
            if !stopped { diagnostics.append(error.diagnostic) }
            stopped = true
        }

        /// A ledger key in words: `the reminder of card 7f3a… at 2026-12-03T00:00:00Z`.
        static func describe(_ key: String) -> String {
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            switch parts.first {
            case "digest": return "the digest of \(parts.count > 1 ? parts[1] : key)"
            case "card": return "the reminder of card \(parts.count > 1 ? parts[1] : key)"
            default: return key
            }
        }
    }
}
