import BoardTestSupport
import Foundation
import Synchronization
import Testing

/// `remind --mail` as the 15-minute timer runs it, with a fake clock (`--as-of`) across
/// runs: the reminders set on cards go once each, at the first run after their time; each
/// assignee's digest once a day from `--digest-at`; a rerun, a refusal, a run killed
/// mid-send and two runs at once never mail a message twice (the ledger).
@Suite("remind's ledger", .serialized)
struct RemindLedgerTests {
    /// A board in Seoul: #a due Friday (a date) reminded the day before (Thursday 09:00)
    /// and on Thursday at 15:00; #b done and #c archived, both with reminders never sent;
    /// #d with no assignee.
    static let board = """
        {"format": "boardkit/2", "board": {"id": "b", "name": "Team 팀", "timezone": "Asia/Seoul"},
         "states": [{"id": "todo", "name": "To do", "category": "todo"}, {"id": "done", "name": "Done", "category": "done"}],
         "cards": [
          {"id": "a", "title": "Write the report", "state": "todo", "due": "2026-12-04", "assignees": ["mina"],
           "reminders": ["-P1D", "2026-12-03T15:00:00+09:00"]},
          {"id": "b", "title": "Done already", "state": "done", "due": "2026-12-04", "assignees": ["mina"], "reminders": ["-P1D"]},
          {"id": "c", "title": "Put away", "state": "todo", "due": "2026-12-04", "assignees": ["mina"], "reminders": ["-P1D"], "archived": true},
          {"id": "d", "title": "Nobody's", "state": "todo", "reminders": ["2026-12-03T09:00:00+09:00"]}
         ]}
        """

    struct Setup {
        let folder: TemporaryFolder
        let board: String
        let people: String

        init(board text: String = RemindLedgerTests.board) throws {
            folder = try TemporaryFolder()
            board = folder.path("team.json")
            try text.write(toFile: board, atomically: true, encoding: .utf8)
            people = folder.path("people.csv")
            try "name,email\nmina,mina@example.org\nsam,sam@example.org\njisoo,jisoo@example.org\n"
                .write(toFile: people, atomically: true, encoding: .utf8)
        }

        /// `remind BOARD --mail` at `asOf` (Seoul time), through the relay's msmtp.
        func remind(_ asOf: String, _ relay: MsmtpTests.Relay, _ more: [String] = []) throws -> ProcessOutput {
            try CommandRunner.boardkit(["remind", board, "--mail", "--people", people, "--as-of", asOf + "+09:00"] + more,
                                       environment: relay.environment)
        }
    }

