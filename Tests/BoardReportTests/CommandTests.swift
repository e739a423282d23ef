import BoardSample
import BoardTestSupport
import Foundation
import Testing

/// `boardkit report` end to end, its outputs read back by Python's own libraries
/// (jsonschema, openpyxl, zipfile, html.parser) in Tests/Oracles/report_check.py.
@Suite("boardkit report through the binary and the oracles")
struct CommandTests {
    static let sample = CommandRunner.sample("board.json")
    static let schema = CommandRunner.packageRoot.appendingPathComponent("templates/schema/report-1.schema.json").path

    func oracle(_ args: [String]) throws -> [String: Any] {
        let out = try CommandRunner.python("report_check.py", args)
        #expect(out.status == 0, "oracle: \(out.stdoutText) \(out.stderr)")
        return (try? JSONSerialization.jsonObject(with: out.stdout)) as? [String: Any] ?? [:]
    }

    @Test("the text report on the sample board")
    func text() throws {
        let out = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20"])
        #expect(out.status == 0, "\(out.stderr)")
        let text = out.stdoutText
        for heading in ["Weekly report — Web team 웹팀", "== Cards per state ==", "== Overdue (", "== Cumulative flow ==",
                        "Cycle time", "p85", "2026-W47"] {
            #expect(text.contains(heading), "missing \(heading)")
        }
        let ko = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--locale", "ko"])
        #expect(ko.stdoutText.contains("주간 보고서"))
        #expect(ko.stdoutText.contains("2026년 11월 20일 (금)"))
    }

