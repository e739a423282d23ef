import Foundation
import Testing
import BoardTabular
import BoardTestSupport

/// The built `boardkit` binary, run as a user would: exit codes, standard input and output,
/// atomic output, and bad input that must give a diagnostic and never a crash.
@Suite("boardkit command line")
struct CommandLineTests {
    let tmp: TemporaryFolder
    init() throws { tmp = try TemporaryFolder() }

    func sample(cards: Int = 30, seed: Int = 1, to name: String = "board.json") throws -> String {
        let path = tmp.path(name)
        let r = try CommandRunner.boardkit(["sample", "--cards", "\(cards)", "--seed", "\(seed)", "-o", path])
        #expect(r.status == 0, "\(r.stderr)")
        return path
    }

    /// Runs `boardkit ARGS` through the shell with `redirect` (`>/dev/full`, `>&-`).
    func shell(_ args: [String], _ redirect: String) throws -> ProcessOutput {
        let quoted = ([CommandRunner.boardkit] + args).map { "'\($0)'" }.joined(separator: " ")
        return try CommandRunner.run("/bin/sh", ["-c", "\(quoted) \(redirect)"], environment: ["SWIFT_BACKTRACE": "enable=no"])
    }

    /// Exit 0 comes with a summary of what was written: convert, sample and report print one
    /// line on standard output when they write a file; writing to standard output, the data
    /// is all there is; a refused run prints no summary.
    @Test func aWrittenFileIsSummarised() throws {
        let board = try sample(cards: 12)
        let out = tmp.path("out.xlsx")
        let convert = try CommandRunner.boardkit(["convert", board, out])
        #expect(convert.status == 0)
        #expect(convert.stdoutText.hasPrefix("Wrote \(out): 12 cards, "), "\(convert.stdout)")
        let made = try CommandRunner.boardkit(["sample", "--cards", "5", "-o", tmp.path("five.json")])
        #expect(made.stdoutText.hasPrefix("Wrote \(tmp.path("five.json")): 5 cards, "))
        let report = try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-20", "-o", tmp.path("r.md")])
        #expect(report.stdoutText == "Wrote \(tmp.path("r.md")): md report as of 2026-11-20, 8 weeks, 12 cards\n")
        let piped = try CommandRunner.boardkit(["convert", board, "-", "--to", "csv"])
        #expect(!piped.stdoutText.contains("Wrote"))
        try "not json".write(toFile: tmp.path("bad.json"), atomically: true, encoding: .utf8)
        let refused = try CommandRunner.boardkit(["convert", tmp.path("bad.json"), tmp.path("never.csv")])
        #expect(refused.status == 1 && refused.stdout.isEmpty)
    }

    /// The summary counts what went into the file, not what the board had: a CSV without its
    /// events file holds cards only, a feed holds the cards it has items for (it said "12
    /// cards, 4 states, N events" for both).
    @Test func theSummaryCountsWhatTheFileHolds() throws {
        let board = try sample(cards: 12)
        func summary(_ name: String, _ extra: [String] = []) throws -> (line: String, file: String) {
            let out = tmp.path(name)
            let run = try CommandRunner.boardkit(["convert", board, out] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let prefix = "Wrote \(out): "
            let line = run.stdoutText.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            return (line ?? run.stdoutText, try String(contentsOfFile: out, encoding: .utf8))
        }
        let events = try String(contentsOfFile: board, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"at\": ") }.count
        #expect(try summary("plain.csv").line == "12 cards")
        #expect(try summary("whole.csv", ["--events", tmp.path("whole.events.csv")]).line == "12 cards, 4 states, \(events) events")
        let feed = try summary("feed.ics")
        let vevents = feed.file.components(separatedBy: "BEGIN:VEVENT").count - 1
        #expect(vevents < 12 && feed.line == "\(vevents) calendar event\(vevents == 1 ? "" : "s")", "\(feed.line)")
        let todos = try summary("todo.ics", ["--component", "todo", "--include-done"])
        let vtodos = todos.file.components(separatedBy: "BEGIN:VTODO").count - 1
        #expect(todos.line == "\(vtodos) to-dos" && vtodos > vevents)
        #expect(try summary("board.trello.json", ["--to", "trello"]).line == "12 cards, 4 lists, \(events) actions")
        #expect(try summary("tasks.json", ["--to", "taskwarrior"]).line == "12 tasks")
        #expect(try summary("again.json").line == "12 cards, 4 states, \(events) events")
    }

