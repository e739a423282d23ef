import Testing
import BoardModel
import BoardSample
import BoardTestSupport
@testable import BoardXLSX
@testable import BoardIO

@Suite struct RoundTripTests {
    @Test(arguments: Array(UInt64(1)...UInt64(12)))
    func sampleBoardsComeBackTheSame(seed: UInt64) throws {
        let folder = try TemporaryFolder()
        let board = SampleBoard(cards: 80, weeks: 10, seed: seed).generate()
        let (written, read, _) = roundTrip(board, in: folder)
        #expect(!written.hasErrors, "\(written)")
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        let back = try #require(read.board)
        #expect(firstDifference(board, back) == nil, "\(firstDifference(board, back) ?? "")")
    }

    /// Everything the sample does not have: offsets other than the zone's, a daylight-saving
    /// overlap, midnight instants, milliseconds, dates outside Excel's range, unknown keys,
    /// empty custom fields, list items with commas, texts past the cell limit, control
    /// characters and literal `_x0041_`, a state name two states share.
    @Test func edgeCasesComeBackTheSame() throws {
        let ny = try #require(Zone.named("America/New_York"))
        // 2026-11-01 01:30 happens twice in New York; the second time is -05:00.
        let secondPass = Instant(epochSeconds: 1_793_511_000, offsetSeconds: -5 * 3600)
        #expect(ny.local(secondPass).hour == 1)
        let midnight = ny.startOfDay(CalendarDate(year: 2026, month: 12, day: 1)!)
        let long = String(repeating: "긴 본문 ", count: 7000)            // ~70,000 bytes
        let longASCII = String(repeating: "x", count: 40_000) + "_x0041_ end"
        let states = [BoardState(id: "todo", name: "Open", category: .todo),
                      BoardState(id: "wip", name: "Open", category: .doing, wipLimit: 2, extras: ["x-color": "\"red\""]),
                      BoardState(id: "done", name: "Done", category: .done)]
        let cards = [
            Card(id: "a", title: "Offsets", body: "line\r\nnext\u{1}ctl _x0041_ literal", state: "todo",
                 due: .instant(Instant(epochSeconds: 1_795_000_000, offsetSeconds: 5 * 3600 + 1800)),
                 start: .instant(midnight),
                 created: Instant(epochMilliseconds: 1_794_000_000_123, offsetSeconds: 0),
                 updated: secondPass, completed: nil, labels: ["a, b", " spaced ", "c\\d"],
                 assignees: ["mina"], position: 2.5, archived: false, url: "https://x.example/a",
                 fields: ["Story points": "3", "Empty": "", "title": "a field named like a column"],
                 extras: ["x-rank": "[1, 2, {\"k\": \"v\"}]", "x-note": "\"quoted \\\" text\""]),
            Card(id: "b", title: long, body: longASCII, state: "wip",
                 due: .date(CalendarDate(year: 1850, month: 1, day: 2)!),
                 start: .date(CalendarDate(year: 1900, month: 2, day: 28)!),
                 created: Instant(epochSeconds: -4_000_000_000, offsetSeconds: 0), labels: [], assignees: [],
                 archived: true),
            Card(id: "c", title: "Plain", state: "done", due: .date(CalendarDate(year: 1900, month: 3, day: 1)!),
                 completed: Instant(epochSeconds: 1_795_100_000, offsetSeconds: -5 * 3600)),
        ]
        let events = [
            Event(card: "a", at: Instant(epochSeconds: 1_794_000_000, offsetSeconds: 3600), type: .created, to: "todo", actor: "mina",
                  extras: ["x-source": "\"api\""]),
            Event(card: "b", at: secondPass, type: .moved, from: "todo", to: "wip"),
            Event(card: "c", at: Instant(epochSeconds: 1_795_100_000, offsetSeconds: -5 * 3600), type: .moved, from: "wip", to: "done"),
        ]
        let board = Board(id: "edge", name: "Edge 경계", timeZone: "America/New_York", states: states, cards: cards,
                          events: events, metadata: ["source": "test", "blank": ""], extras: ["x-board": "{\"a\":1}"])
        let folder = try TemporaryFolder()
        let (written, read, _) = roundTrip(board, in: folder)
        #expect(!written.hasErrors, "\(written)")
        // Never silent: the long texts and the dates Excel cannot show are reported with cells.
        let overflow = written.filter { $0.code == .xlsxTextOverflow }
        #expect(overflow.count == 2)
        #expect(overflow.contains { $0.location?.cell == "Cards!B3" })
        let range = written.filter { $0.code == .xlsxDateOutOfRange }
        #expect(range.contains { $0.location?.cell == "Cards!E3" })
        #expect(range.contains { $0.location?.cell == "Cards!G3" })
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        let back = try #require(read.board)
        #expect(firstDifference(board, back) == nil, "\(firstDifference(board, back) ?? "")")
    }

