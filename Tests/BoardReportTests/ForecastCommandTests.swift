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
                     "Sample: 12 cards finished in 56 days, 2026-09-26 to 2026-11-20", "resemble the sample"] {
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
        #expect(try run(["--label", "bug"]).contains("When the 1 remaining card is likely done"))
        // A label or person the board lacks is said, as --where says it (it forecast 0 cards).
        let typo = try CommandRunner.boardkit(["forecast", Self.sample, "--as-of", "2026-11-20", "--assignee", "mian"])
        #expect(typo.status == 1 && typo.stderr.contains("--assignee: error: the board has no assignee 'mian'; it has 'alex'"), "\(typo.stderr)")
        #expect(try run(["--where", "label=bug"]) == run(["--label", "bug"]))
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
        #expect(refused.stderr.contains("\(none): error: no card was finished from 2026-11-01 to 2026-11-20"))
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
}
