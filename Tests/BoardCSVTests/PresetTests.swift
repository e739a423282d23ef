import Testing
import Foundation
import BoardModel
@testable import BoardTabular
import BoardTestSupport
import BoardKit
@testable import BoardCSV
@testable import BoardIO
import BoardValidation

/// Every preset reads its sample (found from the header alone) and round-trips it.
@Suite struct PresetTests {
    static let presets = ["jira", "github", "trello", "todoist", "asana", "kanboard", "plane"]

    func readSample(_ name: String, options: ReaderOptions = ReaderOptions(timeZone: "Asia/Seoul")) -> ReadResult {
        CSVReader().read(BoardInput(path: CommandRunner.sample("foreign/\(name).csv"), displayName: "\(name).csv"),
                         options: options)
    }

    @Test(arguments: presets)
    func sampleIsDetectedAndReads(name: String) throws {
        let r = readSample(name)
        #expect(!r.diagnostics.hasErrors, "\(r.diagnostics)")
        let board = try #require(r.board)
        #expect(board.cards.count >= 4)
        #expect(board.cards.allSatisfy { !$0.title.isEmpty })
        #expect(BoardValidator.validate(board, sourceMap: r.sourceMap).filter { $0.severity == .error }.isEmpty)
        // Detection picked the preset: reading with --mapping NAME gives the same board.
        var named = ReaderOptions(timeZone: "Asia/Seoul")
        named.mapping = name
        #expect(readSample(name, options: named).board == board)
    }

    /// Writing with the preset and reading the result back keeps what the layout has columns for.
    @Test(arguments: presets)
    func presetRoundTripsItsSample(name: String) throws {
        let board = try #require(readSample(name).board)
        let folder = try TemporaryFolder()
        let out = folder.path("out.csv")
        let written = CSVWriter().write(board, to: out, options: WriterOptions(mapping: name)).diagnostics
        #expect(!written.hasErrors, "\(written)")
        var options = ReaderOptions(timeZone: "Asia/Seoul")
        options.mapping = name
        let back = try #require(CSVReader().read(BoardInput(path: out), options: options).board)
        #expect(back.cards.map(\.title) == board.cards.map(\.title))
        #expect(back.cards.map(\.labels) == board.cards.map(\.labels))
        #expect(back.cards.map(\.assignees) == board.cards.map(\.assignees))
        #expect(back.cards.map(\.due) == board.cards.map(\.due))
        #expect(back.cards.map(\.body) == board.cards.map(\.body))
        #expect(back.cards.map { back.state(withID: $0.state)?.name } == board.cards.map { board.state(withID: $0.state)?.name })
        // And detection finds the preset again from the written header.
        let detected = try #require(CSVReader().read(BoardInput(path: out), options: ReaderOptions(timeZone: "Asia/Seoul")).board)
        #expect(detected.cards.map(\.title) == board.cards.map(\.title))
    }

    @Test func jiraColumnsMeanWhatJiraMeans() throws {
        let board = try #require(readSample("jira").board)
        let login = try #require(board.cards.first { $0.id == "WEB-101" })
        #expect(login.labels == ["auth", "bug"])
        #expect(login.fields["Sprint"] == "Sprint 12, Sprint 13")
        #expect(login.fields["Story points"] == "5")
        #expect(login.body.contains("\"quote\""))
        // 02/Nov/26 9:15 AM, no zone in the file: read in --timezone Asia/Seoul.
        #expect(login.created == Instant(epochSeconds: 1_793_578_500, offsetSeconds: 9 * 3600))
        #expect(login.due == .date(CalendarDate(year: 2026, month: 11, day: 27)!))
        let refactor = try #require(board.cards.first { $0.id == "WEB-103" })
        #expect(board.category(ofState: refactor.state) == .doing) // "Code Review", Status Category says In Progress
        #expect(refactor.labels == ["payments", "refactor", "tech-debt"])
        #expect(board.states.map(\.name) == ["In Progress", "To Do", "Code Review", "Done", "Closed"])
        #expect(board.states.map(\.category) == [.doing, .todo, .doing, .done, .done])
    }

