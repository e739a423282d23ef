import BoardTestSupport
import Foundation
import Testing

/// `boardkit forecast` end to end, and the report's forecast section beside it.
@Suite("boardkit forecast through the binary")
struct ForecastCommandTests {
    static let sample = CommandRunner.sample("board.json")
    static let schema = CommandRunner.packageRoot.appendingPathComponent("templates/schema/forecast-1.schema.json").path

    /// A board in UTC with one todo card, one doing card, and a card created straight into done
    /// at each of `finished`.
    static func board(finished: [String], in dir: TemporaryFolder) throws -> String {
        let done = finished.enumerated().map { k, at in
            #"{"id":"f\#(k)","title":"f","state":"done","created":"\#(at)","completed":"\#(at)"}"#
        }
        let cards = [#"{"id":"a","title":"a","state":"todo","labels":["bug"],"created":"2026-11-01T09:00:00Z"}"#,
                     #"{"id":"b","title":"b","state":"doing","created":"2026-11-01T09:00:00Z"}"#] + done
        let path = dir.path("b\(finished.count).json")
        try Data(#"{"format":"boardkit/1","board":{"id":"x","name":"X","timezone":"UTC"},"states":[{"id":"todo","name":"To do","category":"todo"},{"id":"doing","name":"Doing","category":"doing"},{"id":"done","name":"Done","category":"done"}],"cards":[\#(cards.joined(separator: ","))],"events":[]}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("the sample board's forecast in text, Korean Markdown and JSON, the same as the report's section")
    func outputs() throws {
        let text = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20"])
        #expect(text.status == 0, "\(text.stderr)")
        for line in ["When the 28 remaining cards are likely done", "85%  2027-04-25 (Sun)",
                     "Sample: 12 cards finished in 56 days, 2026-09-26 to 2026-11-20, of every card\n", "resemble the sample"] {
            #expect(text.stdoutText.contains(line), "missing \(line)")
        }
        #expect(text.stderr.contains("Wrote standard output: text forecast as of 2026-11-20, 28 cards, 10000 trials"))
        let report = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20"])
        #expect(report.stdoutText.contains("== Forecast ==\nWhen the 28 remaining cards are likely done"))
        #expect(report.stdoutText.contains("85%  2027-04-25 (Sun)"))

        let ko = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20", "--locale", "ko",
                                            "--format", "md", "--date", "2026-12-31"])
        #expect(ko.status == 0, "\(ko.stderr)")
        for line in ["# 완료 예측", "## 남은 카드 28개의 완료 예상일", "| 85% | 2027년 4월 25일 (일) |",
                     "## 2026년 12월 31일 (목)까지 완료될 카드 수", "| 85% | 6개 이상 |"] {
            #expect(ko.stdoutText.contains(line), "missing \(line)")
        }
        let koReport = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--locale", "ko", "--format", "md"])
        #expect(koReport.stdoutText.contains("| 85% | 2027년 4월 25일 (일) |"))

        let dir = try TemporaryFolder()
        let json = dir.path("f.json")
        let written = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20", "--date", "+6w",
                                                 "--format", "json", "-o", json])
        #expect(written.stdoutText == "Wrote \(json): json forecast as of 2026-11-20, 28 cards, 10000 trials\n")
        let check = try CommandRunner.python("json_validate_schema.py", [Self.schema, json])
        #expect(check.status == 0, "\(check.stdoutText)")
        let f = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(Set(f.keys) == ["asOf", "sample", "when", "howMany"])
        #expect((f["howMany"] as? [String: Any])?["date"] as? String == "2027-01-01")
        #expect(((f["when"] as? [String: Any])?["dates"] as? [String: String])?["85"] == "2027-04-25")
    }

    @Test("the remaining cards: a label, a state, --cards; a seed gives the same answer every time")
    func remaining() throws {
        let dir = try TemporaryFolder()
        let finished = (1...30).map { k -> String in
            let day = k % 19 + 1
            return "2026-11-\(day < 10 ? "0" : "")\(day)T10:00:00Z"
        }
        let board = try Self.board(finished: finished, in: dir)
        func run(_ args: [String]) throws -> String {
            let out = try CommandRunner.boardkit(["forecast", board, "--as-of", "2026-11-20"] + args)
            #expect(out.status == 0, "\(out.stderr)")
            return out.stdoutText
        }
        #expect(try run([]).contains("When the 2 remaining cards are likely done"))
        // The bug cards' own pace has no finished card; the whole board's has 30.
        let bugs = try CommandRunner.boardkit(["forecast", board, "--as-of", "2026-11-20", "--label", "bug"])
        #expect(bugs.status == 1 && bugs.stderr.contains("[forecast-nothing-done]"), "\(bugs.stderr)")
        let bugsAtBoardPace = try run(["--label", "bug", "--pace", "board"])
        #expect(bugsAtBoardPace.contains("When the 1 remaining card is likely done"))
        #expect(bugsAtBoardPace.contains("Sample: 30 cards finished in 20 days, 2026-11-01 to 2026-11-20, of the whole board; the remaining cards: label=bug\n"))
        // A label or person the board lacks is said, as --where says it (it forecast 0 cards).
        let typo = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20", "--assignee", "mian"])
        #expect(typo.status == 1 && typo.stderr.contains("--assignee: error: the board has no assignee 'mian'; it has 'alex'"), "\(typo.stderr)")
        #expect(try run(["--where", "label=bug", "--pace", "board"]) == run(["--label", "bug", "--pace", "board"]))
        #expect(try run(["--state", "doing"]).contains("When the 1 remaining card is likely done"))
        #expect(try run(["--cards", "40"]).contains("When the 40 remaining cards are likely done"))
        #expect(try run(["--cards", "40", "--seed", "9"]) == run(["--cards", "40", "--seed", "9"]))
    }

    @Test("too little history is a warning, none an error; wrong usage exits 2; nothing is written on failure")
    func failures() throws {
        let dir = try TemporaryFolder()
        let target = dir.path("out.json")
        let thin = try Self.board(finished: ["2026-11-18T10:00:00Z", "2026-11-19T10:00:00Z"], in: dir)
        let warned = try CommandRunner.boardkit(["forecast", thin, "--as-of", "2026-11-20"])
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("only 2 finished cards in 20 days of history"), "\(warned.stderr)")
        #expect(warned.stderr.contains("[forecast-thin-sample]"))
        #expect(warned.stdoutText.contains("The forecast draws from only 2 finished cards in 20 days"))
        let strict = try CommandRunner.boardkit(["forecast", thin, "--as-of", "2026-11-20", "--strict", "-o", target])
        #expect(strict.status == 1)
        #expect(!FileManager.default.fileExists(atPath: target))

        let none = try Self.board(finished: [], in: dir)
        let refused = try CommandRunner.boardkit(["forecast", none, "--as-of", "2026-11-20", "-o", target])
        #expect(refused.status == 1)
        // The board records nothing after November 1st: the sample ends there.
        #expect(refused.stderr.contains("\(none): error: no card was finished from 2026-11-01 to 2026-11-01"))
        #expect(refused.stderr.contains("[forecast-nothing-done]"))
        #expect(!FileManager.default.fileExists(atPath: target))
        // The report still comes out, saying why it has no forecast.
        let report = try CommandRunner.boardkit(["report", none, "--as-of", "2026-11-20"])
        #expect(report.status == 0)
        #expect(report.stdoutText.contains("No card was finished in the forecast's sample"))

        let past = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20", "--date", "2026-11-20"])
        #expect(past.status == 1)
        #expect(past.stderr.contains("[forecast-date-out-of-range]"))
        let state = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20", "--state", "nowhere"])
        #expect(state.status == 1)
        #expect(state.stderr.contains("[forecast-unknown-state]"))
        let named = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20", "--where", "label=nope"])
        #expect(named.status == 1)
        #expect(named.stderr.contains("[filter-invalid]"))
        for usage in [["--cards", "3", "--label", "bug"], ["--where", "label=bug", "--state", "doing"], ["--format", "html"], ["--history", "0w"], ["--trials", "0"],
                      ["--date", "someday"]] {
            #expect(try CommandRunner.boardkit(["forecast", Self.sample] + usage).status == 2, "\(usage)")
        }
    }

    /// The forecast and the report of the same filter on a board the test has not seen (a
    /// generated one, its seed from the clock): the same sample, the same dates, each saying
    /// whose pace it drew from; with `--pace board` too.
    @Test("forecast --where and report --where agree, on any board")
    func forecastAndReportAgree() throws {
        let dir = try TemporaryFolder()
        let seed = String(UInt64(Date().timeIntervalSince1970) % 100_000)
        let board = dir.path("hidden.json")
        try #require(try CommandRunner.boardkit(["sample", "--cards", "300", "--weeks", "16", "--seed", seed, "-o", board]).status == 0)
        let cards = (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: board))) as? [String: Any])?["cards"] as? [[String: Any]] ?? []
        let labels = cards.flatMap { $0["labels"] as? [String] ?? [] }, people = cards.flatMap { $0["assignees"] as? [String] ?? [] }
        let label = try #require(labels.first), person = try #require(people.first)
        func json(_ args: [String]) throws -> [String: Any] {
            let out = dir.path("out.json")
            let run = try CommandRunner.boardkit(args + ["--as-of", "2026-11-20", "--format", "json", "-o", out])
            #expect(run.status == 0, "\(args) \(run.stderr) (seed \(seed))")
            return try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any] ?? [:]
        }
        for filter in ["label=\(label)", "assignee=\(person)", "label=\(label),due<2027-01-01"] {
            for pace in ["filter", "board"] {
                let forecast = try json(["forecast", board, "--where", filter, "--pace", pace])
                let report = try json(["report", board, "--where", filter, "--pace", pace])["forecast"] as? [String: Any] ?? [:]
                let sample = forecast["sample"] as? [String: Any] ?? [:]
                #expect(sample["pace"] as? String == pace && sample["filter"] as? String == filter.replacingOccurrences(of: ",", with: ", "))
                #expect(NSDictionary(dictionary: sample) == NSDictionary(dictionary: report["sample"] as? [String: Any] ?? [:]),
                        "\(filter) \(pace) (seed \(seed))")
                #expect(NSDictionary(dictionary: forecast["when"] as? [String: Any] ?? [:])
                        == NSDictionary(dictionary: report["when"] as? [String: Any] ?? [:]), "\(filter) \(pace) (seed \(seed))")
            }
        }
    }

    @Test("no card left says there is nothing to forecast; a history that ends early ends the sample")
    func nothingLeftAndAnEarlyEnd() throws {
        let dir = try TemporaryFolder()
        let finished = (1...20).map { "2026-10-\($0 < 10 ? "0" : "")\($0)T10:00:00Z" }
        let board = try Self.board(finished: finished, in: dir)
        // As of the 25th the open cards (created on November 1st) are not on the board yet.
        let zero = try CommandRunner.boardkit(["forecast", board, "--as-of", "2026-10-25"])
        #expect(zero.status == 0, "\(zero.stderr)")
        #expect(zero.stdoutText.contains("No open card: nothing to forecast.") && !zero.stdoutText.contains("85%"), "\(zero.stdoutText)")
        let zeroReport = try CommandRunner.boardkit(["report", board, "--as-of", "2026-10-25", "--format", "md"])
        #expect(zeroReport.stdoutText.contains("## Forecast\n\nNo open card: nothing to forecast.\n"), "\(zeroReport.stdoutText)")
        // The board's last record is 2026-11-01 (its open cards' creation): as of the 30th, the
        // 29 days after are not counted as days that finished nothing.
        let late = try CommandRunner.boardkit(["forecast", board, "--as-of", "2026-11-30"])
        #expect(late.status == 0, "\(late.stderr)")
        #expect(late.stdoutText.contains("Sample: 20 cards finished in 32 days, 2026-10-01 to 2026-11-01, of every card\n"), "\(late.stdoutText)")
        #expect(late.stdoutText.contains("The board records nothing after 2026-11-01 (Sun), 29 days before as-of: the sample ends there"))
        let report = try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-30", "--format", "json"])
        let notes = (try JSONSerialization.jsonObject(with: report.stdout) as? [String: Any])?["notes"] as? [[String: Any]] ?? []
        #expect(notes.contains { $0["code"] as? String == "forecast-history-ends" && $0["count"] as? Int == 29 })
        // A week's quiet or less is the team's pace, zeros and all.
        let quiet = try CommandRunner.boardkit(["forecast", board, "--as-of", "2026-11-07"])
        #expect(quiet.stdoutText.contains("2026-10-01 to 2026-11-07, of every card\n"), "\(quiet.stdoutText)")
    }

    /// `--as-of` takes what `--due` takes, in the board's zone (the sample's is Asia/Seoul).
    @Test("--as-of yesterday, -1w and today are the days they name")
    func asOfInWords() throws {
        let seoul = TimeZone(identifier: "Asia/Seoul")!
        func day(_ offset: Int) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = seoul
            let d = calendar.dateComponents([.year, .month, .day], from: Date().addingTimeInterval(Double(offset) * 86_400))
            return String(format: "%04d-%02d-%02d", d.year!, d.month!, d.day!)
        }
        for (words, date) in [("yesterday", day(-1)), ("-1w", day(-7)), ("today", day(0))] {
            for command in ["report", "forecast", "remind"] {
                let named = try CommandRunner.boardkit([command, Self.sample, "--as-of", words])
                let dated = try CommandRunner.boardkit([command, Self.sample, "--as-of", date])
                #expect(named.status == dated.status && named.stdoutText == dated.stdoutText && named.stderr == dated.stderr,
                        "\(command) --as-of \(words) is \(date)")
            }
        }
        for command in ["report", "forecast", "remind"] {
            let bad = try CommandRunner.boardkit([command, Self.sample, "--as-of", "someday"])
            #expect(bad.status == 2 && bad.stderr.contains("--as-of: use YYYY-MM-DD"), "\(command): \(bad.stderr)")
        }
    }
}