    @Test("the JSON report validates against its schema and matches the text report")
    func json() throws {
        let dir = try TemporaryFolder()
        let path = dir.path("r.json")
        let out = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "-o", path])
        #expect(out.status == 0, "\(out.stderr)")
        let r = try oracle(["json", Self.schema, path])
        #expect((r["errors"] as? [String]) == [])
        #expect((r["weeks"] as? [String])?.count == 8)
        #expect((r["weeks"] as? [String])?.last == "2026-W47")
        // An empty board's JSON validates too, with null percentiles and a note.
        let empty = dir.path("empty.json")
        try Data(#"{"format":"boardkit/1","board":{"id":"e","name":"E","timezone":"UTC"},"states":[{"id":"todo","name":"TODO","category":"todo"}],"cards":[],"events":[]}"#.utf8)
            .write(to: URL(fileURLWithPath: empty))
        let emptyOut = dir.path("empty-report.json")
        #expect(try CommandRunner.boardkit(["report", empty, "--as-of", "2026-11-20", "-o", emptyOut]).status == 0)
        let e = try oracle(["json", Self.schema, emptyOut])
        #expect((e["errors"] as? [String]) == [])
        #expect((e["notes"] as? [String])?.contains("no-cards") == true)
        #expect(((e["cycleTime"] as? [String: Any])?["p50"]) is NSNull)
    }

    @Test("the XLSX report has the summary sheets and native column, stacked-area and line charts")
    func xlsx() throws {
        let dir = try TemporaryFolder()
        let path = dir.path("r.xlsx")
        let out = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "-o", path])
        #expect(out.status == 0, "\(out.stderr)")
        let r = try oracle(["xlsx", path])
        #expect((r["sheets"] as? [String]) == ["Summary", "Throughput", "Flow", "Forecast", "Overdue", "Due soon", "Done this week",
                                               "Finished", "Aging", "Per assignee", "Per label"])
        // Dates a spreadsheet sorts and filters as dates, not text.
        #expect((r["dateCells"] as? [String: [String]]) == ["Overdue": ["datetime"], "Due soon": ["datetime"],
                                                            "Done this week": ["datetime"], "Finished": ["datetime"]])
        let charts = (r["charts"] as? [String: [String: Any]]) ?? [:]
        let kinds = charts.values.compactMap { ($0["kinds"] as? [String])?.first }.sorted()
        #expect(kinds == ["areaChart", "barChart", "lineChart"])
        #expect(charts.values.contains { $0["grouping"] as? String == "stacked" })
        #expect(charts.values.allSatisfy { ($0["refs"] as? Bool) == true })
        #expect(charts.values.map { $0["series"] as? Int ?? 0 }.sorted() == [1, 4, 4])
        // The cells the charts draw equal the JSON report's figures.
        let json = dir.path("r.json")
        #expect(try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "-o", json]).status == 0)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        let states = ((report?["throughput"] as? [String: Any])?["states"] as? [[String: Any]]) ?? []
        let rows = (r["throughputRows"] as? [[Any]]) ?? []
        #expect(rows.count == 8)
        for (k, s) in states.enumerated() {
            let perWeek = (s["perWeek"] as? [Int]) ?? []
            let column = rows.map { ($0[2 + k] as? NSNumber)?.intValue ?? -1 }
            #expect(column == perWeek, "state \(s["state"] ?? "")")
        }
        // Each list sheet has every entry of the JSON report's list.
        let sheetRows = r["rows"] as? [String: Int] ?? [:]
        for (sheet, key) in [("Overdue", "overdue"), ("Due soon", "dueSoon"), ("Done this week", "doneThisWeek"),
                             ("Per assignee", "perAssignee"), ("Per label", "perLabel")] {
            let list = report?[key] as? [String: Any]
            let count = (list?["count"] as? Int) ?? (list?["items"] as? [Any])?.count ?? (report?[key] as? [Any])?.count
            #expect(sheetRows[sheet] != nil && sheetRows[sheet] == count, "\(sheet): \(sheetRows[sheet] ?? -1) rows, \(key) \(count ?? -1)")
        }
        // The forecast's line reaches 85 % on the JSON report's 85 % date, not the day before.
        let dates = ((report?["forecast"] as? [String: Any])?["when"] as? [String: Any])?["dates"] as? [String: String]
        let line = (r["forecastRows"] as? [[Any]]) ?? []
        func share(_ k: Int) -> Double { (line[k][1] as? NSNumber)?.doubleValue ?? -1 }
        let day85 = try #require(line.firstIndex { ($0[0] as? String) == dates?["85"] })
        #expect(share(day85) >= 0.85)
        #expect(day85 == 0 || share(day85 - 1) < 0.85)
    }

    @Test("the HTML report is one self-contained file with four SVG charts")
    func html() throws {
        let dir = try TemporaryFolder()
        let path = dir.path("r.html")
        let out = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "-o", path])
        #expect(out.status == 0, "\(out.stderr)")
        let r = try oracle(["html", path])
        #expect(r["svg"] as? Int == 4)
        #expect((r["external"] as? [String]) == [])
        #expect(r["hasHttp"] as? Bool == false)
        // The cards listed that have a link on their board are links to it, and load nothing.
        #expect((r["links"] as? [String] ?? []).allSatisfy { $0.hasPrefix("https://boards.example.com/team-web/c") })
        #expect(!(r["links"] as? [String] ?? []).isEmpty)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.contains("@media print"))
        #expect(html.contains("p85"))
    }

    @Test("Markdown, a team's own template, and user text that looks like markup")
    func templates() throws {
        let dir = try TemporaryFolder()
        let md = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--format", "md"])
        #expect(md.status == 0)
        #expect(md.stdoutText.contains("| State | Category | Cards |"))
        let own = dir.path("mine.mustache")
        try Data("{{board.name}}: {{counts.total}} open, {{overdue.count}} late{{#overdue.items}}\n* {{title}}{{/overdue.items}}\n".utf8)
            .write(to: URL(fileURLWithPath: own))
        let mine = try CommandRunner.boardkit(["report", Self.sample, "--as-of", "2026-11-20", "--template", own])
        #expect(mine.status == 0, "\(mine.stderr)")
        #expect(mine.stdoutText.hasPrefix("Web team 웹팀: 38 open, 15 late\n* "))  // counts from Benchmarks/peers/report_python.py
        // A title with markup: escaped in HTML, kept as typed in text.
        let board = dir.path("b.json")
        try Data(#"{"format":"boardkit/1","board":{"id":"x","name":"<b>X</b>","timezone":"UTC"},"states":[{"id":"todo","name":"TODO","category":"todo"}],"cards":[{"id":"c","title":"a <script> & b | c","state":"todo","due":"2026-11-01"}],"events":[]}"#.utf8)
            .write(to: URL(fileURLWithPath: board))
        let text = try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-20"])
        #expect(text.stdoutText.contains("a <script> & b | c"))
        let html = try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-20", "--format", "html"])
        #expect(html.stdoutText.contains("a &lt;script&gt; &amp; b | c"))
        #expect(!html.stdoutText.contains("<script>"))
        let mdOut = try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-20", "--format", "md"])
        #expect(mdOut.stdoutText.contains(#"a <script> & b \| c"#))
    }

    @Test("a card's checklist progress in the report's lists (issue 44), every format, and in JSON as its schema says")
    func checklistProgress() throws {
        let dir = try TemporaryFolder()
        let board = dir.path("b.json")
        try Data(#"{"format":"boardkit/2","board":{"id":"x","name":"X","timezone":"UTC"},"states":[{"id":"todo","name":"TODO","category":"todo"}],"cards":[{"id":"c","title":"Launch","state":"todo","due":"2026-11-01","checklists":[{"name":"Ship","items":[{"text":"Tests","done":true},{"text":"Docs","done":false}]},{"name":"After","items":[{"text":"Tell","done":true}]}]},{"id":"d","title":"Plain","state":"todo","due":"2026-11-02"}],"events":[]}"#.utf8)
            .write(to: URL(fileURLWithPath: board))
        for format in ["text", "md", "html"] {
            let out = try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-20", "--format", format])
            #expect(out.stdoutText.contains("Launch ☑ 2/3") && !out.stdoutText.contains("Plain ☑"), "\(format): \(out.stdoutText)")
        }
        let path = dir.path("r.json")
        #expect(try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-20", "-o", path]).status == 0)
        #expect((try oracle(["json", Self.schema, path])["errors"] as? [String]) == [])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let overdue = try #require((report["overdue"] as? [String: Any])?["items"] as? [[String: Any]])
        #expect(overdue.first { $0["id"] as? String == "c" }?["checklist"] as? [String: Int] == ["done": 2, "items": 3])
        #expect(overdue.first { $0["id"] as? String == "d" }?["checklist"] == nil)
    }

    @Test("exit status: 2 for wrong usage, 1 for bad input or template; no output left behind")
    func failures() throws {
        let dir = try TemporaryFolder()
        let target = dir.path("out.html")
        #expect(try CommandRunner.boardkit(["report", Self.sample, "--as-of", "next tuesday"]).status == 2)
        #expect(try CommandRunner.boardkit(["report", Self.sample, "--weeks", "0"]).status == 2)
        #expect(try CommandRunner.boardkit(["report", Self.sample, "--format", "pdf"]).status == 2)
        #expect(try CommandRunner.boardkit(["report", dir.path("missing.json")]).status == 1)
        let bad = dir.path("bad.mustache")
        try Data("{{#unclosed}} oops".utf8).write(to: URL(fileURLWithPath: bad))
        let out = try CommandRunner.boardkit(["report", Self.sample, "--template", bad, "-o", target])
        #expect(out.status == 1)
        #expect(out.stderr.contains("report-template-invalid"))
        #expect(!FileManager.default.fileExists(atPath: target))
        let gone = try CommandRunner.boardkit(["report", Self.sample, "--template", dir.path("nope.mustache"), "-o", target])
        #expect(gone.status == 1)
        #expect(gone.stderr.contains("report-template-not-found"))
        #expect(!FileManager.default.fileExists(atPath: target))
    }
}

/// libxlsxwriter does not check its writes to TMPDIR: a full temporary folder gave a report
/// workbook of cut-off parts and exit 0. (A 64 KiB tmpfs needs root to mount, as on CI.)
@Test(.enabled(if: getuid() == 0)) func aReportWorkbookWithAFullTemporaryFolderIsExitOne() throws {
    let folder = try TemporaryFolder()
    let board = folder.path("board.json"), out = folder.path("report.xlsx")
    #expect(try CommandRunner.boardkit(["sample", "--cards", "3000", "-o", board]).status == 0)
    let r = try folder.withFullFileSystem("tiny") { tiny in
        try CommandRunner.boardkit(["report", board, "--format", "xlsx", "-o", out], environment: ["TMPDIR": tiny])
    }
    #expect(r.status == 1)
    #expect(r.stderr.contains("[report-write-failed]"))
    #expect(!FileManager.default.fileExists(atPath: out))
    // With room, the same report is written and passes the same check.
    #expect(try CommandRunner.boardkit(["report", board, "--format", "xlsx", "-o", out]).status == 0)
}

@Suite("boardkit report against an independent Python computation")
struct IndependentComputationTests {
    @Test("counts, overdue, throughput and cycle/lead percentiles match a plain-Python replay (json + zoneinfo)")
    func matchesPython() throws {
        let dir = try TemporaryFolder()
        let board = dir.path("board.json")
        #expect(try CommandRunner.boardkit(["sample", "--cards", "600", "--weeks", "12", "--seed", "5", "-o", board]).status == 0)
        let ours = dir.path("ours.json")
        let run = try CommandRunner.boardkit(["report", board, "--as-of", "2026-11-13", "--weeks", "8", "-o", ours])
        #expect(run.status == 0, "\(run.stderr)")
        let peer = CommandRunner.packageRoot.appendingPathComponent("Benchmarks/peers/report_python.py").path
        let theirs = dir.path("theirs.json")
        let py = try CommandRunner.run("/usr/bin/env", ["python3", peer, board, theirs, "2026-11-13", "8"])
        #expect(py.status == 0, "\(py.stderr)")
        func load(_ p: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: p))) as? [String: Any] ?? [:]
        }
        let a = try load(ours), b = try load(theirs)
        let byState = ((a["counts"] as? [String: Any])?["byState"] as? [[String: Any]]) ?? []
        #expect(Dictionary(uniqueKeysWithValues: byState.map { ($0["state"] as? String ?? "", $0["count"] as? Int ?? -1) })
                == (b["counts"] as? [String: Int]))
        let overdueA = (((a["overdue"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).map { "\($0["id"] ?? "") \($0["daysOverdue"] ?? "")" }
        let overdueB = ((b["overdue"] as? [[String: Any]]) ?? []).map { "\($0["id"] ?? "") \($0["daysOverdue"] ?? "")" }
        #expect(!overdueA.isEmpty)
        #expect(overdueA == overdueB)
        let states = ((a["throughput"] as? [String: Any])?["states"] as? [[String: Any]]) ?? []
        #expect(Dictionary(uniqueKeysWithValues: states.map { ($0["state"] as? String ?? "", $0["perWeek"] as? [Int] ?? []) })
                == (b["throughput"] as? [String: [Int]]))
        for key in ["cycleTime", "leadTime"] {
            let x = a[key] as? [String: Any], y = b[key] as? [String: Any]
            for field in ["count", "p50", "p70", "p85", "p95"] {
                #expect("\(x?[field] ?? "nil")" == "\(y?[field] ?? "nil")", "\(key).\(field)")
            }
        }
    }

    /// A store's cards by the numbers its commands take, a card with a link on its board
    /// linked, and the lists as long as `--limit` asks.
    @Test("lists name cards by number, link them, and show --limit entries")
    func cardNamesLinksAndLimit() throws {
        let dir = try TemporaryFolder()
        let store = dir.path("team.db")
        try #require(try CommandRunner.boardkit(["init", "-b", store, "--from", CommandTests.sample]).status == 0)
        let md = try CommandRunner.boardkit(["report", store, "--as-of", "2026-11-20", "--format", "md"])
        #expect(md.status == 0, "\(md.stderr)")
        // #4 is "Document search filters" in the store, as `remind` names it.
        #expect(md.stdoutText.contains(" | #4 Document search filters | "), "\(md.stdoutText)")
        let html = try CommandRunner.boardkit(["report", CommandTests.sample, "--as-of", "2026-11-20", "--format", "html"])
        #expect(html.stdoutText.contains("<a href=\"https://boards.example.com/team-web/"), "a card's link on its board")
        let text = try CommandRunner.boardkit(["report", CommandTests.sample, "--as-of", "2026-11-20", "--limit", "3"])
        #expect(text.status == 0, "\(text.stderr)")
        let overdue = text.stdoutText.components(separatedBy: "== Overdue (15) ==\n").last ?? ""
        let rows: [Substring] = Array(overdue.split(separator: "\n").prefix { (line: Substring) in !line.hasPrefix("==") })
        #expect(rows.contains { $0.contains("12 more") }, "\(rows)")
        let all = try CommandRunner.boardkit(["report", CommandTests.sample, "--as-of", "2026-11-20", "--limit", "all"])
        #expect(!all.stdoutText.contains(" more"))
        for bad in ["0", "many"] {
            #expect(try CommandRunner.boardkit(["report", CommandTests.sample, "--limit", bad]).status == 2)
        }
    }
}
