import Foundation
import Testing
import BoardTestSupport

/// `--where` on every command that reads a board: the same filter, the same meaning, a typo
/// said with what the board has and nothing written.
@Suite("--where on the command line")
struct WhereOptionTests {
    let tmp: TemporaryFolder
    let sample = CommandRunner.sample("board.json")
    init() throws { tmp = try TemporaryFolder() }

    func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    @Test func convertWritesTheMatchingCardsTheirEventsAndEveryState() throws {
        let out = tmp.path("mina.json")
        let run = try CommandRunner.boardkit(["convert", sample, out, "--where", "assignee=mina"])
        #expect(run.status == 0, "\(run.stderr)")
        let whole = try json(sample), narrowed = try json(out)
        let cards = narrowed["cards"] as? [[String: Any]] ?? []
        let expected = (whole["cards"] as? [[String: Any]] ?? []).filter { ($0["assignees"] as? [String] ?? []).contains("mina") }
        #expect(cards.map { $0["id"] as? String } == expected.map { $0["id"] as? String })
        #expect((narrowed["states"] as? [Any])?.count == (whole["states"] as? [Any])?.count)
        let ids = Set(cards.compactMap { $0["id"] as? String })
        let events = narrowed["events"] as? [[String: Any]] ?? []
        #expect(!events.isEmpty && events.allSatisfy { ids.contains($0["card"] as? String ?? "") })
        #expect(run.stdoutText.hasPrefix("Wrote \(out): \(cards.count) cards, "))
    }

    @Test func aTypoIsAnErrorListingWhatTheBoardHasAndNothingIsWritten() throws {
        let out = tmp.path("typo.json")
        let run = try CommandRunner.boardkit(["convert", sample, out, "--where", "state=doing,assignee=mian"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("--where:1:13: error: the board has no assignee 'mian'; it has 'alex', 'dana', 'hyunwoo', 'jisoo', 'mina', 'sam' [filter-invalid]"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        let report = try CommandRunner.boardkit(["report", sample, "--where", "due=someday", "-o", tmp.path("r.md")])
        #expect(report.status == 1 && report.stderr.contains("[filter-invalid]") && !FileManager.default.fileExists(atPath: tmp.path("r.md")))
    }

    @Test func theReportIsOfTheMatchingCardsAndItsTitleSaysSo() throws {
        let md = try CommandRunner.boardkit(["report", sample, "--as-of", "2026-11-20", "--format", "md", "--where", "assignee=mina"])
        #expect(md.status == 0)
        #expect(md.stdoutText.hasPrefix("# Weekly report — Web team 웹팀 (assignee=mina)\n"), "\(md.stdoutText.prefix(80))")
        let whole = try CommandRunner.boardkit(["report", sample, "--as-of", "2026-11-20", "--format", "json"])
        let mine = try CommandRunner.boardkit(["report", sample, "--as-of", "2026-11-20", "--format", "json", "--where", "assignee=mina"])
        let board = { (run: ProcessOutput) in
            ((try? JSONSerialization.jsonObject(with: run.stdout)) as? [String: Any])?["board"] as? [String: Any] ?? [:]
        }
        #expect(board(mine)["filter"] as? String == "assignee=mina")
        #expect(board(whole)["filter"] == nil)
        #expect((board(mine)["cards"] as? Int ?? 0) < (board(whole)["cards"] as? Int ?? 0))
    }

    @Test func showListsTheMatchingCardsOfAStore() throws {
        let store = tmp.path("team.db")
        #expect(try CommandRunner.boardkit(["init", "-b", store, "--from", sample]).status == 0)
        let all = try CommandRunner.boardkit(["show", "-b", store, "--color", "never"])
        let bugs = try CommandRunner.boardkit(["show", "-b", store, "--color", "never", "--where", "label=bug"])
        #expect(bugs.status == 0)
        let cards = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("  #") } }
        #expect(cards(bugs.stdoutText).count == 3 && cards(bugs.stdoutText).allSatisfy { $0.contains("[bug]") }, "\(bugs.stdoutText)")
        #expect(cards(all.stdoutText).count > 3)
        let typo = try CommandRunner.boardkit(["show", "-b", store, "--where", "label=bgu"])
        #expect(typo.status == 1 && typo.stderr.contains("the board has no label 'bgu'"))
    }
}
