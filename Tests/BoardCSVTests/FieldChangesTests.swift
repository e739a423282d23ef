import Testing
import Foundation
import BoardKit
import BoardModel
import BoardIO
import BoardSample
import BoardTestSupport
@testable import BoardCSV

/// The events sidecar's `changes` column: the fields each event changed, as compact JSON text.
@Suite("Field changes in the events sidecar")
struct FieldChangesTests {
    private func fixture(in folder: TemporaryFolder) throws -> String {
        let path = folder.path("board.json")
        try FieldChangesFixture.json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("JSON → CSV with its sidecar → JSON: the same board, the same bytes", arguments: [false, true])
    func roundTrip(excel: Bool) throws {
        let folder = try TemporaryFolder()
        let json = try fixture(in: folder)
        let csv = folder.path("board.csv"), events = folder.path("events.csv"), back = folder.path("back.json")
        let there = try CommandRunner.boardkit(["convert", json, csv, "--events", events] + (excel ? ["--excel"] : []))
        #expect(there.status == 0 && there.stderr.isEmpty, "\(there.stderr)")
        let again = try CommandRunner.boardkit(["convert", csv, back, "--events", events])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: back, encoding: .utf8) == FieldChangesFixture.json)
        let original = try #require(BoardPipeline.read(json).board)
        #expect(BoardPipeline.read(csv, options: ReaderOptions(eventsPath: events)).board == original)
    }

    @Test("the sidecar's changes cell is the compact JSON text, quoted the CSV way")
    func sidecarText() throws {
        let folder = try TemporaryFolder()
        let board = try #require(BoardPipeline.read(try fixture(in: folder)).board)
        let events = folder.path("events.csv")
        #expect(EventsSidecar.write(board, to: events, dialect: CSVDialect()).isEmpty)
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        #expect(lines[0] == "record,card,at,type,from,to,actor,changes,id,name,category,wip,key,value")
        #expect(lines.contains(#"event,c1,2026-11-03T18:30:00+09:00,updated,,,mina,"[{""field"":""due"",""old"":""2026-12-01"",""new"":""2026-12-03""},{""field"":""labels"",""old"":[""bug""],""new"":[""bug"",""ui""]}]",,,,,,"#))
        #expect(lines.contains("event,c1,2026-11-04T09:00:00Z,moved,todo,doing,mina,,,,,,,"))
    }

    @Test("sidecars without the changes column read: boardkit's older layout and the event columns alone")
    func olderSidecars() throws {
        let folder = try TemporaryFolder()
        let board = SampleBoard(cards: 12, weeks: 3, seed: 4).generate()
        let csv = folder.path("board.csv"), events = folder.path("events.csv")
        var options = WriterOptions()
        options.eventsPath = events
        #expect(!CSVWriter().write(board, to: csv, options: options).diagnostics.hasErrors)
        let script = """
        import csv, sys
        src, older, bare = sys.argv[1:4]
        rows = list(csv.reader(open(src, newline="", encoding="utf-8")))
        assert rows[0][7] == "changes"
        with open(older, "w", newline="", encoding="utf-8") as f:
            csv.writer(f, lineterminator="\\n").writerows([r[:7] + r[8:] for r in rows])
        with open(bare, "w", newline="", encoding="utf-8") as f:
            csv.writer(f, lineterminator="\\n").writerows([r[1:7] for r in rows if r[0] in ("record", "event")])
        """
        let older = folder.path("older.csv"), bare = folder.path("bare.csv")
        let edit = try CommandRunner.run("/usr/bin/env", ["python3", "-c", script, events, older, bare])
        #expect(edit.status == 0, "\(edit.stderr)")
        let fromOlder = CSVReader().read(BoardInput(path: csv), options: ReaderOptions(eventsPath: older))
        #expect(fromOlder.diagnostics.isEmpty, "\(fromOlder.diagnostics)")
        #expect(fromOlder.board == board)
        let fromBare = CSVReader().read(BoardInput(path: csv), options: ReaderOptions(eventsPath: bare))
        #expect(!fromBare.diagnostics.hasErrors, "\(fromBare.diagnostics)")
        #expect(fromBare.board?.events == board.events)
    }

    @Test("a changes cell that is not changes: a located error, exit 1", arguments: [
        ("due moved", "the changes are not a JSON array"),
        (#"[{""new"":""b""}]"#, #"change 1 has no "field""#),
        (#"[{""field"":""due"",""old"":[1]}]"#, #"change 1's "old" is not a string, an array of strings or null"#),
    ])
    func malformedCell(cell: String, message: String) throws {
        let folder = try TemporaryFolder()
        let csv = folder.path("board.csv"), events = folder.path("events.csv")
        try "id,title,state\nc1,Fix login,TODO\n".write(toFile: csv, atomically: true, encoding: .utf8)
        try "card,at,type,from,to,actor,changes\nc1,2026-11-02T09:00:00Z,created,,TODO,,\nc1,2026-11-03T09:00:00Z,updated,,,mina,\"\(cell)\"\n"
            .write(toFile: events, atomically: true, encoding: .utf8)
        let run = try CommandRunner.boardkit(["convert", csv, folder.path("out.json"), "--events", events])
        #expect(run.status == 1)
        #expect(run.stderr.contains("events.csv:3:") && run.stderr.contains(": error: \(message)"), "\(run.stderr)")
        #expect(run.stderr.contains("[csv-bad-events]"))
    }

    @Test("without a sidecar, the warning that counts the events counts their changes")
    func withoutSidecar() throws {
        let folder = try TemporaryFolder()
        let board = try #require(BoardPipeline.read(try fixture(in: folder)).board)
        let diagnostics = CSVWriter().write(board, to: folder.path("b.csv"), options: WriterOptions()).diagnostics
        #expect(diagnostics.contains {
            $0.message as? CSVMessage == .eventsNotWritten(events: 6, changes: 8)
        }, "\(diagnostics)")
    }
}
