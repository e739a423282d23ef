import BoardMail
import BoardModel
import BoardTestSupport
import Foundation
import Testing

/// A mailer is a program: what it is given (`-t -i`, the message on its input), and what is
/// said when it is missing, fails or hangs.
@Suite("the mailer hand-off")
struct SendmailTests {
    /// A stand-in `sendmail` in a folder of its own: `body` is its shell script's last lines.
    static func mailer(_ folder: TemporaryFolder, _ body: String) throws -> String {
        try folder.script("sendmail", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path("args"))'\n\(body)\n")
    }

    static let message = MailMessage(
        from: nil, to: [MailAddress("mina@example.org")!], subject: "마감 알림", date: Instant(epochSeconds: 0),
        messageID: MessageID(moment: Instant(epochSeconds: 0), host: "h"), body: .text(subtype: "plain", "안녕\n"))

    @Test func theMessageGoesOnStandardInputWithDashTDashI() throws {
        let folder = try TemporaryFolder()
        let path = try Self.mailer(folder, "cat > '\(folder.path("got.eml"))'")
        #expect(Sendmail(path).send(Self.message) == nil)
        #expect(try String(contentsOfFile: folder.path("args"), encoding: .utf8) == "-t\n-i\n")
        #expect(try String(contentsOfFile: folder.path("got.eml"), encoding: .utf8) == Self.message.rendered)
    }

    @Test func aFailingMailerIsAnErrorWithItsOwnWords() throws {
        let folder = try TemporaryFolder()
        let path = try Self.mailer(folder, "cat > /dev/null\necho 'msmtp: cannot connect to mail.example.org, port 587' >&2\necho 'msmtp: could not send mail' >&2\nexit 78")
        let error = MailError.mailerFailed(path: path, status: 78,
                                           message: "msmtp: cannot connect to mail.example.org, port 587 / msmtp: could not send mail")
        #expect(Sendmail(path).send(Self.message) == error)
        #expect(error.diagnostic.description == "\(path): error: the mailer failed (exit status 78) and said: msmtp: cannot connect to "
                + "mail.example.org, port 587 / msmtp: could not send mail; the message was not sent [mail-failed]")
    }

    @Test func aMailerThatReadsNothingAndFailsIsStillAFailure() throws {
        let folder = try TemporaryFolder()
        let path = try Self.mailer(folder, "exit 1")
        #expect(Sendmail(path).send(Self.message) == .mailerFailed(path: path, status: 1, message: ""))
    }

    /// A mailer being replaced as it starts ("Text file busy": an upgrade, or a script just
    /// written whose file another thread's fork still holds) is tried again, not called
    /// missing (a parallel test run met it).
    @Test func aMailerBusyForAMomentIsTriedAgain() throws {
        let folder = try TemporaryFolder()
        let path = try Self.mailer(folder, "cat > /dev/null")
        let held = open(path, O_WRONLY | O_CLOEXEC)
        #expect(held >= 0)
        // A thread of its own: a block on a global queue waited past the retries when the
        // queue's threads were busy with other tests' pipes (seen under load, 1 run in 3).
        Thread {
            usleep(300_000)
            close(held)
        }.start()
        #expect(Sendmail(path).send(Self.message) == nil)
    }

    @Test func aMissingMailerIsNamedWithTheWayOut() {
        let missing = Sendmail("/nonexistent/sendmail").send(Self.message)
        #expect(missing == .mailerMissing(path: "/nonexistent/sendmail"))
        #expect(Sendmail(nil, environment: ["SENDMAIL": "/opt/x/sendmail"]).program == "/opt/x/sendmail")
        #expect(Sendmail(nil, environment: [:]).program == "/usr/sbin/sendmail")
        #expect(Sendmail("sh", environment: ["PATH": "/nonexistent:/bin"]).program == "/bin/sh")
    }

    @Test func aHangingMailerIsStoppedAfterItsTimeout() throws {
        let folder = try TemporaryFolder()
        let path = try Self.mailer(folder, "exec sleep 30")
        let started = Date()
        let hung = Sendmail(path, timeoutSeconds: 1).send(Self.message)
        #expect(hung == .mailerTimedOut(path: path, seconds: 1))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    /// A hung mailer's children (a script's `sleep`s, in the background and in the
    /// foreground) end with it: none is left running after the timeout.
    @Test func aHangingMailerIsStoppedWithItsChildren() throws {
        let folder = try TemporaryFolder()
        let pids = folder.path("children")
        let path = try Self.mailer(folder, "sleep 300 &\necho $! >> '\(pids)'\nsleep 301 &\necho $! >> '\(pids)'\nsleep 302")
        #expect(Sendmail(path, timeoutSeconds: 1).send(Self.message) == .mailerTimedOut(path: path, seconds: 1))
        let children = try String(contentsOfFile: pids, encoding: .utf8).split(separator: "\n").compactMap { pid_t($0) }
        #expect(children.count == 2)
        // A killed child may take a moment to be reaped by whoever inherited it.
        let deadline = Date().addingTimeInterval(5)
        while children.contains(where: Self.running), Date() < deadline { usleep(50_000) }
        #expect(!children.contains(where: Self.running), "still running: \(children.filter(Self.running))")
        #expect(!Self.running(sleepingFor: "302"), "the foreground sleep too")
    }

    /// A process that exists and is not a zombie (one killed, not yet reaped, is done).
    static func running(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    /// Whether a `sleep SECONDS` of this user is running (the foreground child's pid is not
    /// written down by the script).
    static func running(sleepingFor seconds: String) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.contains { pid in
            guard let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return false }
            return line == "sleep\0\(seconds)\0" && running(pid)
        }
    }
}