    /// Jira's date fields are exported as midnight (`20/Nov/26 12:00 AM`); the preset reads
    /// them as calendar dates, so a Seoul or New York feed shows the day, not 09:00 or the
    /// evening before, and "overdue" starts when the day ends.
    @Test(arguments: ["UTC", "Asia/Seoul", "America/New_York"])
    func jiraDateFieldsStayCalendarDates(zone: String) throws {
        let csv = """
            Summary,Issue key,Status,Due date,Start date,Created
            Ship it,WEB-1,To Do,20/Nov/26 12:00 AM,18/Nov/26 12:00 AM,02/Nov/26 12:00 AM
            Call,WEB-2,To Do,21/Nov/26 3:30 PM,,02/Nov/26 9:15 AM

            """
        var options = ReaderOptions(timeZone: zone)
        options.mapping = "jira"
        let r = CSVReader().read(bytes: Array(csv.utf8), options: options)
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards[0].due == .date(CalendarDate(year: 2026, month: 11, day: 20)!))
        #expect(board.cards[0].start == .date(CalendarDate(year: 2026, month: 11, day: 18)!))
        // Created is an instant even at midnight; a due with a real time stays an instant.
        let z = try #require(Zone.named(zone))
        #expect(board.cards[0].created == z.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 2)!)))
        #expect(board.cards[1].due == .instant(z.instant(LocalDateTime(date: CalendarDate(year: 2026, month: 11, day: 21)!, hour: 15, minute: 30))))
    }

    /// A user's mapping says which columns are dates; `dateOnly` takes only due and start.
    @Test func dateOnlyInAUserMapping() throws {
        let folder = try TemporaryFolder()
        let mapping = folder.path("mine.json")
        try #"{"columns": {"title": ["Aufgabe"], "due": ["Fällig"]}, "dateFormats": ["dd.MM.yyyy HH:mm"], "dateOnly": ["due"]}"#
            .write(toFile: mapping, atomically: true, encoding: .utf8)
        var options = ReaderOptions(timeZone: "Europe/Berlin")
        options.mapping = mapping
        let r = CSVReader().read(bytes: Array("Aufgabe;Fällig\nRechnung;30.11.2026 00:00\n".utf8), options: options)
        #expect(try #require(r.board).cards[0].due == .date(CalendarDate(year: 2026, month: 11, day: 30)!))

        for bad in [#"{"dateOnly": ["created"]}"#, #"{"dateOnly": "due"}"#] {
            try bad.write(toFile: mapping, atomically: true, encoding: .utf8)
            let refused = CSVReader().read(bytes: Array("title\nA\n".utf8), options: options)
            #expect(refused.board == nil)
            #expect(refused.diagnostics.contains { $0.code == .tabularBadMapping }, "\(bad)")
        }
    }

    /// `--columns` maps columns without a mapping file, over the aliases: the chosen column
    /// wins, and a column the aliases would have taken for the same attribute is a field.
    @Test func columnsOnTheCommandLine() throws {
        let csv = "Name,storyName,Etat,Prazo\nAlpha team,Ship it,terminé,2026-11-20\nBeta team,Write,en cours,\n"
        var options = ReaderOptions()
        options.columns = ["title": "storyName", "state": "Etat", "due": "Prazo"]
        options.stateMap = ["terminé": "done", "en cours": "doing"]
        let r = CSVReader().read(bytes: Array(csv.utf8), options: options)
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards.map(\.title) == ["Ship it", "Write"])
        #expect(board.cards.map { $0.fields["Name"] } == ["Alpha team", "Beta team"])
        #expect(board.cards.map { board.category(ofState: $0.state) } == [.done, .doing])
        #expect(board.cards[0].due == .date(CalendarDate(year: 2026, month: 11, day: 20)!))

        let headers = ["Name", "storyName", "Etat", "Prazo"]
        for (columns, message) in [(["titel": "storyName"], TabularMessage.columnsNotAnAttribute("titel")),
                                   (["title": "Story"], .columnsNoSuchHeader(name: "title", header: "Story", headers: headers))] {
            options.columns = columns
            let refused = CSVReader().read(bytes: Array(csv.utf8), options: options)
            let d = try #require(refused.diagnostics.first { $0.code == .tabularBadMapping }, "\(refused.diagnostics)")
            #expect(d.message as? TabularMessage == message)
        }
    }

    /// A named preset whose title column is missing says which column it expected, not the
    /// generic list (which would name the file's own 'Name' as accepted).
    @Test func aPresetsMissingTitleColumnIsNamed() throws {
        var options = ReaderOptions()
        options.mapping = "jira"
        let r = CSVReader().read(bytes: Array("Name,Status\nShip it,To Do\n".utf8), options: options)
        let d = try #require(r.diagnostics.first { $0.code == .tabularNoTitleColumn })
        #expect(d.message as? TabularMessage == .noTitleColumn(mapping: "jira", titleHeaders: ["Summary"], headers: ["Name", "Status"]))
    }

    @Test func columnsFlagThroughTheCommand() throws {
        let folder = try TemporaryFolder()
        let csv = folder.path("stories.csv"), out = folder.path("out.json")
        try "storyName;Etat;Prazo\nShip it;Done;2026-11-20\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let r = try CommandRunner.boardkit(["convert", csv, out, "--columns", "title=storyName,state=Etat", "--columns", "due=Prazo"])
        #expect(r.status == 0, "\(r.stderr)")
        let board = try #require(BoardPipeline.read(out).board)
        #expect(board.cards.map(\.title) == ["Ship it"])
        #expect(board.cards[0].due == .date(CalendarDate(year: 2026, month: 11, day: 20)!))
        let bad = try CommandRunner.boardkit(["convert", csv, out, "--columns", "title"])
        #expect(bad.status == 2 || bad.status == 1, "\(bad.stderr)")
    }

    /// Plane's export (the shape of Linear's importer test file): the state is `State Name`,
    /// the due date `Target Date` (a date), and lists are JSON arrays, read as lists in every
    /// tabular format (#19 item 3).
    @Test func planeColumnsMeanWhatPlaneMeans() throws {
        let board = try #require(readSample("plane").board)
        let login = try #require(board.cards.first { $0.id == "WEB-2" })
        #expect(login.assignees == ["jisoo", "mina"])
        #expect(login.labels == ["auth", "bug"])
        #expect(login.due == .date(CalendarDate(year: 2026, month: 11, day: 27)!))
        // A custom field keeps its cell's text as written.
        #expect(login.fields["Cycles"] == #"["Sprint 12"]"#)
        #expect(board.cards.map { board.category(ofState: $0.state) } == [.todo, .doing, .done, .done, .todo])
        #expect(board.cards.first { $0.id == "WEB-4" }?.labels == [])
    }

    @Test func jsonArrayCellsAreLists() {
        #expect(ListCodec.split(#"["backend", "security"]"#) == ["backend", "security"])
        #expect(ListCodec.split(#" [] "#) == [])
        #expect(ListCodec.split(#"["a, b", "c"]"#) == ["a, b", "c"])
        // Not an array of strings: split as a hand-typed list.
        #expect(ListCodec.split("[urgent], ui") == ["[urgent]", "ui"])
        #expect(ListCodec.split("[1, 2]") == ["[1", "2]"])
    }

    @Test func todoistSectionsBecomeStatesAndNotesComments() throws {
        let r = readSample("todoist")
        let board = try #require(r.board)
        #expect(board.states.map(\.name) == ["Inbox", "Doing", "Done"])
        #expect(board.cards.count == 5)
        let flights = try #require(board.cards.first { $0.title == "Book flights to Busan" })
        #expect(flights.fields["Comments"] == "Compare KTX prices too")
        let plants = try #require(board.cards.first { $0.title == "Water the plants" })
        #expect(plants.due == nil && plants.fields["DATE"] == "every Monday")
        #expect(r.diagnostics.contains {
            if case .valueKept("DATE", "every Monday", .notADate) = $0.message as? TabularMessage { true } else { false }
        })
        #expect(board.state(withID: plants.state)?.name == "Doing")
    }

    @Test func stateMapOverridesGuesses() throws {
        var options = ReaderOptions(timeZone: "Asia/Seoul")
        options.stateMap = ["Code Review": "todo", "closed": "done"]
        let board = try #require(readSample("jira", options: options).board)
        #expect(board.states.first { $0.name == "Code Review" }?.category == .todo)
        // A state-map value that is not a category is a state id: Closed merges into it.
        options.stateMap = ["Closed": "done"]
        let merged = try #require(readSample("jira", options: options).board)
        #expect(merged.states.first { $0.name == "Closed" }?.category == .done)
    }

    @Test func userMappingFile() throws {
        let folder = try TemporaryFolder()
        let mapping = folder.path("mine.json")
        try #"{"name": "mine", "columns": {"title": ["Aufgabe"], "state": ["Spalte"], "due": ["Fällig"]}, "dateFormats": ["dd.MM.yyyy"], "states": {"Erledigt": "done"}}"#
            .write(toFile: mapping, atomically: true, encoding: .utf8)
        let csv = folder.path("de.csv")
        try "Aufgabe;Spalte;Fällig\nRechnung schreiben;Offen;30.11.2026\nSteuer;Erledigt;01.12.2026\n".write(toFile: csv, atomically: true, encoding: .utf8)
        var options = ReaderOptions()
        options.mapping = mapping
        let r = CSVReader().read(BoardInput(path: csv), options: options)
        let board = try #require(r.board, "\(r.diagnostics)")
        #expect(board.cards.map(\.due) == [.date(CalendarDate(year: 2026, month: 11, day: 30)!), .date(CalendarDate(year: 2026, month: 12, day: 1)!)])
        #expect(board.states.map(\.category) == [.todo, .done])
    }

    @Test func badMappingIsADiagnostic() {
        var options = ReaderOptions()
        options.mapping = "no-such-preset"
        let r = CSVReader().read(bytes: Array("title\nA\n".utf8), options: options)
        #expect(r.board == nil)
        #expect(r.diagnostics.contains { $0.code == .tabularBadMapping })
    }

    @Test func embeddedPresetsMatchTheTemplateFiles() throws {
        let folder = CommandRunner.packageRoot.appendingPathComponent("templates/mappings")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.map { String($0.dropLast(5)) } == BuiltinMappings.files.map(\.0))
        for (name, json) in BuiltinMappings.files {
            let text = try String(contentsOf: folder.appendingPathComponent(name + ".json"), encoding: .utf8)
            #expect(text == json, "templates/mappings/\(name).json changed: run python3 templates/mappings/embed.py")
        }
        #expect(MappingLibrary.presets.count == files.count)
    }
}
