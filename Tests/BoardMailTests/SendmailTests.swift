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
        let path = folder.path("sendmail")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(folder.path("args"))'\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
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
                + "mail.example.org, port 587 / msmtp: could not send mail; nothing was sent [mail-failed]")
    }

    @Test func aMailerThatReadsNothingAndFailsIsStillAFailure() throws {
        let folder = try TemporaryFolder()
        let path = try Self.mailer(folder, "exit 1")
        #expect(Sendmail(path).send(Self.message) == .mailerFailed(path: path, status: 1, message: ""))
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
}