    /// Data on standard output is all that goes there: the summary goes to standard error, so
    /// `| python3 -m json.tool` reads JSON; `/dev/stdout` sent to a file with `>>` appends to
    /// it (the file was replaced, losing what was there and the summary).
    @Test func dataOnStandardOutputIsAloneThere() throws {
        let board = try sample(cards: 3)
        for target in ["-", "/dev/stdout"] {
            let run = try CommandRunner.boardkit(["convert", board, target, "--to", "json"])
            #expect(run.status == 0)
            #expect((try? JSONSerialization.jsonObject(with: run.stdout)) != nil, "\(target): \(run.stdoutText.suffix(200))")
            #expect(run.stderr.contains("Wrote \(target == "-" ? "standard output" : target): 3 cards"), "\(run.stderr)")
        }
        let log = tmp.path("log.csv")
        try "PREV\n".write(toFile: log, atomically: true, encoding: .utf8)
        let appended = try shell(["convert", board, "/dev/stdout", "--to", "csv"], ">> '\(log)'")
        #expect(appended.status == 0, "\(appended.stderr)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("PREV\nid,title,") && !text.contains("Wrote"), "\(text.prefix(100))")
        #expect(appended.stderr.contains("Wrote /dev/stdout: 3 cards"))
    }

    /// Standard output gets canonical JSON unless `--to` says otherwise (a store's SQLite
    /// bytes reached the terminal), and a binary format is never written to a terminal.
    @Test func standardOutputGetsJSONAndNoBinaryOnATerminal() throws {
        let board = try sample(cards: 3)
        let store = tmp.path("team.db")
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", board]).status == 0)
        let json = try CommandRunner.boardkit(["convert", store, "-"])
        #expect(json.status == 0 && (try? JSONSerialization.jsonObject(with: json.stdout)) != nil, "\(json.stdoutText.prefix(80))")
        let onTerminal = try CommandRunner.boardkitOnTerminal(["convert", board, "-", "--to", "xlsx"])
        #expect(onTerminal.stdoutText.contains("[binary-to-terminal]") && !onTerminal.stdoutText.contains("PK"), "\(onTerminal.stdoutText.prefix(300))")
        let piped = try CommandRunner.boardkit(["convert", board, "-", "--to", "xlsx"])
        #expect(piped.status == 0 && piped.stdout.starts(with: Array("PK".utf8)))
    }

    /// The help says only what a person may type, once: no internal `unknown` date order, no
    /// "(values: ,, ;, tab)", one default for `report -o`, and what `--events` does with a
    /// CSV output.
    @Test func theHelpSaysWhatAPersonTypes() throws {
        let convert = try CommandRunner.boardkit(["convert", "--help"]).stdoutText
        #expect(convert.contains("month-first, day-first)") && !convert.contains("day-first, unknown"))
        #expect(!convert.contains("(values: ,, ;, tab)") && convert.contains("',', ';' or tab"))
        #expect(convert.contains("written with a CSV output"))
        let report = try CommandRunner.boardkit(["report", "--help"]).stdoutText
        let output = report.split(separator: "\n").first { $0.contains("--output") } ?? ""
        #expect(output.components(separatedBy: "default").count == 2, "\(output)")
    }

    /// Every command's flags are well formed: argument-parser refuses a command whose two
    /// flags share a name only when it runs (`sync` took the store's `--password-file` beside
    /// its own CalDAV one, and every sync failed; found by the torture run).
    @Test func everyCommandsHelpIsShown() throws {
        let commands = try CommandRunner.boardkit(["--help"]).stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst().prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(commands.count >= 15 && commands.contains("sync"), "\(commands)")
        for command in commands {
            let help = try CommandRunner.boardkit([command, "--help"])
            #expect(help.status == 0 && help.stdoutText.contains("USAGE:"), "boardkit \(command) --help: \(help.stderr)\(help.stdoutText.prefix(300))")
        }
    }