/// Each mail diagnostic's wording and code, pinned (the one place they are written is
/// MailError.swift).
@Suite("mail diagnostics")
struct MailMessageTextTests {
    @Test func eachSaysWhatHappenedAndWhere() {
        let cases: [(Diagnostic, String)] = [
            (MailError.badAddress("bob").diagnostic,
             "error: 'bob' is not a mail address (name@example.org); nothing was sent [mail-bad-address]"),
            (MailError.mailerMissing(path: "/usr/sbin/sendmail").diagnostic,
             "/usr/sbin/sendmail: error: no mailer at /usr/sbin/sendmail: install one that offers sendmail (msmtp-mta, Postfix, Exim; "
                + "see docs/mail.md) or name it with --sendmail PATH or $SENDMAIL; the message was not sent [mail-failed]"),
            (MailError.mailerFailed(path: "/usr/bin/msmtp", status: 69, message: "").diagnostic,
             "/usr/bin/msmtp: error: the mailer failed (exit status 69) and said nothing; the message was not sent [mail-failed]"),
            (MailError.mailerTimedOut(path: "/usr/bin/msmtp", seconds: 60).diagnostic,
             "/usr/bin/msmtp: error: the mailer did not finish within 60 seconds and was stopped; the message may not have been sent [mail-failed]"),
            (MailError.peopleUnreadable(path: "p.csv", message: "no such file").diagnostic,
             "p.csv: error: the people file cannot be read: no such file [mail-bad-people]"),
            (MailError.peopleRow(path: "p.csv", line: 3, text: "sam").diagnostic,
             "p.csv:3: error: 'sam' is not 'name,email' with a mail address; fix the line (docs/mail.md) [mail-bad-people]"),
            (Diagnostic(MailCaution.noAddress(assignee: "dana", cards: 2), at: SourceLocation(file: "p.csv")),
             "p.csv: warning: 'dana' has 2 cards due and no address in the people file: no reminder for them [mail-no-address]"),
            (Diagnostic(MailCaution.refused(recipient: "sam <sam@x.org>", status: 67, said: "msmtp: recipient refused"),
                        at: SourceLocation(file: "/usr/bin/msmtp")),
             "/usr/bin/msmtp: warning: the mailer did not take the message to sam <sam@x.org> (exit status 67) and said: "
                + "msmtp: recipient refused; going on with the others [mail-refused]"),
            (MailError.notReached(missed: ["sam <sam@x.org>", "jo <jo@x.org>"], of: 5).diagnostic,
             "error: 2 of 5 messages not mailed, to sam <sam@x.org>, jo <jo@x.org>; the others were sent [mail-not-reached]"),
        ]
        for (diagnostic, text) in cases { #expect(diagnostic.description == text) }
        #expect(DiagnosticCode.mailCodes.map(\.id) == ["mail-bad-address", "mail-failed", "mail-bad-people", "mail-not-reached",
                                                     "mail-ledger-failed", "mail-no-address", "mail-refused", "mail-unsure"])
    }
}