    static func subjects(_ relay: MsmtpTests.Relay) throws -> [String] {
        try relay.messages().map { $0.message["subject"] as? String ?? "" }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: MsmtpTests.msmtp), "msmtp is installed by make test-tools"))
    func eachReminderArrivesOnceAtTheFirstRunAfterItsTime() throws {
        let setup = try Setup()
        let relay = try MsmtpTests.Relay()
        let digestAt = ["--digest-at", "09:30"]

        var run = try setup.remind("2026-12-03T08:50", relay, digestAt)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText == "Mailed 0 reminders as of 2026-12-03\n", "before 09:00 nothing is due, before 09:30 no digest")
        #expect(try relay.messages().isEmpty)

        run = try setup.remind("2026-12-03T09:05", relay, digestAt)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.hasPrefix("Mailed 0 reminders as of 2026-12-03; 1 card reminder: a to mina <mina@example.org>; "))
        #expect(run.stdoutText.contains("1 card reminder of a card with no assignee, sent to nobody"))
        #expect(try Self.subjects(relay) == ["Reminder: a Write the report — Due 2026-12-04 (Fri)"])
        let (message, envelope) = try relay.messages()[0]
        #expect(envelope["rcpt_tos"] as? [String] == ["mina@example.org"])
        let text = MailCommandTests.leaves(message)[0]["text"] as? String ?? ""
        #expect(text.contains("Reminder: -P1D: 2026-12-03 (Thu) 09:00"), "\(text)")
        #expect(message["defects"] as? [String] == [])

        // The same run again (a timer fired twice): nothing new.
        run = try setup.remind("2026-12-03T09:05", relay, digestAt)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutText.contains("1 message sent before, left out (\(setup.board).reminded)"), "\(run.stdoutText)")
        #expect(try relay.messages().count == 1)

        // 09:35: the day's digest, once; 15:10: the second reminder.
        run = try setup.remind("2026-12-03T09:35", relay, digestAt)
        #expect(run.stdoutText.hasPrefix("Mailed 1 reminder as of 2026-12-03: mina <mina@example.org> (1 card)"), "\(run.stdoutText)")
        run = try setup.remind("2026-12-03T09:50", relay, digestAt)
        #expect(run.stdoutText.hasPrefix("Mailed 0 reminders"))
        run = try setup.remind("2026-12-03T15:10", relay, digestAt)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.subjects(relay) == ["Reminder: a Write the report — Due 2026-12-04 (Fri)",
                                             "Cards due: Team 팀 — mina — 2026-12-03 (Thu)",
                                             "Reminder: a Write the report — Due 2026-12-04 (Fri)"])
        // The next day: that day's digest; no reminder again, none for the done or archived card.
        run = try setup.remind("2026-12-04T10:00", relay, digestAt)
        #expect(try Self.subjects(relay).count == 4)
        #expect(try Self.subjects(relay).last == "Cards due: Team 팀 — mina — 2026-12-04 (Fri)")
        #expect(FileManager.default.fileExists(atPath: setup.board + ".reminded"), "the ledger is beside the board")
    }

    /// A reminder whose time passed while no run was made goes late, up to a day late; not later.
    @Test func aReminderGoesUpToADayLate() throws {
        let setup = try Setup()
        let box = try MailCommandTests.Mailbox()
        let late = try CommandRunner.boardkit(["remind", setup.board, "--mail", "--people", setup.people, "--as-of", "2026-12-04T08:59+09:00",
                                               "--digest-at", "23:00", "--sendmail", box.sendmail])
        #expect(late.status == 0, "\(late.stderr)")
        #expect(late.stdoutText.contains("; 2 card reminders: a to mina <mina@example.org>, a to mina <mina@example.org>;"),
                "09:00 and 15:00 the day before are within a day: \(late.stdoutText)")
        let other = try Setup()
        let tooLate = try CommandRunner.boardkit(["remind", other.board, "--mail", "--people", other.people, "--as-of", "2026-12-04T15:01+09:00",
                                                  "--digest-at", "23:00", "--sendmail", box.sendmail])
        #expect(tooLate.stdoutText == "Mailed 0 reminders as of 2026-12-04\n", "\(tooLate.stdoutText)")
    }

    /// The server refuses one recipient in the middle: everyone else is mailed, and the next
    /// run (the server taking it now) mails only the one not reached.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: MsmtpTests.msmtp), "msmtp is installed by make test-tools"))
    func aRerunReachesOnlyThoseNotReached() throws {
        let setup = try Setup(board: Self.board.replacingOccurrences(of: #""assignees": ["mina"],"#, with: #""assignees": ["jisoo", "mina", "sam"],"#))
        let refusing = try MsmtpTests.Relay(refusingOnly: ["mina@example.org"])
        let first = try setup.remind("2026-12-03T09:05", refusing)
        #expect(first.status == 1)
        #expect(first.stderr.contains("[mail-refused]") && first.stderr.contains("not mailed, to mina <mina@example.org>"), "\(first.stderr)")
        let reached = try refusing.messages().map { $0.envelope["rcpt_tos"] as? [String] ?? [] }
        #expect(reached.sorted { $0[0] < $1[0] } == [["jisoo@example.org"], ["jisoo@example.org"], ["sam@example.org"], ["sam@example.org"]],
                "each a digest and a card reminder")

        let accepting = try MsmtpTests.Relay()
        let second = try setup.remind("2026-12-03T09:20", accepting)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try accepting.messages().map { $0.envelope["rcpt_tos"] as? [String] ?? [] } == [["mina@example.org"], ["mina@example.org"]])
        #expect(second.stdoutText.contains("4 messages sent before"), "\(second.stdoutText)")
    }

    /// A run killed while its mailer runs leaves its claim: the message may have gone, so no
    /// later run sends it again, and one says so (once).
    @Test func aRunKilledMidSendIsNotSentAgainAndSaidOnce() throws {
        let setup = try Setup()
        let marker = setup.folder.path("mailer-started")
        let hanging = try setup.folder.script("hanging", "#!/bin/sh\ncat > /dev/null\necho $$ > '\(marker)'\nexec sleep 60\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.boardkit)
        process.arguments = ["remind", setup.board, "--mail", "--people", setup.people, "--as-of", "2026-12-03T09:05+09:00",
                             "--digest-at", "23:00", "--sendmail", hanging]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while !FileManager.default.fileExists(atPath: marker) && waited < 200 {
            usleep(50_000)
            waited += 1
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        if let pid = try? String(contentsOfFile: marker, encoding: .utf8), let mailer = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(mailer, SIGKILL)
        }
        let box = try MailCommandTests.Mailbox()
        let later = ["--digest-at", "23:00", "--sendmail", box.sendmail]
        let after = try CommandRunner.boardkit(["remind", setup.board, "--mail", "--people", setup.people, "--as-of", "2026-12-03T11:00+09:00"] + later)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stderr.components(separatedBy: "[mail-unsure]").count == 2, "said once: \(after.stderr)")
        #expect(after.stderr.contains("a run of remind stopped while it mailed the reminder of card a/-P1D/"))
        #expect(box.messages.isEmpty, "not sent again")
        let again = try CommandRunner.boardkit(["remind", setup.board, "--mail", "--people", setup.people, "--as-of", "2026-12-03T11:15+09:00"] + later)
        #expect(!again.stderr.contains("[mail-unsure]"))
        #expect(box.messages.isEmpty)
    }

    /// `--dry-run` shows what the next run would mail (nothing sent before), writes no ledger.
    @Test func aDryRunShowsWhatWouldGoAndWritesNothing() throws {
        let setup = try Setup()
        let box = try MailCommandTests.Mailbox()
        func dry() throws -> ProcessOutput {
            try CommandRunner.boardkit(["remind", setup.board, "--mail", "--dry-run", "--people", setup.people,
                                        "--as-of", "2026-12-03T09:05+09:00", "--digest-at", "23:00"])
        }
        #expect(try dry().stderr.hasPrefix("Would mail 0 reminders as of 2026-12-03; 1 card reminder: a to mina <mina@example.org>"))
        #expect(!FileManager.default.fileExists(atPath: setup.board + ".reminded"))
        let sent = try CommandRunner.boardkit(["remind", setup.board, "--mail", "--people", setup.people, "--as-of", "2026-12-03T09:05+09:00",
                                               "--digest-at", "23:00", "--sendmail", box.sendmail])
        #expect(sent.status == 0 && box.messages.count == 1, "\(sent.stderr)")
        let after = try dry()
        #expect(after.stdoutText.isEmpty)
        #expect(after.stderr.hasPrefix("Would mail 0 reminders as of 2026-12-03; 1 message sent before, left out"), "\(after.stderr)")
    }

    /// Two timers at once on one store (SQLite, or a PostgreSQL board two machines remind):
    /// each message is mailed by one of them.
    @Test(arguments: StoreEngineUnderTest.allCases)
    func twoRunsAtOnceMailEachMessageOnce(_ engine: StoreEngineUnderTest) throws {
        let folder = try TemporaryFolder()
        let store = try engine.location("team.db", in: folder)
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--timezone", "Asia/Seoul"]).status == 0)
        let people = ["alex", "jisoo", "mina", "sam", "yuna", "joon"]
        for (n, name) in people.enumerated() {
            let add = try CommandRunner.boardkit(["add", "Card \(n)", "-b", store, "--assignee", "\(name)@example.org",
                                                  "--due", "2026-12-04", "--remind", "-P1D"])
            #expect(add.status == 0, "\(add.stderr)")
        }
        // A mailer slow enough that the two runs overlap.
        let keep = "n=$(mktemp '\(folder.path("mail"))-XXXXXX'); cat > \"$n\"; sleep 0.2"
        let slow = try folder.script("sendmail", "#!/bin/sh\n\(keep)\n")
        let args = ["remind", store, "--mail", "--as-of", "2026-12-03T09:05+09:00", "--sendmail", slow]
        let results = Mutex<[ProcessOutput]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            if let run = try? CommandRunner.boardkit(args) { results.withLock { $0.append(run) } }
        }
        let runs = results.withLock { $0 }
        #expect(runs.count == 2 && runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
        let mailed = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("mail-") }
        #expect(mailed.count == 2 * people.count, "a digest and a card reminder each, once: \(mailed.count)")
        let third = try CommandRunner.boardkit(args)
        #expect(third.stdoutText.contains("12 messages sent before"), "\(third.stdoutText)")
    }

    @Test func aTimeOfDayIsHoursAndMinutes() throws {
        for bad in ["25:00", "8", "08:60", "8h", "+8:00"] {
            let run = try CommandRunner.boardkit(["remind", MailCommandTests.sample, "--mail", "--digest-at", bad])
            #expect(run.status == 2, "\(bad)")
            #expect(run.stderr.contains("--digest-at: a time of day as HH:MM"), "\(bad): \(run.stderr)")
        }
        let alone = try CommandRunner.boardkit(["remind", MailCommandTests.sample, "--ledger", "/tmp/x"])
        #expect(alone.status == 2, "--ledger goes with --mail")
    }
}