    /// `formats` names every CSV column mapping boardkit ships (Plane was missing).
    @Test func formatsNamesEveryMapping() throws {
        let csv = try CommandRunner.boardkit(["formats"]).stdoutText.split(separator: "\n").first { $0.hasPrefix("csv ") } ?? ""
        for preset in MappingLibrary.presets.map(\.name) {
            #expect(csv.lowercased().contains(preset), "\(preset) is not in: \(csv)")
        }
    }

    /// Past the file size limit (`ulimit -f`) the write fails with EFBIG: exit 1 with a
    /// message and no temporary file left (SIGXFSZ ended the process, exit 153).
    @Test func aFileSizeLimitIsAnErrorNotASignal() throws {
        let board = try sample(cards: 2_000)
        let run = try CommandRunner.run("/bin/sh", ["-c", "ulimit -f 100; '\(CommandRunner.boardkit)' convert '\(board)' '\(tmp.path("big.json"))'"])
        #expect(run.status == 1 && run.stderr.contains("File too large") && run.stderr.contains("[io-error]"), "\(run.status): \(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path("")).filter { $0.contains("big.json") }.isEmpty)
    }

    /// A value in a file cannot forge what the terminal shows: control characters in echoed
    /// values are shown escaped, on the diagnostic's own line, and a huge value is cut (an
    /// escape sequence and a newline used to reach the terminal, so a file could print a fake
    /// diagnostic line; one error echoed a 70 KB value).
    @Test func diagnosticsShowFileValuesEscapedAndCut() throws {
        let board = tmp.path("forged.json")
        let forged = "2026\u{1B}[31mRED\nfake.json:1:1: error: injected [x]"
        let json = """
            {"format": "boardkit/1", "board": {"id": "b", "name": "B", "timezone": "UTC"},
             "states": [{"id": "todo", "name": "To do", "category": "todo"}],
             "cards": [{"id": "c1", "title": "t", "state": "todo", "due": \(String(decoding: try JSONSerialization.data(withJSONObject: [forged]), as: UTF8.self).dropFirst().dropLast())},
                       {"id": "c2", "title": "t", "state": "todo", "due": "\(String(repeating: "Z", count: 70_000))"}],
             "events": []}
            """
        try json.write(toFile: board, atomically: true, encoding: .utf8)
        // `validate` prints what it found on standard output.
        let run = try CommandRunner.boardkit(["validate", board])
        #expect(run.status == 1)
        #expect(!run.stdoutText.contains("\u{1B}"), "\(run.stdoutText.prefix(300))")
        #expect(!run.stdoutText.split(separator: "\n").contains { $0.hasPrefix("fake.json") }, "\(run.stdoutText.prefix(600))")
        #expect(run.stdoutText.contains("\\e[31mRED\\nfake.json:1:1"), "\(run.stdoutText.prefix(600))")
        #expect(run.stdoutText.split(separator: "\n").allSatisfy { $0.count < 1_300 })
        #expect(run.stdoutText.contains("more characters not shown"))
    }

