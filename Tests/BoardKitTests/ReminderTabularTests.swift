import BoardTestSupport
import Foundation
import Testing

/// A card's reminders in a table: CSV and the workbook write a `reminders` column (only when
/// a card has some) and read it back; a value that is not a reminder is kept and said. Before,
/// both dropped reminders without a word.
@Suite("reminders in CSV and XLSX")
struct ReminderTabularTests {
    static let board = """
        {"format": "boardkit/2", "board": {"id": "b", "name": "B", "timezone": "Asia/Seoul"},
         "states": [{"id": "todo", "name": "To do", "category": "todo"}],
         "cards": [
          {"id": "a", "title": "A", "state": "todo", "due": "2026-12-04", "reminders": ["-P1D", "2026-12-01T09:00:00+09:00"]},
          {"id": "b", "title": "B", "state": "todo"}
         ]}
        """

    static func reminders(_ json: String) throws -> [String: [String]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any]
        var out: [String: [String]] = [:]
        for card in object?["cards"] as? [[String: Any]] ?? [] {
            out[card["id"] as? String ?? ""] = card["reminders"] as? [String] ?? []
        }
        return out
    }

    @Test(arguments: ["csv", "xlsx"])
    func remindersTravelThroughATable(_ format: String) throws {
        let folder = try TemporaryFolder()
        let source = folder.path("board.json"), table = folder.path("board.\(format)"), back = folder.path("back.json")
        try Self.board.write(toFile: source, atomically: true, encoding: .utf8)
        let written = try CommandRunner.boardkit(["convert", source, table])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(!written.stderr.contains("[data-not-written]") || format == "csv", "\(written.stderr)")
        let read = try CommandRunner.boardkit(["convert", table, back])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try Self.reminders(back) == ["a": ["-P1D", "2026-12-01T09:00:00+09:00"], "b": []])
        if format == "xlsx" {
            // What a person opening the workbook sees: a column of its own, one cell per card.
            let seen = try CommandRunner.python("xlsx_inspect.py", [table])
            #expect(seen.status == 0, "\(seen.stderr)")
            let book = try JSONSerialization.jsonObject(with: seen.stdout) as? [String: Any] ?? [:]
            let rows = ((book["Cards"] as? [String: Any])?["rows"] as? [[Any]]) ?? []
            let header = rows.first?.map { $0 as? String ?? "" } ?? []
            let column = try #require(header.firstIndex(of: "reminders"), "\(header)")
            try #require(rows.count == 3)
            #expect(rows[1][column] as? String == "-P1D, 2026-12-01T09:00:00+09:00", "one cell, as labels are")
            #expect(rows[2][column] is NSNull)
        } else {
            let text = try String(contentsOfFile: table, encoding: .utf8)
            #expect(text.hasPrefix("id,title,body,state,due,start,created,updated,completed,labels,assignees,reminders,position,archived,url\n"))
        }
    }

    @Test func aBoardWithoutRemindersKeepsItsColumns() throws {
        let folder = try TemporaryFolder()
        let out = folder.path("sample.csv")
        #expect(try CommandRunner.boardkit(["convert", CommandRunner.sample("board.json"), out]).status == 0)
        #expect(try !String(contentsOfFile: out, encoding: .utf8).prefix(300).contains("reminders"))
    }

    @Test func aTypedValueThatIsNoReminderIsKeptAndSaid() throws {
        let folder = try TemporaryFolder()
        let csv = folder.path("typed.csv"), back = folder.path("back.json")
        try "title,reminders\nA,-PT2H\nB,tomorrow\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", csv, back])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("typed.csv:3:3: warning: reminders 'tomorrow' is not a reminder"), "\(run.stderr)")
        let json = try String(contentsOfFile: back, encoding: .utf8)
        #expect(json.contains(#""reminders": ["-PT2H"]"#) && json.contains(#""reminders": "tomorrow""#), "kept as a field: \(json)")
    }

    @Test func aMappingWithoutTheColumnSaysWhatItLeaves() throws {
        let folder = try TemporaryFolder()
        let source = folder.path("board.json")
        try Self.board.write(toFile: source, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", source, folder.path("jira.csv"), "--mapping", "jira"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("reminders") && run.stderr.contains("[data-not-written]"), "\(run.stderr)")
    }
}
