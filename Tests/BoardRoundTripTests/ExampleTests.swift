import Testing
import BoardModel
import BoardKit

/// Plain examples of what the round-trip properties found, each minimised by shrinking.
@Suite struct ExampleTests {
    static func identity(_ board: Board, _ route: Route) throws {
        try RoundTrip.checkIdentity(board, route)
    }

    /// `Asia/Kolkata` (India's IANA name) was "not an IANA time-zone name": Foundation on
    /// Linux lists it only under its old name `Asia/Calcutta`, so every read refused the board.
    @Test func asiaKolkataIsATimeZone() throws {
        #expect(Zone(identifier: "Asia/Kolkata") != nil)
        #expect(Zone(identifier: "Etc/UTC") != nil)
        #expect(Zone(identifier: "Asia/Calcutta") != nil)
        #expect(Zone(identifier: "KST") == nil)
        #expect(Zone(identifier: "GMT+09:00") == nil)
        #expect(Zone(identifier: "Foo/Bar") == nil)
        #expect(Zone(identifier: "Asia/Kolkata")?.offset(atEpochSeconds: 1_790_000_000) == 19800)
        let board = Board(timeZone: "Asia/Kolkata", cards: [Card(id: "c1", title: "t", state: "todo")])
        #expect(BoardValidator.validate(board, sourceMap: PathSourceMap(file: "b.json")).isEmpty)
        for route in [Route.csvWithEvents, .xlsx, .store] { try Self.identity(board, route) }
    }

    /// A custom field named ` pad ` is written under the header `field: pad `, whose trailing
    /// space the reader trimmed: it came back as ` pad`.
    @Test func customFieldNameWithSpacesAround() throws {
        let board = Board(cards: [Card(id: "c1", title: "t", state: "todo", fields: [" pad ": "62", "trailing ": "x"])])
        try Self.identity(board, .csvWithEvents)
        try Self.identity(board, .xlsx)
    }
}
