import BoardTestSupport
import Foundation
import Testing

/// `boardkit report --mail-to` and `boardkit remind --mail` as a user runs them, the messages
/// read back with Python's `email` parser (Tests/Oracles/mail_read.py) as a mail client would.
/// Here the mailer is a stand-in script that keeps what it is given; MsmtpTests sends through
/// the real msmtp to an SMTP server.
@Suite("mailing from the command")
struct MailCommandTests {
    static let sample = CommandRunner.sample("board.json")

    /// A folder with a stand-in sendmail that keeps each message as NNN.eml (or fails).
    struct Mailbox {
        let folder: TemporaryFolder
        let sendmail: String

        init(failing: Bool = false) throws {
            folder = try TemporaryFolder()
            let keep = "n=$(ls '\(folder.path(""))' | grep -c '\\.eml$'); cat > \"\(folder.path(""))/$(printf %03d $((n + 1))).eml\""
            let script = failing ? "cat > /dev/null\necho 'sendmail: fatal: no route to mail.example.org' >&2\nexit 75" : keep
            sendmail = try folder.script("sendmail", "#!/bin/sh\n\(script)\n")
        }

        var messages: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).filter { $0.hasSuffix(".eml") }.sorted()
                .map { folder.path($0) }
        }

        /// Each message as the oracle reads it.
        func read() throws -> [[String: Any]] {
            try MailCommandTests.read(messages)
        }
    }

    static func read(_ paths: [String]) throws -> [[String: Any]] {
        guard !paths.isEmpty else { return [] }
        let run = try CommandRunner.python("mail_read.py", paths)
        #expect(run.status == 0, "\(run.stderr)")
        return try JSONSerialization.jsonObject(with: run.stdout) as? [[String: Any]] ?? []
    }

    /// The leaf parts of a message, depth first.
    static func leaves(_ message: [String: Any]) -> [[String: Any]] {
        func walk(_ part: [String: Any]) -> [[String: Any]] {
            if let parts = part["parts"] as? [[String: Any]] { return parts.flatMap(walk) }
            return [part]
        }
        return walk(message)
    }

    @Test func theReportArrivesAsTextAndHTMLTablesWithTheWorkbook() throws {
        let box = try Mailbox()
        let run = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--mail-to", "a@x.org, b@x.org",
                                              "--mail-from", "boardkit@example.org", "--attach", "xlsx", "--sendmail", box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText == "Mailed the report as of 2026-11-20 (8 weeks, 40 cards) to 2 addresses: a@x.org, b@x.org\n")
        let message = try #require(try box.read().first)
        #expect(message["subject"] as? String == "Weekly report — Web team 웹팀 — 2026-W47")
        #expect(message["to"] as? [String] == ["a@x.org", "b@x.org"])
        #expect(message["from"] as? String == "boardkit@example.org")
        #expect(message["mime_version"] as? String == "1.0")
        #expect((message["message_id"] as? String)?.hasPrefix("<") == true)
        #expect(message["date_parsed"] as? String != nil)
        #expect(message["defects"] as? [String] == [])
        #expect((message["longest_line"] as? Int ?? 999) <= 78)
        #expect(message["content_type"] as? String == "multipart/mixed")
        let parts = Self.leaves(message)
        #expect(parts.map { $0["content_type"] as? String } == ["text/plain", "text/html",
                                                                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"])
        let text = parts[0]["text"] as? String ?? ""
        #expect(text.contains("Weekly report") && text.contains("Web team 웹팀"))
        let html = parts[1]["text"] as? String ?? ""
        #expect(html.contains("<table") && html.contains("Web team 웹팀"))
        #expect(html.contains("<h2>Overdue (15)</h2>") && html.contains("<h2>Forecast</h2>"), "the report's sections, as tables")
        for absent in ["<svg", "<script", "<img", "src=", "url("] {
            #expect(!html.lowercased().contains(absent), "the HTML part holds \(absent)")
        }
        // Nothing loads from elsewhere; a card with a link on its board is a link to it.
        #expect(html.components(separatedBy: "https://").count == html.components(separatedBy: "<a href=\"https://").count)
        #expect(parts.allSatisfy { ["quoted-printable", "base64"].contains($0["transfer_encoding"] as? String ?? "") })
        #expect(parts[2]["filename"] as? String == "report-2026-W47.xlsx")
        #expect((parts[2]["sheets"] as? [String] ?? []).count > 1, "the attachment opens in openpyxl")
    }

    @Test func aKoreanReportHasItsSubjectWhole() throws {
        let box = try Mailbox()
        let run = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--locale", "ko", "--mail-to", "a@x.org",
                                              "--sendmail", box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        let message = try #require(try box.read().first)
        #expect(message["subject"] as? String == "주간 보고서 — Web team 웹팀 — 2026-W47")
        #expect((message["subject_raw"] as? String)?.hasPrefix("=?UTF-8?B?") == true)
        #expect(message["content_type"] as? String == "multipart/alternative")
        #expect((Self.leaves(message)[0]["text"] as? String)?.contains("주간 보고서") == true)
        #expect(message["from"] == nil || message["from"] is NSNull, "no From: the mailer puts the account's")
    }

    @Test func theMailerFromTheEnvironmentAndAGivenSubject() throws {
        let box = try Mailbox()
        let run = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--mail-to", "a@x.org", "--subject", "Status\nBcc: c@x.org"],
                                             environment: ["SENDMAIL": box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        let message = try #require(try box.read().first)
        #expect(message["subject"] as? String == "Status Bcc: c@x.org")
        #expect(message["to"] as? [String] == ["a@x.org"])
    }

    @Test func aFailingMailerIsExit1WithItsMessageAndNothingSaidSent() throws {
        let box = try Mailbox(failing: true)
        let run = try CommandRunner.boardkit(["report", Self.sample, "--mail-to", "a@x.org", "--sendmail", box.sendmail])
        #expect(run.status == 1)
        #expect(run.stdoutText == "")
        #expect(run.stderr == "\(box.sendmail): error: the mailer failed (exit status 75) and said: sendmail: fatal: no route to "
                + "mail.example.org; the message was not sent [mail-failed]\n1 error, 0 warnings\n")
        let missing = try CommandRunner.boardkit(["report", Self.sample, "--mail-to", "a@x.org", "--sendmail", "/nonexistent/sendmail"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("/nonexistent/sendmail: error: no mailer at /nonexistent/sendmail"))
        #expect(missing.stderr.contains("[mail-failed]\n"))
    }

    @Test func aBadAddressIsRefusedBeforeAnythingIsDone() throws {
        let box = try Mailbox()
        let run = try CommandRunner.boardkit(["report", Self.sample, "--mail-to", "a@x.org,bob", "--sendmail", box.sendmail])
        #expect(run.status == 1)
        #expect(run.stderr == "error: 'bob' is not a mail address (name@example.org); nothing was sent [mail-bad-address]\n1 error, 0 warnings\n")
        #expect(box.messages.isEmpty)
        let usage = try CommandRunner.boardkit(["report", Self.sample, "--mail-to", "a@x.org", "-o", "r.html"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("-o does not go with --mail-to"))
        let attachAlone = try CommandRunner.boardkit(["report", Self.sample, "--attach", "xlsx"])
        #expect(attachAlone.status == 2)
        #expect(attachAlone.stderr.contains("--attach goes with --mail-to"))
    }

    @Test func aFilteredReportSaysItsFilterInTheSubject() throws {
        let box = try Mailbox()
        let run = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--where", "assignee=mina",
                                              "--mail-to", "mina@example.org", "--sendmail", box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        let message = try #require(try box.read().first)
        #expect(message["subject"] as? String == "Weekly report — Web team 웹팀 (assignee=mina) — 2026-W47")
        #expect((Self.leaves(message)[1]["text"] as? String)?.contains("Web team 웹팀 (assignee=mina)</h1>") == true)
    }

    // MARK: remind

    @Test func whereNarrowsTheReminders() throws {
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--as-of", "2026-11-20", "--where", "assignee=mina"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.hasPrefix("mina: Your cards due on"))
        #expect(!run.stdoutText.contains("\nsam: "))
        #expect(run.stderr.hasPrefix("Listed 1 reminder as of 2026-11-20: mina ("))
        let typo = try CommandRunner.boardkit(["remind", Self.sample, "--where", "assignee=minna"])
        #expect(typo.status == 1)
        #expect(typo.stderr.hasPrefix("--where"), "\(typo.stderr)")
    }

    static func people(_ folder: TemporaryFolder, _ text: String) throws -> String {
        let path = folder.path("people.csv")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func eachAssigneeGetsOneMessageGroupedByWhenDue() throws {
        let box = try Mailbox()
        let people = try Self.people(box.folder, "name,email\nmina,mina@example.org\nsam,sam@example.org\nalex,alex@example.org\n"
                                     + "hyunwoo,hyunwoo@example.org\njisoo,jisoo@example.org\n")
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--mail", "--ledger", box.folder.path("sent"), "--people", people, "--as-of", "2026-11-20",
                                              "--sendmail", box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        // dana has cards due and no line in the file: a warning naming her, not a silent skip.
        #expect(run.stderr.contains("warning: 'dana' has"))
        #expect(run.stderr.contains("[mail-no-address]"))
        let messages = try box.read()
        #expect(run.stdoutText.hasPrefix("Mailed \(messages.count) reminders as of 2026-11-20"))
        #expect(messages.count >= 2)
        for message in messages {
            let to = (message["to"] as? [String] ?? []).first ?? ""
            let name = String(to.prefix { $0 != "@" })
            #expect(message["subject"] as? String == "Cards due: Web team 웹팀 — \(name) — 2026-11-20 (Fri)")
            let text = Self.leaves(message)[0]["text"] as? String ?? ""
            #expect(text.hasPrefix("\(name): Your cards due on Web team 웹팀"))
            #expect(text.contains("Overdue (") || text.contains("Due today (") || text.contains("Due this week ("))
            #expect((message["longest_line"] as? Int ?? 999) <= 78)
        }
    }

    @Test func aDryRunPrintsTheMessagesAndSendsNothing() throws {
        let box = try Mailbox()
        let people = try Self.people(box.folder, "mina,mina@example.org\n")
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--mail", "--dry-run", "--people", people, "--as-of", "2026-11-20",
                                              "--locale", "ko", "--sendmail", box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(box.messages.isEmpty)
        #expect(run.stdoutText.hasPrefix("To: mina@example.org\nSubject: =?UTF-8?B?"))
        #expect(run.stderr.contains("Would mail 1 reminder as of 2026-11-20"))
        #expect(run.stderr.contains("nothing sent (--dry-run)"))
        // What was printed is the message a mailer would get: it reads back.
        let file = box.folder.path("dry.eml")
        try run.stdout.write(to: URL(fileURLWithPath: file))
        let message = try #require(try Self.read([file]).first)
        #expect((message["subject"] as? String)?.hasPrefix("마감 알림: Web team 웹팀 — mina — 2026년 11월 20일 (금)") == true)
        #expect((Self.leaves(message)[0]["text"] as? String)?.contains("기한 지남 (") == true)
    }

    @Test func withoutMailTheListsArePrinted() throws {
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--as-of", "2026-11-20"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains("mina: Your cards due on Web team 웹팀 (2026-11-20 (Fri))"))
        #expect(run.stderr.hasPrefix("Listed "))
        let dryAlone = try CommandRunner.boardkit(["remind", Self.sample, "--dry-run"])
        #expect(dryAlone.status == 2)
    }

    @Test func aStoresCardsAreNamedByTheirNumbers() throws {
        let folder = try TemporaryFolder()
        let store = folder.path("team.db")
        try #require(try CommandRunner.boardkit(["init", "-b", store, "--from", Self.sample]).status == 0)
        let run = try CommandRunner.boardkit(["remind", store, "--as-of", "2026-11-20", "--where", "assignee=mina"])
        #expect(run.status == 0, "\(run.stderr)")
        // The same cards as the file's, each by the number `boardkit edit` takes.
        #expect(run.stdoutText.contains("- #4 Document search filters · DOING · Due 2026-10-16 (Fri) 18:00\n"), "\(run.stdoutText)")
        #expect(!run.stdoutText.contains("- c"))
    }

    @Test func aBadPeopleFileIsAnErrorAtItsLine() throws {
        let box = try Mailbox()
        let people = try Self.people(box.folder, "mina,mina@example.org\nsam;sam@example.org\n")
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--mail", "--ledger", box.folder.path("sent"), "--people", people, "--sendmail", box.sendmail])
        #expect(run.status == 1)
        #expect(run.stderr == "\(people):2: error: 'sam;sam@example.org' is not 'name,email' with a mail address; fix the line (docs/mail.md) [mail-bad-people]\n1 error, 0 warnings\n")
        #expect(box.messages.isEmpty)
    }

    /// A stand-in mailer that refuses one address (as msmtp does, exit 67 with its words)
    /// and keeps the others' messages.
    @Test func aRefusedAddressIsAWarningAndTheOthersAreSent() throws {
        let box = try Mailbox()
        let keep = box.sendmail
        let refusing = try box.folder.script("refusing", """
            #!/bin/sh
            message=$(cat)
            if printf '%s' "$message" | grep -q '^To: jisoo@example.org$'; then
              echo 'sendmail: recipient address jisoo@example.org not accepted by the server' >&2; exit 67
            fi
            printf '%s\\n' "$message" | '\(keep)'

            """)
        let people = try Self.people(box.folder, "alex,alex@example.org\njisoo,jisoo@example.org\nmina,mina@example.org\n")
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--mail", "--ledger", box.folder.path("sent"), "--people", people, "--as-of", "2026-11-20",
                                              "--sendmail", refusing])
        #expect(run.status == 1)
        #expect(try box.read().map { $0["to"] as? [String] ?? [] } == [["alex@example.org"], ["mina@example.org"]])
        #expect(run.stderr.contains("\(refusing): warning: the mailer did not take the message to jisoo <jisoo@example.org> (exit status 67) "
                                    + "and said: sendmail: recipient address jisoo@example.org not accepted by the server; going on with the others [mail-refused]\n"))
        #expect(run.stderr.contains("error: 1 of 3 messages not mailed, to jisoo <jisoo@example.org>; the others were sent [mail-not-reached]\n"))
    }

    /// A mailer that cannot be run fails every message alike: the batch stops at the first,
    /// and all are named as not reached.
    @Test func aMissingMailerStopsTheBatchAndNamesEveryone() throws {
        let folder = try TemporaryFolder()
        let people = try Self.people(folder, "alex,alex@example.org\nmina,mina@example.org\n")
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--mail", "--ledger", folder.path("sent"), "--people", people, "--as-of", "2026-11-20",
                                              "--sendmail", "/nonexistent/sendmail"])
        #expect(run.status == 1)
        #expect(run.stderr.components(separatedBy: "[mail-failed]").count == 2, "one mail-failed, not one per message: \(run.stderr)")
        #expect(run.stderr.contains("error: 2 of 2 messages not mailed, to alex <alex@example.org>, mina <mina@example.org>; "
                                    + "the others were sent [mail-not-reached]\n"))
    }

    /// The sample has two cards due with no assignee (c24, c30): said in the summary, or
    /// mailed to the address `--unassigned-to` gives.
    @Test func cardsDueWithNoAssigneeGoToSomeoneOrAreCounted() throws {
        let listed = try CommandRunner.boardkit(["remind", Self.sample, "--as-of", "2026-11-20"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stderr.hasSuffix("; 2 cards due with no assignee, reminded to nobody (--unassigned-to ADDRESS takes them)\n"))
        let box = try Mailbox()
        let people = try Self.people(box.folder, "mina,mina@example.org\n")
        let run = try CommandRunner.boardkit(["remind", Self.sample, "--mail", "--ledger", box.folder.path("sent"), "--people", people, "--as-of", "2026-11-20",
                                              "--unassigned-to", "Lead <lead@example.org>", "--sendmail", box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.hasPrefix("Mailed 2 reminders as of 2026-11-20: mina <mina@example.org> ("))
        #expect(run.stdoutText.hasSuffix(", (unassigned) <lead@example.org> (2 cards)\n"), "\(run.stdoutText)")
        let lead = try #require(try box.read().first { $0["to"] as? [String] == ["lead@example.org"] })
        #expect(lead["subject"] as? String == "Cards due: Web team 웹팀 — (unassigned) — 2026-11-20 (Fri)")
        let text = Self.leaves(lead)[0]["text"] as? String ?? ""
        #expect(text.hasPrefix("(unassigned): Cards due with no assignee on Web team 웹팀"))
        #expect(text.contains("- c24 ") && text.contains("- c30 "))
        let alone = try CommandRunner.boardkit(["remind", Self.sample, "--unassigned-to", "lead@example.org"])
        #expect(alone.status == 2, "--unassigned-to goes with --mail")
    }

    /// An Asana export carries each assignee's address (`Assignee Email`): no people file
    /// is needed, and a people file's line wins over the board's.
    @Test func theBoardsOwnAddressesStandInForThePeopleFile() throws {
        let asana = CommandRunner.sample("foreign/asana.csv")
        let box = try Mailbox()
        let run = try CommandRunner.boardkit(["remind", asana, "--mail", "--ledger", box.folder.path("sent"), "--as-of", "2026-11-24", "--sendmail", box.sendmail])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("[mail-no-address]"))
        #expect(run.stdoutText == "Mailed 2 reminders as of 2026-11-24: Joon Park <joon@example.com> (1 card), Mina Kim <mina@example.com> (1 card)\n")
        #expect(try box.read().map { $0["to"] as? [String] ?? [] } == [["joon@example.com"], ["mina@example.com"]])
        let file = try Self.people(box.folder, "Mina Kim,mina.kim@example.org\n")
        let overridden = try CommandRunner.boardkit(["remind", asana, "--mail", "--dry-run", "--as-of", "2026-11-24", "--people", file])
        #expect(overridden.stdoutText.contains("To: mina.kim@example.org\n") && overridden.stdoutText.contains("To: joon@example.com\n"))
    }
}