    /// The validator's diagnostics are capped like the readers': 30 finished cards without a
    /// completion time give 20 lines and "10 more like this" (every one was listed: a
    /// million-card feed read back printed 341,159 lines).
    @Test func theValidatorsWarningsAreCapped() throws {
        let cards = (1...30).map { #"{"id": "c\#($0)", "title": "t\#($0)", "state": "done"}"# }.joined(separator: ",")
        let board = tmp.path("done.json")
        try """
            {"format": "boardkit/1", "board": {"id": "b", "name": "B", "timezone": "UTC"},
             "states": [{"id": "done", "name": "Done", "category": "done"}], "cards": [\(cards)], "events": []}
            """.write(toFile: board, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["validate", board]) // its findings on standard output
        #expect(run.status == 0, "\(run.stdoutText.prefix(300))")
        let lines = run.stdoutText.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix("[done-without-completion]") }.count == 21, "\(run.stdoutText)")
        #expect(run.stdoutText.contains("10 more"), "\(run.stdoutText.suffix(300))")
    }

    /// A mistyped command is named, with the closest one (it said "3 unexpected arguments").
    @Test func aMistypedCommandIsNamed() throws {
        let typo = try CommandRunner.boardkit(["convrt", "a.json", "b.csv"])
        #expect(typo.status == 2 && typo.stderr.contains("no command 'convrt'; did you mean 'convert'?"), "\(typo.stderr)")
        let unknown = try CommandRunner.boardkit(["frobnicate"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no command 'frobnicate'; 'boardkit --help' lists the commands"))
        #expect(try CommandRunner.boardkit(["help", "convert"]).status == 0)
    }

    /// On a terminal a long run shows a bar with percent (#18), redrawn in place and cleared
    /// at the end; not when standard error is a file or a pipe, nor with --quiet. (`script`
    /// gives the run a terminal; BOARDKIT_PROGRESS_AFTER=0 shows the bar from the start.)
    @Test func aProgressBarOnlyOnATerminal() throws {
        let board = try sample(cards: 30_000, to: "big.json")
        func onTerminal(_ args: [String]) throws -> String {
            let r = try CommandRunner.boardkitOnTerminal(args)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdoutText
        }
        let shown = try onTerminal(["convert", board, tmp.path("big.csv")])
        #expect(shown.contains("reading ") || shown.contains("writing "), "\(shown.prefix(300))")
        #expect(shown.contains("%"))
        // Cleared before the summary: the last thing before "Wrote" is the erase sequence.
        #expect(shown.contains("\r\u{1B}[KWrote "), "\(shown.suffix(200))")
        // An import into a store: reading, then importing, cleared before its summary.
        let imported = try onTerminal(["init", "-b", tmp.path("big.db"), "--from", board])
        #expect(imported.contains("importing into ") && imported.contains("%"), "\(imported.prefix(300))")
        #expect(imported.contains("\r\u{1B}[KCreated "), "\(imported.suffix(200))")
        let quiet = try onTerminal(["convert", board, tmp.path("quiet.csv"), "--quiet"])
        #expect(!quiet.contains("%"))
        let piped = try CommandRunner.boardkit(["convert", board, tmp.path("piped.csv")],
                                               environment: ["BOARDKIT_PROGRESS_AFTER": "0"])
        #expect(piped.status == 0 && !piped.stderr.contains("\r") && !piped.stderr.contains("%"))
    }

    @Test func aFullOrClosedStandardOutputIsExitOneNotACrash() throws {
        let board = CommandRunner.sample("board.json")
        let cases: [([String], String)] = [
            (["convert", board, "-"], ">/dev/full"),
            (["convert", board, "-"], ">&-"),
            (["report", board, "--as-of", "2026-11-20"], ">/dev/full"),
            (["sample", "-o", "-"], ">/dev/full"),
            (["validate", board], ">/dev/full"),
            (["formats"], ">/dev/full"),
        ]
        for (args, redirect) in cases {
            let r = try shell(args, redirect)
            #expect(r.status == 1, "\(args) \(redirect): \(r.status)")
            #expect(r.stderr.contains("<stdout>: error: cannot write:"), "\(args) \(redirect)")
            #expect(r.stderr.contains("[io-error]"))
        }
        // Diagnostics that cannot reach a full standard error still give exit 1, not a crash.
        #expect(try shell(["convert", "no-such-board.json", tmp.path("x.json")], "2>/dev/full").status == 1)
        // A reader that goes away ends the writer as it ends any Unix tool: by SIGPIPE.
        let piped = try CommandRunner.run("/bin/bash", ["-c", "'\(CommandRunner.boardkit)' sample --cards 20000 -o - | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}"])
        #expect(piped.stdoutText == "141\n", "128 + SIGPIPE")
        #expect(!piped.stderr.contains("crashed"))
    }

    @Test func devicesPipesAndLinksAreWrittenThroughNotReplaced() throws {
        let board = CommandRunner.sample("board.json")
        // /dev/stdout: the CSV arrives on standard output and the device stays what it was.
        let viaDevice = try CommandRunner.boardkit(["convert", board, "/dev/stdout", "--to", "csv"])
        #expect(viaDevice.status == 0)
        #expect(viaDevice.stdoutText.hasPrefix("id,title,"))
        let stdoutLink = try FileManager.default.attributesOfItem(atPath: "/dev/stdout")[.type] as? FileAttributeType
        #expect(stdoutLink == .typeSymbolicLink)

        // A named pipe: a reader gets the board, the pipe stays a pipe.
        let fifo = tmp.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let received = tmp.path("received.json")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "cat '\(fifo)' > '\(received)'"]
        try reader.run()
        #expect(try CommandRunner.boardkit(["convert", board, fifo, "--to", "json"]).status == 0)
        reader.waitUntilExit()
        #expect(try Data(contentsOf: URL(fileURLWithPath: received)) == (try Data(contentsOf: URL(fileURLWithPath: board))))
        #expect(isFIFO(fifo))

        // A symbolic link: its target is replaced, the link stays a link.
        try FileManager.default.createDirectory(atPath: tmp.path("real"), withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: tmp.path("real/board.json")))
        try FileManager.default.createSymbolicLink(atPath: tmp.path("link.json"), withDestinationPath: "real/board.json")
        #expect(try CommandRunner.boardkit(["convert", board, tmp.path("link.json")]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tmp.path("link.json")) == "real/board.json")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.path("real/board.json"))) == (try Data(contentsOf: URL(fileURLWithPath: board))))
    }

    func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func aStoppedRunLeavesNoTemporaryFile(signal: Int32) throws {
        let big = try sample(cards: 60_000, to: "big.json")
        // A store is written row by row into its temporary file, so there is time to stop it.
        let out = tmp.path("big.db")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandRunner.boardkit)
        p.arguments = ["convert", big, out]
        p.standardError = FileHandle.nullDevice
        try p.run()
        // Stop it once its temporary file is there.
        var sawTemporary = false
        for _ in 0..<12_000 where !sawTemporary {  // up to a minute on a loaded machine
            sawTemporary = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path).contains { $0.hasPrefix(".big.db.") }
            if !sawTemporary { usleep(5_000) }
        }
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        #expect(sawTemporary)
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == signal)
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path)
        #expect(left.sorted() == ["big.json"], "no temporary file, no output")
    }

    @Test func wrongUsageExitsTwo() throws {
        #expect(try CommandRunner.boardkit(["convert"]).status == 2)
        #expect(try CommandRunner.boardkit(["frobnicate"]).status == 2)
        #expect(try CommandRunner.boardkit(["sample", "--cards", "-3", "-o", tmp.path("x.json")]).status == 2)
        #expect(try CommandRunner.boardkit(["convert", "a.json", "b.json", "--state-map", "QA"]).status == 2)
    }

    @Test func convertNormalisesAndIsIdempotent() throws {
        let board = try sample()
        let once = tmp.path("once.json"), twice = tmp.path("twice.json")
        #expect(try CommandRunner.boardkit(["convert", board, once]).status == 0)
        #expect(try CommandRunner.boardkit(["convert", once, twice]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: once))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: twice))))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: board))))
    }

    @Test func standardInputAndOutput() throws {
        let board = try sample()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: board))
        let r = try CommandRunner.boardkit(["convert", "-", "-"], stdin: bytes)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == bytes)
        let v = try CommandRunner.boardkit(["validate", "-"], stdin: bytes)
        #expect(v.status == 0)
        #expect(v.stdoutText.contains("30 cards"))
    }

    @Test func failedConversionLeavesExistingOutputUntouched() throws {
        let out = tmp.path("precious.json")
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: out))
        let bad = tmp.path("bad.json")
        try Data("{\"format\": \"boardkit/1\", \"cards\": [".utf8).write(to: URL(fileURLWithPath: bad))
        let r = try CommandRunner.boardkit(["convert", bad, out])
        #expect(r.status == 1)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me\n")
        // No temporary file is left beside it either.
        let left = try FileManager.default.contentsOfDirectory(atPath: tmp.url.path)
        #expect(left.sorted() == ["bad.json", "precious.json"])
    }

    @Test func truncatedJSONReportsLineAndColumn() throws {
        let board = try sample()
        let text = try String(contentsOfFile: board, encoding: .utf8)
        let cut = tmp.path("cut.json")
        try Data(text.utf8.prefix(text.utf8.count / 2)).write(to: URL(fileURLWithPath: cut))
        let r = try CommandRunner.boardkit(["validate", cut])
        #expect(r.status == 1)
        #expect(r.stdoutText.contains("cut.json:"))
        #expect(r.stdoutText.contains("error"))
    }

    @Test func diagnosticsAsJSONForScripts() throws {
        let bad = tmp.path("types.json")
        try Data(#"{"format": "boardkit/1", "board": {"id": "b", "name": "B", "timezone": "UTC"}, "states": [{"id": "todo", "name": "TODO", "category": "todo"}], "cards": [{"id": "c1", "title": 42, "state": "todo"}], "events": []}"#.utf8)
            .write(to: URL(fileURLWithPath: bad))
        let r = try CommandRunner.boardkit(["validate", bad, "--diagnostics", "json"])
        #expect(r.status == 1)
        let parsed = try JSONSerialization.jsonObject(with: r.stdout) as? [[String: Any]]
        let first = try #require(parsed?.first)
        #expect(first["severity"] as? String == "error")
        #expect(first["line"] as? Int == 1)
        #expect((first["path"] as? String)?.contains("cards[0].title") == true)
    }

    @Test func strictTurnsWarningsIntoErrors() throws {
        let path = tmp.path("warn.json")
        try Data(#"{"format": "boardkit/1", "board": {"id": "b", "name": "B", "timezone": "UTC"}, "states": [{"id": "todo", "name": "TODO", "category": "todo"}], "cards": [{"id": "c1", "title": " ", "state": "todo"}], "events": []}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        #expect(try CommandRunner.boardkit(["validate", path]).status == 0)
        #expect(try CommandRunner.boardkit(["validate", path, "--strict"]).status == 1)
        #expect(try CommandRunner.boardkit(["convert", path, tmp.path("o.json"), "--strict"]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: tmp.path("o.json")))
    }

    @Test func invalidUTF8AndGarbageNeverCrash() throws {
        let cases: [(String, Data)] = [
            ("utf8.json", Data([0x7B, 0x22, 0x66, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D])),
            ("empty.json", Data()),
            ("nested.json", Data(String(repeating: "[", count: 100_000).utf8)),
            ("number.json", Data(#"{"format": "boardkit/1", "cards": [{"position": 1e999999}]}"#.utf8)),
        ]
        for (name, bytes) in cases {
            let path = tmp.path(name)
            try bytes.write(to: URL(fileURLWithPath: path))
            let r = try CommandRunner.boardkit(["convert", path, tmp.path("out-" + name), "--from", "json"])
            #expect(r.status == 1, "\(name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("error"), "\(name)")
        }
    }

    @Test func hundredMegabytesOfGarbage() throws {
        let path = tmp.path("garbage.json")
        // xorshift64: cheap enough to fill 100 MB in a debug build.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var chunk = [UInt64](repeating: 0, count: (1 << 20) / 8)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        for _ in 0..<100 {
            for k in chunk.indices {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                chunk[k] = state
            }
            handle.write(chunk.withUnsafeBytes { Data($0) })
        }
        try handle.close()
        for from in ["json", "csv", "ics", "xlsx"] {
            let r = try CommandRunner.boardkit(["validate", path, "--from", from])
            #expect(r.status == 1, "\(from): \(r.status)")
            #expect(r.stdoutText.contains("error") || r.stderr.contains("error"), "\(from)")
        }
    }

    @Test func unknownFormatIsExplained() throws {
        let board = try sample()
        let r = try CommandRunner.boardkit(["convert", board, tmp.path("out.pdf")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("unknown-format"))
    }

    @Test func missingInputFile() throws {
        let r = try CommandRunner.boardkit(["convert", tmp.path("nope.json"), tmp.path("o.json")])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no such file"))
    }
}
