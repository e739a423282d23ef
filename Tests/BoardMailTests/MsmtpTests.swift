import BoardTestSupport
import Foundation
import Testing

/// The real path: Debian's msmtp as the `sendmail`, configured as docs/mail.md shows (a
/// ~/.msmtprc), relaying to an SMTP server on 127.0.0.1 (PyPI's aiosmtpd, started by
/// Tests/Oracles/smtp_server.py) that keeps what it receives; each message is read back
/// with Python's `email` parser.
@Suite("mail through msmtp", .serialized)
struct MsmtpTests {
    static let msmtp = "/usr/bin/msmtp"

    /// An SMTP server, and a home folder whose ~/.msmtprc relays to it.
    struct Relay {
        let server: ScriptServer
        let home: TemporaryFolder
        let received: String

        /// `refusing`: every recipient is refused with 550; `refusingOnly`: those addresses.
        init(refusing: Bool = false, refusingOnly: [String] = []) throws {
            home = try TemporaryFolder()
            received = home.path("received")
            server = try ScriptServer("smtp_server.py", [received] + (refusing ? ["--refuse"] : []) + refusingOnly.map { "--refuse=\($0)" })
            let port = server.info["port"] as? Int ?? 0
            let rc = home.path(".msmtprc")
            try """
            defaults
            auth off
            tls off
            logfile \(home.path("msmtp.log"))

            account loopback
            host 127.0.0.1
            port \(port)
            from boardkit@example.org

            account default : loopback

            """.write(toFile: rc, atomically: true, encoding: .utf8)
            // msmtp refuses a configuration file others may read.
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: rc)
        }

        var environment: [String: String] { ["HOME": home.url.path, "SENDMAIL": MsmtpTests.msmtp] }

