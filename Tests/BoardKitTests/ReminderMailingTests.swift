import BoardMail
import BoardModel
import BoardStore
import BoardTestSupport
import Foundation
import Testing
@testable import BoardKit

/// A mailer that hung may have handed the message on before it was stopped: its claim stays
/// in the ledger, so no later run mails it a second time (a refusal, by contrast, is let go).
@Suite struct ReminderMailingTests {
    @Test func aHungMailersMessageIsNotSentAgain() throws {
        let folder = try TemporaryFolder()
        let hanging = try folder.script("hanging", "#!/bin/sh\ncat > /dev/null\nexec sleep 30\n")
        let ledger = FileSentLedger(location: folder.path("ledger"))
        let now = Instant(epochSeconds: 1_796_000_000)
        var mailing = RemindJob.Mailing(mode: .send, ledger: ledger, now: now, sendmail: Sendmail(hanging, timeoutSeconds: 1))
        let address = try #require(MailAddress("mina@example.org"))
        let message = MailMessage(from: nil, to: [address], subject: "s", date: now, body: .text(subtype: "plain", "b"))
        let mark = SentMark(key: "card/a/-P1D/x", recipient: "mina@example.org")
        var outcome = RemindJob.Outcome(diagnostics: [], reminders: [], asOf: now)
        mailing.deliver(RemindJob.Reminder(name: "mina", address: address, cards: 1, text: ""), message, mark, into: &outcome)
        #expect(mailing.diagnostics.contains { $0.code == .mailFailed })
        #expect(outcome.notReached.count == 1)
        #expect(try ledger.isTaken(mark), "the claim stays: a rerun leaves it out")
    }
}
