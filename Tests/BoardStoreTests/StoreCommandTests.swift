import BoardTestSupport
import Foundation
import Testing

/// The editing commands as a person uses them, and the store as a format for every other
/// command: exit codes, messages, concurrency, a killed import, files that are not stores.
@Suite("store commands")
struct StoreCommandTests {
    let tmp: TemporaryFolder
    init() throws { tmp = try TemporaryFolder() }

    @discardableResult
    func bk(_ args: [String], env: [String: String] = [:], status: Int32 = 0) throws -> ProcessOutput {
        let r = try CommandRunner.boardkit(args, environment: env)
        #expect(r.status == status, "boardkit \(args.joined(separator: " ")): \(r.stderr)")
        return r
    }

    func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// boardkit started with `args` and left running (to be killed), its output dropped.
    func started(_ args: [String]) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandRunner.boardkit)
        p.arguments = args
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        return p
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func aDayOnTheBoard(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("team.db", in: tmp)
        let env = ["BOARDKIT_BOARD": db]
        try bk(["init", "--name", "Web team", "--timezone", "Asia/Seoul"], env: env)
        let added = try bk(["add", "Fix login", "--due", "2026-12-01", "--label", "bug", "--assignee", "mina", "--actor", "mina"], env: env)
        #expect(added.stdoutText.contains("mina created #1 'Fix login' in To do"))
        #expect(added.stdoutText.contains("id: "))
        try bk(["add", "로그인 화면 다듬기", "--state", "DOING", "--actor", "지수"], env: env)
        let edited = try bk(["edit", "1", "--due", "2026-12-03", "--label", "+ui,-bug", "--actor", "mina"], env: env)
        // Dates as a person reads them, as the report shows them (they were raw ISO instants).
        #expect(edited.stdoutText.contains("due 2026-12-01 (Tue) → 2026-12-03 (Thu)"), "\(edited.stdoutText)")
        let timed = try bk(["edit", "1", "--due", "2026-12-04T18:00", "--actor", "mina"], env: env)
        #expect(timed.stdoutText.contains("due 2026-12-03 (Thu) → 2026-12-04 (Fri) 18:00"), "\(timed.stdoutText)")
        #expect(edited.stdoutText.contains("labels bug → ui"))
        // The help's own form: `--label -ui` removes (it was "Missing value for '--label'").
        let removed = try bk(["edit", "1", "--label", "-ui", "--assignee", "-mina", "--actor", "mina"], env: env)
        #expect(removed.stdoutText.contains("labels ui → none") && removed.stdoutText.contains("assignees mina → none"), "\(removed.stdoutText)")
        try bk(["move", "#1", "done", "--actor", "mina"], env: env)

        let shown = try bk(["show"], env: env).stdoutText
        #expect(shown.contains("#1  Fix login"))
        #expect(shown.contains("로그인 화면 다듬기"))
        #expect(!shown.contains("\u{1B}["), "no colour when standard output is not a terminal")

        let history = try bk(["history"], env: env).stdoutText
        #expect(history.contains("mina moved #1 'Fix login' from To do to Done"))
        let korean = try bk(["history", "1", "--locale", "ko"], env: env).stdoutText
        #expect(korean.contains("mina님이 #1 'Fix login' 카드를 To do에서 Done(으)로 옮김"))
        #expect(!korean.contains("로그인"), "history of card 1 only")

        // Undo takes back the move and says so; the report and the export forget it.
        let undone = try bk(["undo"], env: env).stdoutText
        #expect(undone.contains("Undid move: mina moved #1 'Fix login' from To do to Done"))
        #expect(try bk(["history", "--limit", "1"], env: env).stdoutText.hasSuffix("(undone)\n"))
        let json = try bk(["convert", db, "-", "--to", "json"]).stdoutText
        #expect(!json.contains("\"moved\""))
        #expect(json.contains("\"changes\": [{\"field\": \"due\""))
        try bk(["redo"], env: env)
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdoutText.contains("\"type\": \"moved\""))
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func mistakesAreExitOneWithWhatIsAccepted(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("b.db", in: tmp)
        try bk(["init", "-b", db])
        try bk(["add", "Write the docs", "-b", db])
        let card = try bk(["move", "docs", "done", "-b", db], status: 1)
        #expect(card.stderr.contains("no card 'docs'; did you mean #1 'Write the docs'"))
        #expect(card.stderr.contains("[unknown-card]"))
        let state = try bk(["move", "1", "Review", "-b", db], status: 1)
        #expect(state.stderr.contains("the board's states are To do, Doing, Done"))
        let date = try bk(["edit", "1", "--due", "someday", "-b", db], status: 1)
        #expect(date.stderr.contains("today, tomorrow"))
        #expect(try bk(["undo", "-b", db]).status == 0)
        let nothing = try bk(["undo", "-b", db], status: 1)
        #expect(nothing.stderr.contains("[nothing-to-undo]"))
        let missing = try engine.location("missing.db", in: tmp)
        #expect(try bk(["add", "x", "-b", missing], status: 1).stderr.contains("[store-missing]"))
        #expect(!FileManager.default.fileExists(atPath: tmp.path("missing.db")))
        // The libraries name the next step; boardkit words it as its own command.
        #expect(try bk(["show", "-b", tmp.path("none.db")], status: 1).stderr.contains("no store here; create one with 'boardkit init'"))
        let unknown = try bk(["move", "zzzz", "done", "-b", db], status: 1)
        #expect(unknown.stderr.contains("no card 'zzzz'; name a card by its id or its number (#12); 'boardkit show' prints them"))
        try bk(["init", "-b", db], status: 1)
    }

    /// A report's text without card numbers and the padding they widen.
    static func withoutNumbers(_ text: String) -> String {
        let number = try! Regex("#[0-9]+ "), spaces = try! Regex(" {2,}"), dashes = try! Regex("-{2,}")
        return text.replacing(number, with: "").replacing(spaces, with: " ").replacing(dashes, with: "-")
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func storeIsAFormatForEveryCommand(_ engine: StoreEngineUnderTest) throws {
        let sample = CommandRunner.sample("board.json")
        let db = try engine.location("sample.db", in: tmp), back = tmp.path("back.json")
        try bk(["convert", sample, db])
        try bk(["convert", db, back])
        #expect(try read(back) == (try read(sample)))
        #expect(try bk(["validate", db]).stdoutText.contains("40 cards, 4 states, 99 events (store)"))
        // The same report from the store, but for the card numbers a store has (`#12 title`),
        // which widen the text table's column.
        for format in ["text", "md", "json"] {
            let fromJSON = try bk(["report", sample, "--as-of", "2026-11-20", "--format", format]).stdoutText
            let fromStore = try bk(["report", db, "--as-of", "2026-11-20", "--format", format]).stdoutText
            #expect(fromStore.contains("#1 검색 필터 추가") == (format != "json"), "report --format \(format)")
            #expect(Self.withoutNumbers(fromJSON) == Self.withoutNumbers(fromStore), "report --format \(format)")
        }
        // init --from any format, then edits, then out through JSON, CSV with events and XLSX, and back.
        let team = try engine.location("team.db", in: tmp)
        try bk(["init", "-b", team, "--from", CommandRunner.sample("board.xlsx")])
        try bk(["edit", "c1", "--title", "Renamed", "--due", "2026-12-24", "-b", team])
        try bk(["move", "c2", "done", "-b", team])
        try bk(["delete", "c3", "-b", team])
        let canonical = tmp.path("team.json")
        try bk(["convert", team, canonical])
        for (name, extra) in [("again.json", [String]()), ("again.xlsx", []), ("again.csv", ["--events", tmp.path("again.events.csv")])] {
            let out = tmp.path(name), store = try engine.location(name + ".db", in: tmp), json = tmp.path(name + ".json")
            try bk(["convert", team, out] + extra)
            try bk(["convert", out, store] + extra)
            try bk(["convert", store, json])
            #expect(try read(json) == (try read(canonical)), "store → \(name) → store keeps everything")
        }
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func twentyWritersAtOnceAllLand(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("busy.db", in: tmp)
        try bk(["init", "-b", db])
        let processes: [Process] = try (1...20).map { n in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandRunner.boardkit)
            p.arguments = ["add", "card \(n)", "-b", db, "--actor", "w\(n)"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let json = try bk(["convert", db, "-", "--to", "json"]).stdoutText
        #expect(json.components(separatedBy: "\"type\": \"created\"").count - 1 == 20)
        #expect(try bk(["history", "-b", db]).stdoutText.split(separator: "\n").count == 20)
        let numbers = Set(try bk(["show", "-b", db]).stdoutText.split(separator: "\n").compactMap { $0.split(separator: " ").first { $0.hasPrefix("#") } })
        #expect(numbers.count == 20)
    }

    /// A step's time is the time it commits (issue #29: it was taken before the write lock
    /// was won, and 8 writers at once left hundreds of events out of time order).
    @Test(arguments: StoreEngineUnderTest.allCases) func eightWritersAtOnceLeaveALogInTimeOrder(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("order.db", in: tmp)
        try bk(["init", "-b", db])
        let bin = CommandRunner.boardkit
        let processes: [Process] = try (1...8).map { n in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            // Each writer adds cards and moves them: 8 × 24 commands racing for the lock.
            p.arguments = ["-c", """
                for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
                  "$0" add "w\(n) card $i" -b "$1" --actor w\(n) >/dev/null || exit 1
                  "$0" move "w\(n) card $i" doing -b "$1" --actor w\(n) >/dev/null || exit 1
                done
                """, bin, db]
            try p.run()
            return p
        }
        for p in processes { p.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 })
        let check = try bk(["validate", db])
        #expect(!check.stderr.contains("events-out-of-order"), "\(check.stderr)")
        #expect(check.stdoutText.contains("96 cards"))
    }

    /// `undo --steps N` and `redo --steps N`: N steps in one transaction, all or none.
    @Test(arguments: StoreEngineUnderTest.allCases) func severalStepsAreUndoneAndRedoneAtOnceOrNotAtAll(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("steps.db", in: tmp)
        try bk(["init", "-b", db, "--from", CommandRunner.sample("board.json")])
        let imported = try bk(["convert", db, "-", "--to", "json"]).stdout
        try bk(["move", "3", "done", "-b", db, "--actor", "a"])
        try bk(["edit", "4", "--title", "Renamed", "-b", db, "--actor", "b"])
        let edited = try bk(["convert", db, "-", "--to", "json"]).stdout
        // More than there are (the import and two): refused, nothing undone.
        let refused = try bk(["undo", "--steps", "4", "-b", db], status: 1)
        #expect(refused.stderr.contains("[nothing-to-undo]"))
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdout == edited)
        let undone = try bk(["undo", "--steps", "2", "-b", db]).stdoutText.split(separator: "\n")
        #expect(undone.count == 2 && undone[0].contains("b ") && undone[1].contains("a moved #3"))
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdout == imported)
        try bk(["redo", "--steps", "3", "-b", db], status: 1)
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdout == imported)
        try bk(["redo", "--steps", "2", "-b", db])
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdout == edited)
        try bk(["undo", "--steps", "0", "-b", db], status: 2)
    }


    /// The terminal takes what the board page takes (BoardEditing's rules), saying the
    /// problem naming the flag: no control character in a title, at most 50 labels, a name
    /// refused rather than cut.
    @Test(arguments: StoreEngineUnderTest.allCases) func whatATerminalTypesFollowsThePagesRules(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("rules.db", in: tmp)
        try bk(["init", "-b", db])
        let escape = try bk(["add", "red\u{1B}[31m", "-b", db], status: 1)
        #expect(escape.stderr.contains("the title holds a control character (U+001B)") && escape.stderr.contains("[invalid-value]"), "\(escape.stderr)")
        let many = try bk(["add", "x", "-b", db] + (1...51).flatMap { ["--label", "l\($0)"] }, status: 1)
        #expect(many.stderr.contains("--label has 51 entries; at most 50 on one card"), "\(many.stderr)")
        let long = try bk(["add", String(repeating: "t", count: 501), "-b", db], status: 1)
        #expect(long.stderr.contains("the title is 501 characters; at most 500"), "\(long.stderr)")
        let name = try bk(["add", "x", "--actor", String(repeating: "m", count: 101), "-b", db], status: 1)
        #expect(name.stderr.contains("--actor is 101 characters; at most 100"), "\(name.stderr)")
        try bk(["add", "  Fine  ", "--label", "bug", "-b", db])
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdoutText.contains(#""title": "Fine""#))
        // An empty title is one refusal whatever white space it holds, for add and edit alike
        // (spaces were a usage error, exit 2, and a line end a refusal, exit 1).
        for blank in ["", "   ", "\n", " \t\n "] {
            for args in [["add", blank], ["edit", "1", "--title", blank]] {
                let refused = try bk(args + ["-b", db], status: 1)
                #expect(refused.stderr.contains("title must not be empty [invalid-value]"), "\(args): \(refused.stderr)")
            }
        }
        #expect(try bk(["show", "1", "-b", db]).stdoutText.contains("Fine"))
    }

    /// `undo --mine` takes back the caller's own last change, as the board page's Undo does;
    /// the plain `undo` stays the board's.
    @Test(arguments: StoreEngineUnderTest.allCases) func undoMineTakesBackYourOwnChange(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("mine.db", in: tmp)
        try bk(["init", "-b", db, "--from", CommandRunner.sample("board.json")])
        try bk(["edit", "3", "--title", "Mina's title", "-b", db, "--actor", "mina"])
        try bk(["edit", "4", "--title", "Jisoo's title", "-b", db, "--actor", "jisoo"])
        let undone = try bk(["undo", "--mine", "--actor", "mina", "-b", db]).stdoutText
        #expect(undone.contains("mina") && !undone.contains("jisoo"), "\(undone)")
        let titles = try bk(["show", "-b", db]).stdoutText
        #expect(!titles.contains("Mina's title") && titles.contains("Jisoo's title"))
        let none = try bk(["undo", "--mine", "--actor", "mina", "-b", db], status: 1)
        #expect(none.stderr.contains("nothing of mina's to undo [nothing-to-undo]"), "\(none.stderr)")
        try bk(["undo", "--actor", "mina", "-b", db], status: 2)
        #expect(try bk(["undo", "-b", db]).stdoutText.contains("jisoo"))
    }
    @Test func aKilledImportLeavesNothingBehind() throws {
        let big = tmp.path("big.json")
        try bk(["sample", "--cards", "60000", "-o", big])
        let db = tmp.path("killed.db")
        let p = try started(["init", "-b", db, "--from", big])
        // Kill it once it is writing the store (its temporary file appears), or after a while.
        for _ in 0..<400 {
            let names = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path)
            if names.contains(where: { $0.hasPrefix(".killed.db") }) { break }
            usleep(10_000)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: db), "no half-made store in place")
        // The next init works, and the store is whole.
        try bk(["init", "-b", db, "--from", big])
        #expect(try bk(["validate", db]).stdoutText.contains("60000 cards"))
    }

    /// The same in PostgreSQL: an import is one transaction, so a killed one leaves no board.
    @Test func aKilledImportIntoADatabaseLeavesNoBoard() throws {
        let big = tmp.path("big.json")
        try bk(["sample", "--cards", "20000", "-o", big])
        let board = try TestPostgres.newBoard()
        let p = try started(["init", "-b", board, "--from", big])
        // Killed once it is sending the cards' rows, through COPY (PostgreSQL says what each
        // session runs).
        for _ in 0..<3_000 {
            let active = try TestPostgres.psql("SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'COPY \"cards\"%'")
            if active.hasPrefix("1") || !p.isRunning { break }
            usleep(10_000)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal, "the import ended before it was killed")
        #expect(try bk(["show", "-b", board], status: 1).stderr.contains("[store-missing]"))
        try bk(["init", "-b", board, "--from", big])
        #expect(try bk(["validate", board]).stdoutText.contains("20000 cards"))
    }

    @Test(arguments: StoreEngineUnderTest.allCases) func aKilledEditLeavesTheStoreAsItWas(_ engine: StoreEngineUnderTest) throws {
        let db = try engine.location("edit.db", in: tmp)
        try bk(["init", "-b", db, "--from", CommandRunner.sample("board.json")])
        let before = try bk(["convert", db, "-", "--to", "json"]).stdout
        // Many processes editing, each killed at a random moment: every edit lands whole or not at all.
        for n in 0..<15 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: CommandRunner.boardkit)
            p.arguments = ["edit", "c\(n % 5 + 1)", "--title", "edited \(n)", "--label", "+k\(n)", "-b", db]
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            usleep(UInt32(1_000 * (n % 8)))
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
        }
        try bk(["validate", db])
        // Undo every step the edits made: the board is byte for byte what it was.
        var undos = 0
        while try bk(["convert", db, "-", "--to", "json"]).stdout != before, undos < 15 {
            try bk(["undo", "-b", db])
            undos += 1
        }
        #expect(try bk(["convert", db, "-", "--to", "json"]).stdout == before)
        #expect(try bk(["history", "-b", db]).stdoutText.components(separatedBy: "(undone)").count - 1 >= undos)
    }

    @Test func sqliteFilesThatAreNotStoresAreRefusedUntouched() throws {
        let other = tmp.path("other.db")
        _ = try CommandRunner.run("/usr/bin/env", ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('create table t(x)'); c.execute('insert into t values (1)'); c.commit()", other])
        let before = try read(other)
        for args in [["add", "x", "-b", other], ["show", "-b", other], ["convert", other, tmp.path("o.json")], ["validate", other]] {
            let r = try bk(args, status: 1)
            #expect((r.stderr + r.stdoutText).contains("[store-not-boardkit]"), "\(args)")
        }
        #expect(try read(other) == before)
        #expect(!FileManager.default.fileExists(atPath: tmp.path("o.json")))

        // A store of a newer schema: refused by name, never migrated or written.
        let newer = tmp.path("newer.db")
        try bk(["init", "-b", newer])
        _ = try CommandRunner.run("/usr/bin/env", ["python3", "-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(\"update boardkit_store set value='99' where key='schema'\"); c.commit()", newer])
        let newerBytes = try read(newer)
        let r = try bk(["add", "x", "-b", newer], status: 1)
        #expect(r.stderr.contains("schema version 99"))
        #expect(r.stderr.contains("[store-newer-schema]"))
        #expect(try read(newer) == newerBytes)

        // A store of schema 1 (before the steps index, the sync tables and the undo order): opened,
        // migrated to 11, edited, the step undone before the upgrade redone; a read-only command
        // leaves it as it was.
        let older = tmp.path("older.db")
        try bk(["init", "-b", older])
        try bk(["add", "before the upgrade", "-b", older])
        try bk(["add", "undone before the upgrade", "-b", older])
        try bk(["undo", "-b", older])
        let downgrade = """
            import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("drop index steps_undone"); \
            c.execute("drop index steps_undo_order"); c.execute("alter table steps drop column undo_order"); \
            c.execute("drop table sync_items"); c.execute("drop table sync_remote"); c.execute("drop table sync_uids"); \
            c.execute("drop table access_secrets"); c.execute("drop table access_people"); c.execute("drop table reminders_sent"); \
            c.execute("drop index cards_last_commit"); c.execute("alter table cards drop column last_commit"); c.execute("drop table boardkit_revision"); \
            c.execute("delete from grdb_migrations where identifier in ('v2-steps-index', 'v3-sync', 'v4-sync-alarms', 'v5-sync-uids', 'v6-undo-order', 'v7-access', 'v8-reminders-sent', 'v9-sync-resource', 'v10-card-commits', 'v11-sync-pushed-through')"); \
            c.execute("update boardkit_store set value='1' where key='schema'"); c.commit()
            """
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", downgrade, older]).status == 0)
        let schema = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); print(c.execute(\"select value from boardkit_store where key='schema'\").fetchone()[0], c.execute(\"select count(*) from sqlite_master where name='steps_undone'\").fetchone()[0])"
        try bk(["show", "-b", older])
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", schema, older]).stdoutText == "1 0\n")
        #expect(try bk(["redo", "-b", older]).stdoutText.contains("undone before the upgrade"))
        #expect(try CommandRunner.run("/usr/bin/env", ["python3", "-c", schema, older]).stdoutText == "11 1\n")
        try bk(["move", "1", "done", "-b", older])
        #expect(try bk(["history", "-b", older]).stdoutText.contains("moved #1 'before the upgrade'"))
        try bk(["undo", "-b", older])
    }

    /// A store is never written over: `convert` into a file that is there (a store with its
    /// history, perhaps open in `serve`, whose next writes would go into a deleted file) is
    /// refused and the file left as it was; other outputs are replaced as always.
    @Test func convertNeverWritesOverAStore() throws {
        let db = tmp.path("team.db"), json = tmp.path("board.json")
        try bk(["sample", "--cards", "5", "--seed", "2", "-o", json])
        try bk(["init", "-b", db, "--from", json])
        try bk(["move", "1", "done", "-b", db])
        let before = try read(db)
        for args in [["convert", json, db], ["convert", json, tmp.path("link.db")]] {
            if args[2].hasSuffix("link.db") { try FileManager.default.createSymbolicLink(atPath: args[2], withDestinationPath: db) }
            let r = try bk(args, status: 1)
            #expect(r.stderr.contains("[store-exists]") && r.stderr.contains("never written over"), "\(args): \(r.stderr)")
        }
        #expect(try read(db) == before)
        #expect(try bk(["history", "-b", db]).stdoutText.contains("moved #1"))
        try bk(["convert", json, tmp.path("new.db")])
        #expect(try bk(["show", "-b", tmp.path("new.db")]).stdoutText.contains("#5"))
        try bk(["convert", db, json])
        #expect(try String(contentsOfFile: json, encoding: .utf8).contains("\"done\""))
    }

    /// A path that is there but cannot be read as a file says why, rather than calling it
    /// "not a boardkit store".
    @Test func aStoreThatCannotBeReadSaysWhy() throws {
        let folder = tmp.path("a-folder.db")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for args in [["show", "-b", folder], ["add", "x", "-b", folder]] {
            let r = try bk(args, status: 1)
            #expect(r.stderr.contains("[store-failed]") && r.stderr.contains("Is a directory"), "\(args): \(r.stderr)")
        }
    }
}
