import Foundation
import Testing
import BoardModel
import BoardIO
import BoardJSON
import BoardKit
import BoardTestSupport

/// One way through a format and back, in-process through the library's pipeline (the same
/// `BoardPipeline.write` / `read` the command uses: atomic output, sniffing, validation).
struct Route: Sendable, CustomStringConvertible {
    var name: String
    var file: String
    var format: String
    var writer = WriterOptions()
    var reader = ReaderOptions()
    /// A second file the route writes and reads (the CSV events sidecar).
    var sidecar: String?

    var description: String { name }

    static let exportedAt = Instant(epochSeconds: 1_795_000_000)

    static let json = Route(name: "json", file: "b.json", format: "json")
    static let csvWithEvents = Route(name: "csv --events", file: "b.csv", format: "csv", sidecar: "b.events.csv")
    static let tsvWithEvents = Route(name: "tsv --events", file: "b.tsv", format: "csv", sidecar: "b.events.tsv")
    static let xlsx = Route(name: "xlsx", file: "b.xlsx", format: "xlsx", writer: WriterOptions(exportedAt: exportedAt))
    static let store = Route(name: "store", file: "b.db", format: "store", writer: WriterOptions(exportedAt: exportedAt, actor: "test"))
    static let csvPlain = Route(name: "csv", file: "b.csv", format: "csv")
    static let tsvPlain = Route(name: "tsv", file: "b.tsv", format: "csv")
    static let trello = Route(name: "trello", file: "b.trello.json", format: "trello")
    static let taskwarrior = Route(name: "taskwarrior", file: "b.tasks.json", format: "taskwarrior",
                                   writer: WriterOptions(exportedAt: exportedAt))
    static func ics(_ component: CalendarOptions.Component, includeDone: Bool) -> Route {
        Route(name: "ics \(component)\(includeDone ? " --include-done" : "")", file: "b.ics", format: "ics",
              writer: WriterOptions(calendar: CalendarOptions(component: component, includeDone: includeDone)))
    }

    init(name: String, file: String, format: String, writer: WriterOptions = WriterOptions(),
         reader: ReaderOptions = ReaderOptions(), sidecar: String? = nil) {
        self.name = name
        self.file = file
        self.format = format
        self.writer = writer
        self.reader = reader
        self.sidecar = sidecar
    }
}

/// What one trip gave.
struct Trip {
    var written: [Diagnostic]
    var read: [Diagnostic]
    var back: Board?

    /// The writer's `data-not-written` messages.
    var notWritten: [any DiagnosticMessage] { written.filter { $0.code == .dataNotWritten }.map(\.message) }
    var errors: [Diagnostic] { (written + read).filter { $0.severity == .error } }
}

enum RoundTrip {
    /// Writes `board` through `route` into a fresh folder and reads it back.
    static func run(_ board: Board, _ route: Route) throws -> Trip {
        let folder = try TemporaryFolder()
        let path = folder.path(route.file)
        var writer = route.writer, reader = route.reader
        if let sidecar = route.sidecar {
            writer.eventsPath = folder.path(sidecar)
            reader.eventsPath = folder.path(sidecar)
        }
        let written = BoardPipeline.write(board, to: path, format: route.format, options: writer).diagnostics
        guard !written.hasErrors else { return Trip(written: written, read: [], back: nil) }
        let loaded = BoardPipeline.read(path, from: route.format, options: reader)
        return Trip(written: written, read: loaded.diagnostics, back: loaded.board)
    }

    static func json(_ board: Board) -> [UInt8] { BoardJSONWriter().encode(board) }

    /// JSON → `route` → JSON gives the board back, byte for byte, and the writer claims no loss.
    static func checkIdentity(_ board: Board, _ route: Route, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let original = RoundTrip.json(board)
        guard let start = RoundTrip.viaJSON(board) else { return }
        let trip = try RoundTrip.run(start, route)
        #expect(trip.errors.isEmpty, "\(route): \(trip.errors)", sourceLocation: sourceLocation)
        #expect(trip.notWritten.isEmpty, "\(route) says it left something: \(trip.notWritten)", sourceLocation: sourceLocation)
        guard let back = trip.back else { return }
        let d = BoardDiff.differences(start, back)
        #expect(d.isEmpty, "JSON → \(route) → JSON changed the board:\n\(BoardDiff.summary(d))", sourceLocation: sourceLocation)
        if d.isEmpty {
            #expect(RoundTrip.json(back) == original, "JSON → \(route) → JSON is not byte-identical", sourceLocation: sourceLocation)
        }
    }

    /// The board the canonical JSON of `board` reads back as (what a `convert` from JSON starts from).
    static func viaJSON(_ board: Board) -> Board? {
        BoardJSONReader().read(bytes: json(board)).board
    }
}

enum BoardJSONReaderShim {
    static func read(_ bytes: [UInt8]) -> ReadResult { BoardJSONReader().read(bytes: bytes) }
}