        /// The messages received, oldest first, as the oracle reads them, with their envelopes.
        func messages() throws -> [(message: [String: Any], envelope: [String: Any])] {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: received)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
            let read = try MailCommandTests.read(files.map { "\(received)/\($0)" })
            return try zip(read, files).map { message, file in
                let envelope = try Data(contentsOf: URL(fileURLWithPath: "\(received)/\(file.dropLast(4)).json"))
                return (message, try JSONSerialization.jsonObject(with: envelope) as? [String: Any] ?? [:])
            }
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: msmtp), "msmtp is installed by make test-tools"))
    func theReportArrivesThroughMsmtpInKorean() throws {
        let relay = try Relay()
        let run = try CommandRunner.boardkit(["report", MailCommandTests.sample, "--as-of", "2026-11-20", "--locale", "ko",
                                              "--mail-to", "mina@example.org,sam@example.org", "--attach", "xlsx"],
                                             environment: relay.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.hasPrefix("Mailed the report as of 2026-11-20"))
        let received = try relay.messages()
        try #require(received.count == 1)
        let (message, envelope) = received[0]
        #expect(envelope["rcpt_tos"] as? [String] == ["mina@example.org", "sam@example.org"])
        #expect(envelope["mail_from"] as? String == "boardkit@example.org")
        #expect(message["subject"] as? String == "주간 보고서 — Web team 웹팀 — 2026-W47")
        #expect(message["defects"] as? [String] == [])
        #expect((message["longest_line"] as? Int ?? 999) <= 78)
        let parts = MailCommandTests.leaves(message)
        #expect(parts.map { $0["content_type"] as? String ?? "" } == ["text/plain", "text/html",
                                                                      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"])
        #expect((parts[0]["text"] as? String)?.contains("주간 보고서") == true)
        #expect((parts[1]["text"] as? String)?.contains("<table") == true)
        #expect((parts[2]["sheets"] as? [String] ?? []).count > 1, "the workbook opens in openpyxl")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: msmtp), "msmtp is installed by make test-tools"))
    func remindersArriveThroughMsmtpOnePerAssignee() throws {
        let relay = try Relay()
        let people = relay.home.path("people.csv")
        try "name,email\nmina,mina@example.org\nsam,sam@example.org\n".write(toFile: people, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["remind", MailCommandTests.sample, "--mail", "--ledger", relay.home.path("sent"), "--people", people, "--as-of", "2026-11-20",
                                              "--mail-from", "boardkit@example.org"], environment: relay.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let received = try relay.messages()
        #expect(received.map { $0.envelope["rcpt_tos"] as? [String] ?? [] }.sorted { $0.first ?? "" < $1.first ?? "" }
                == [["mina@example.org"], ["sam@example.org"]])
        for (message, _) in received {
            #expect((message["subject"] as? String)?.hasPrefix("Cards due: Web team 웹팀 — ") == true)
            #expect(message["defects"] as? [String] == [])
            // What mail filters look for: sent by a program (RFC 3834), an id on the sender's domain.
            let headers = message["headers"] as? [String: String] ?? [:]
            #expect(headers["Auto-Submitted"] == "auto-generated")
            #expect(headers["X-Auto-Response-Suppress"] == "All")
            #expect((message["message_id"] as? String)?.hasSuffix(".boardkit@example.org>") == true)
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: msmtp), "msmtp is installed by make test-tools"))
    func aServerThatRefusesIsExit1WithMsmtpsWords() throws {
        let relay = try Relay(refusing: true)
        let run = try CommandRunner.boardkit(["report", MailCommandTests.sample, "--mail-to", "nobody@example.org"],
                                             environment: relay.environment)
        #expect(run.status == 1)
        #expect(run.stdoutText == "")
        #expect(run.stderr.hasPrefix("\(Self.msmtp): error: the mailer failed (exit status "))
        #expect(run.stderr.contains("nobody@example.org"), "msmtp's own words name the refused recipient: \(run.stderr)")
        #expect(run.stderr.contains("[mail-failed]\n"))
        #expect(try relay.messages().isEmpty)
    }

    /// A recipient the server refuses in the middle of a batch: a warning in msmtp's words
    /// for them, everyone else mailed, exit 1 naming who was missed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: msmtp), "msmtp is installed by make test-tools"))
    func aRefusedRecipientDoesNotStopTheBatch() throws {
        let relay = try Relay(refusingOnly: ["jisoo@example.org"])
        let people = relay.home.path("people.csv")
        try "name,email\nalex,alex@example.org\njisoo,jisoo@example.org\nmina,mina@example.org\nsam,sam@example.org\n"
            .write(toFile: people, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["remind", MailCommandTests.sample, "--mail", "--ledger", relay.home.path("sent"), "--people", people, "--as-of", "2026-11-20"],
                                             environment: relay.environment)
        #expect(run.status == 1)
        let received = try relay.messages().map { $0.envelope["rcpt_tos"] as? [String] ?? [] }
        #expect(received == [["alex@example.org"], ["mina@example.org"], ["sam@example.org"]], "those after the refusal too")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let refused = try #require(lines.first { $0.hasSuffix("[mail-refused]") })
        #expect(refused.hasPrefix("\(Self.msmtp): warning: the mailer did not take the message to jisoo <jisoo@example.org> (exit status "))
        #expect(refused.contains("and said: msmtp: ") && refused.contains("550"), "msmtp's own words: \(refused)")
        #expect(lines.contains("error: 1 of 4 messages not mailed, to jisoo <jisoo@example.org>; the others were sent [mail-not-reached]"))
        #expect(lines.contains { $0.hasPrefix("Mailed 3 reminders as of 2026-11-20: alex <alex@example.org> (") })
        #expect(!lines.contains { $0.contains("[mail-failed]") })
    }

    /// Display names as people write them: msmtp takes the recipients from the headers, a
    /// Korean name in encoded words and a name with a comma in quotes included.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: msmtp), "msmtp is installed by make test-tools"))
    func addressesWithDisplayNamesReachTheirMailboxes() throws {
        let relay = try Relay()
        let run = try CommandRunner.boardkit(["report", MailCommandTests.sample, "--as-of", "2026-11-20",
                                              "--mail-to", #""웹팀, 모두" <team@example.org>, Lead <lead@example.org>"#,
                                              "--mail-from", #""보드킷" <boardkit@example.org>"#], environment: relay.environment)
        #expect(run.status == 0, "\(run.stderr)")
        let received = try relay.messages()
        try #require(received.count == 1)
        let (message, envelope) = received[0]
        #expect(envelope["rcpt_tos"] as? [String] == ["team@example.org", "lead@example.org"])
        #expect(message["from"] as? String == "보드킷 <boardkit@example.org>")
        #expect(message["to_names"] as? [String] == ["웹팀, 모두", "Lead"])
        #expect(message["defects"] as? [String] == [])
    }
}
