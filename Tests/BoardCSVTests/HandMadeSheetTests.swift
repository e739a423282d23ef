import Testing
import BoardTestSupport
import Foundation
import BoardModel
import BoardIO
import BoardTabular
import BoardKit
@testable import BoardCSV

/// Sheets people keep by hand (#19 items 4 and 5): US dates settled by their column, and a
/// header below a title band. Each file is made to the shape of a corpus file (Wekan's
/// board-import.csv, jira-agile-zephyr's backlog.xlsx) and says which.
@Suite struct HandMadeSheetTests {
    func read(_ text: String, options: ReaderOptions = ReaderOptions()) -> ReadResult {
        CSVReader().read(bytes: Array(text.utf8), file: "in.csv", options: options)
    }

    func day(_ y: Int, _ m: Int, _ d: Int) -> DueDate { .date(CalendarDate(year: y, month: m, day: d)!) }

    /// A US task sheet: month first, two-digit years and a 12-hour clock. The second row's
    /// 09/19/25 settles the column, so 03/04/25 (which reads both ways) is March 4th.
    @Test func usDatesTakeTheOrderTheirColumnShows() throws {
        let r = read("Task,Status,Due Date,Created\n" +
                     "Plan,Not Started,03/04/25 03:00 PM,03/02/2025\n" +
                     "Build,In Progress,09/19/25 03:00 PM,03/20/2025\n" +
                     "Ship,Done,05/06/2025,\n")
        let board = try #require(r.board, "\(r.diagnostics)")
        let utc = Zone.utc
        #expect(board.cards.map(\.due) == [
            .instant(utc.instant(LocalDateTime(date: CalendarDate(year: 2025, month: 3, day: 4)!, hour: 15))),
            .instant(utc.instant(LocalDateTime(date: CalendarDate(year: 2025, month: 9, day: 19)!, hour: 15))),
            day(2025, 5, 6),
        ])
        #expect(board.cards[0].created == utc.startOfDay(CalendarDate(year: 2025, month: 3, day: 2)!))
        // One note per column, at the value that settled it, saying the order and the count.
        let notes = r.diagnostics.filter { $0.code == .tabularDateOrderShown }
        #expect(notes.count == 2)
        let due = try #require(notes.first {
            $0.message as? TabularMessage == .dateOrderShown(column: "Due Date", order: .monthFirst, shown: "09/19/25 03:00 PM", count: 2)
        })
        #expect(due.severity == .note)
        #expect(due.location?.line == 3 && due.location?.column == 19)
        #expect(!r.diagnostics.contains { $0.severity == .error })
    }

    /// A European sheet settles the other way, whichever row shows it.
    @Test func dayFirstColumns() throws {
        let r = read("Tarea,Estado,Fecha límite\nA,Pendiente,03/04/25\nB,Completada,19/09/25\n")
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards.map(\.due) == [day(2025, 4, 3), day(2025, 9, 19)])
        #expect(board.cards.map { board.category(ofState: $0.state) } == [.todo, .done])
    }

    /// Nothing settles the column: each date that reads both ways is an error saying why,
    /// at its cell; `--date-order` settles it.
    @Test func anUnsettledColumnIsReportedAndTheFlagSettlesIt() throws {
        let text = "title,due\nA,03/04/2026\nB,2026-11-21\n"
        let r = read(text)
        #expect(r.board == nil)
        let d = try #require(r.diagnostics.first { $0.code == .tabularAmbiguousDate })
        #expect(d.location?.line == 2 && d.location?.column == 3)
        #expect(d.message as? TabularMessage == .ambiguousDate(column: "due", value: "03/04/2026", first: "2026-03-04", second: "2026-04-03"))
        var options = ReaderOptions()
        options.dateOrder = .dayFirst
        #expect(read(text, options: options).board?.cards.first?.due == day(2026, 4, 3))
        options.dateOrder = .monthFirst
        #expect(read(text, options: options).board?.cards.first?.due == day(2026, 3, 4))
    }

    /// A column whose dates show both orders settles nothing; the message quotes one of each.
    /// Under --skip-invalid only the unsettled row is left out.
    @Test func aColumnOfBothOrdersSettlesNothing() throws {
        let text = "title,due\nA,03/04/2026\nB,13/06/2026\nC,06/13/2026\n"
        let r = read(text)
        #expect(r.board == nil)
        let d = try #require(r.diagnostics.first { $0.code == .tabularAmbiguousDate })
        #expect(d.message as? TabularMessage == .mixedDateOrders(column: "due", value: "03/04/2026", first: "2026-03-04", second: "2026-04-03",
                                                                  shown: "13/06/2026", order: .dayFirst, other: "06/13/2026"))
        var options = ReaderOptions()
        options.invalidItems = .leaveOut
        let skipped = read(text, options: options)
        let board = try #require(skipped.board)
        #expect(board.cards.map(\.title) == ["B", "C"])
        #expect(skipped.diagnostics.contains { $0.code == .itemsLeftOut })
        // The source map still points at each kept card's own row.
        #expect(skipped.sourceMap.location(of: .card(index: 0, field: "title")).line == 3)
    }

    /// A title band (a heading, an "updated" line, an empty row of commas) above the header,
    /// as hand-made sheets exported to CSV have: the header is found, the note names its row
    /// and what was passed over, and no band row becomes a card.
    @Test func aHeaderBelowATitleBand() throws {
        let r = read("Product Backlog,,\nUpdated 2025-01-03,,\n,,\nTitle,Status,Due\nA,Done,2026-01-02\nB,Doing,\n")
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards.map(\.title) == ["A", "B"])
        let note = try #require(r.diagnostics.first { $0.code == .tabularHeaderRow })
        #expect(note.severity == .note && note.location?.line == 4)
        #expect(note.message as? TabularMessage == .headerRow(row: 4, passed: 2, firstPassed: ["Product Backlog", "", ""]))
        // A data row's location is still its own line.
        #expect(r.sourceMap.location(of: .card(index: 1, field: "title")).line == 6)
    }

    /// A header without a title column is still the header: a data cell that happens to be a
    /// title alias ("Task" in a type column) past it is never taken for one. The refusal
    /// names the real header, as before.
    @Test func aDataRowIsNeverTheHeader() {
        let r = read("Key,Kind,State\nA-1,Bug,Done\nA-2,Task,Doing\n")
        #expect(r.board == nil)
        let d = r.diagnostics.first { $0.code == .tabularNoTitleColumn }
        #expect(d?.location?.line == 1)
        guard case .noTitleColumn(_, _, let headers) = d?.message as? TabularMessage else { Issue.record("\(r.diagnostics)"); return }
        #expect(headers == ["Key", "Kind", "State"])
        #expect(!r.diagnostics.contains { $0.code == .tabularHeaderRow })
    }

    /// `--header-row N` says which row; rows above it are not read, and a row that is not
    /// there is a located error.
    @Test func headerRowOption() throws {
        let text = "Sprint 12,Team A,Week 3\nTitle,Status,Due\nA,Done,2026-01-02\n"
        // Three cells: the band is wide enough to be taken for the header…
        #expect(read(text).board == nil)
        // …and --header-row 2 says otherwise.
        var options = ReaderOptions()
        options.headerRow = 2
        let r = read(text, options: options)
        #expect(try #require(r.board, "\(r.diagnostics)").cards.map(\.title) == ["A"])
        #expect(!r.diagnostics.contains { $0.code == .tabularHeaderRow }, "the user said it; no note")
        options.headerRow = 9
        let missing = read(text, options: options)
        #expect(missing.board == nil)
        let d = missing.diagnostics.first { $0.code == .tabularNoHeaderRow }
        #expect(d?.location?.line == 9)
        #expect(!missing.diagnostics.contains { $0.code == .csvEmptyFile })
    }

    /// The two flags through the command, with the note printed and exit 0.
    @Test func flagsThroughTheCommand() throws {
        let folder = try TemporaryFolder()
        let csv = folder.path("tasks.csv"), out = folder.path("out.json")
        try "My tasks,\nName,Due\nA,03/04/25\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let refused = try CommandRunner.boardkit(["convert", csv, out])
        #expect(refused.status == 1 && refused.stderr.contains("[tabular-ambiguous-date]"))
        #expect(!FileManager.default.fileExists(atPath: out))
        let r = try CommandRunner.boardkit(["convert", csv, out, "--date-order", "day-first", "--header-row", "2"])
        #expect(r.status == 0, "\(r.stderr)")
        let board = try #require(BoardPipeline.read(out).board)
        #expect(board.cards.map(\.due) == [day(2025, 4, 3)])
        let bad = try CommandRunner.boardkit(["convert", csv, out, "--header-row", "0"])
        #expect(bad.status == 2 && bad.stderr.contains("--header-row"))
    }

    /// No column is read as the state, yet one kept as a field holds state words: done work
    /// would pass for work to do, so a warning names the column and how to read it (#19
    /// item 3; jira-issue-tracker's jira.csv has 'to_status' so).
    @Test func aStateColumnLeftUnreadIsWarned() throws {
        let text = "Name,Workflow,Owner\nA,Done,mina\nB,Cancelled,jisoo\nC,Backlog,mina\nD,Done,\n"
        let r = read(text)
        let board = try #require(r.board)
        #expect(Set(board.cards.map(\.state)).count == 1)
        let d = try #require(r.diagnostics.first { $0.code == .tabularStateColumnUnread })
        #expect(d.severity == .warning && d.location?.line == 1 && d.location?.column == 6)
        #expect(d.message as? TabularMessage == .stateColumnUnread(todo: "TODO", column: "Workflow", cards: 3, shown: ["Done", "Cancelled"]))
        #expect(r.diagnostics.filter { $0.code == .tabularStateColumnUnread }.count == 1, "not for Owner")
        // An e-mail column is never proposed as the state (QA in qaz@in.ibm.com was read as doing).
        let mails = read("Name,assignee_email\nA,qaz@in.ibm.com\nB,wip.team@example.org\n")
        #expect(!mails.diagnostics.contains { $0.code == .tabularStateColumnUnread }, "\(mails.diagnostics)")
        // Read as the state, the column gives each card its category and nothing warns.
        var options = ReaderOptions()
        options.columns = ["state": "Workflow"]
        let mapped = read(text, options: options)
        let b = try #require(mapped.board)
        #expect(b.cards.map { b.category(ofState: $0.state) } == [.done, .done, .todo, .done])
        #expect(!mapped.diagnostics.contains { $0.code == .tabularStateColumnUnread })
    }

    /// Jira set to Portuguese, to the shape of dashboard_jira's 316-issue export: headers
    /// (Chave, Resumo, Criado, Atualizado(a), Data limite), month abbreviations (mai, abr) and
    /// state names (Em andamento, Pronto para revisão, Concluído) all in Portuguese.
    @Test func jiraInPortuguese() throws {
        let text = #"""
        Projeto;Chave;Resumo;Tipo de item;Status;Responsável;Criado;Atualizado(a);Data limite
        Web;OABDRJ-380;"Botão ""ouvir""";Bug;Em andamento;Alex Goulart;22/mai/24 10:26 AM;23/mai/24 6:05 PM;
        Web;OABDRJ-290;Link quebrado;Bug;Pronto para revisão;Alex Goulart;11/mar/24 12:07 PM;;19/abr/24
        Web;OABDRJ-378;Remetente;Melhoria;Concluído;;08/mai/24 9:00 AM;;

        """#
        let r = read(text)
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards.map(\.id) == ["OABDRJ-380", "OABDRJ-290", "OABDRJ-378"])
        #expect(board.cards.map(\.title) == [#"Botão "ouvir""#, "Link quebrado", "Remetente"])
        #expect(board.cards.map { board.category(ofState: $0.state) } == [.doing, .doing, .done])
        #expect(board.cards[0].created == Zone.utc.instant(LocalDateTime(date: CalendarDate(year: 2024, month: 5, day: 22)!, hour: 10, minute: 26)))
        #expect(board.cards[0].updated != nil)
        #expect(board.cards[1].due == day(2024, 4, 19))
        #expect(board.cards[0].assignees == ["Alex Goulart"])
        #expect(!r.diagnostics.contains { $0.code == .tabularValueKept }, "\(r.diagnostics)")
    }
}