    /// Parts of Cards and History are written at once on several cores; with a small sheet
    /// size a sample board fills many parts. Texts past the cell limit in several parts all go
    /// to the one Overflow sheet, in the same order every time (with several workers or one),
    /// and come back.
    @Test func sheetsWrittenInPartsAtOnceComeBackTheSame() throws {
        var board = SampleBoard(cards: 120, weeks: 10, seed: 7).generate()
        let long = String(repeating: "overflow ", count: 4000)             // 36,000 bytes
        for k in [3, 50, 110] { board.cards[k].body = long + "\(k)" }
        for k in [5, board.events.count - 2] { board.events[k].actor = long + "actor \(k)" }
        let folder = try TemporaryFolder()
        let writer = BoardXLSXWriter(rowsPerSheet: 40)
        let options = WriterOptions(exportedAt: Instant(epochSeconds: 1_795_683_600))
        var runs: [[Diagnostic]] = []
        for (name, workers) in [("a.xlsx", 4), ("b.xlsx", 1)] {
            runs.append(Parallelism.withWorkers(workers) { writer.write(board, to: folder.path(name), options: options).diagnostics })
        }
        #expect(!runs[0].hasErrors, "\(runs[0])")
        let overflowCells = runs.map { $0.filter { $0.code == .xlsxTextOverflow }.compactMap { $0.location?.cell } }
        let last = board.events.count - 2
        let expected = [("Cards", 0, 3), ("Cards", 1, 10), ("Cards", 2, 30), ("History", 0, 5), ("History", last / 40, last % 40)]
            .map { base, part, item in
                CellReference.cell(sheet: WorkbookSchema.continuation(base, part: part), row: item + 1, column: base == "Cards" ? 2 : 5)
            }
        #expect(overflowCells[0] == expected)
        #expect(overflowCells[0] == overflowCells[1])
        let read = BoardXLSXReader().read(BoardInput(path: folder.path("a.xlsx")), options: ReaderOptions())
        #expect(!read.diagnostics.hasErrors, "\(read.diagnostics)")
        let back = try #require(read.board)
        #expect(firstDifference(board, back) == nil, "\(firstDifference(board, back) ?? "")")
        // The parts are there under their names.
        let sheets = try oracleJSON("xlsx_inspect.py", [folder.path("a.xlsx")])["sheets"] as? [String]
        #expect(sheets?.contains("Cards (3)") == true)
        #expect(sheets?.contains(WorkbookSchema.continuation("History", part: (board.events.count - 1) / 40)) == true)
    }

    @Test func manyEventsContinueOnMoreSheets() throws {
        // Not a million rows in a unit test: the part naming and ordering are what matter.
        #expect(WorkbookSchema.continuation("History", part: 0) == "History")
        #expect(WorkbookSchema.continuation("History", part: 2) == "History (3)")
        #expect(WorkbookSchema.part(of: "History (3)", base: "History") == 2)
        #expect(WorkbookSchema.part(of: "History (1)", base: "History") == nil)
        #expect(WorkbookSchema.part(of: "Historyx", base: "History") == nil)
    }
}
