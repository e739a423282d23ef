import Testing
import BoardModel
import BoardIO
import BoardTabular

/// The order every tabular reader takes its rows in (`TabularRowDriver`), pinned once for CSV
/// and workbooks alike, through a sink that records what it was handed.
@Suite struct TabularRowDriverTests {
    /// Records the header and rows in the order the driver hands them on.
    struct RecordingSink: TabularRowSink {
        typealias Row = (number: Int, cells: [TabularCell])
        let builder: TabularBoardBuilder
        var taken: [String] = []

        func cells(of row: Row) -> [TabularCell] { row.cells }
        func location(ofHeader row: Row) -> BoardModel.SourceLocation { BoardModel.SourceLocation(file: "t", line: row.number) }
        func location(ofMissingRow number: Int) -> BoardModel.SourceLocation { BoardModel.SourceLocation(file: "t", line: number) }
        mutating func takeHeader(_ row: Row) -> Bool {
            taken.append("header \(row.number)")
            return row.cells.first != .text("unusable")
        }
        mutating func takeRow(_ row: Row) { taken.append("row \(row.number)") }
    }

    /// Offers `rows` (one text cell each, or several split on `|`) as a reader would, then ends.
    func drive(_ rows: [String], headerRow: Int? = nil) -> (TabularRowDriver<RecordingSink>.State, [String], [Diagnostic]) {
        var options = ReaderOptions()
        options.headerRow = headerRow
        var sink = RecordingSink(builder: TabularBoardBuilder(options: options, file: "t"))
        var driver = TabularRowDriver(for: sink)
        for (k, text) in rows.enumerated() {
            let row = (number: k + 1, cells: text.split(separator: "|", omittingEmptySubsequences: false).map { TabularCell.text(String($0)) })
            switch driver.state {
            case .searchingHeader: driver.offer(row, number: row.number, to: &sink)
            case .readingRows: sink.takeRow(row)
            case .refused: break
            }
        }
        driver.end(sink: &sink)
        return (driver.state, sink.taken, sink.builder.diagnostics)
    }

    @Test func aHeaderNamingTheTitleIsTakenAtOnceAndRowsFollow() {
        let (state, taken, notes) = drive(["Title|State", "Write|todo", "Ship|done"])
        #expect(state == .readingRows)
        #expect(taken == ["header 1", "row 2", "row 3"])
        #expect(notes.isEmpty)
    }

    @Test func rowsHeldBackWhileLookingComeBackInOrderAfterTheHeader() {
        // Two title-band rows, then a two-name row, then data of two cells: the search looks
        // at all of them before settling on the first two-name row.
        let (state, taken, notes) = drive(["Backlog", "Team|Apollo", "Write|2", "Ship|3"])
        #expect(state == .readingRows)
        #expect(taken == ["header 2", "row 3", "row 4"])
        #expect(notes.map { $0.message as? TabularMessage } == [.headerRow(row: 2, passed: 1, firstPassed: ["Backlog"])])
    }

    @Test func aHeaderRowThatIsNotThereRefusesTheRows() {
        let (state, taken, notes) = drive(["Title|State", "Write|todo"], headerRow: 9)
        #expect(state == .refused)
        #expect(taken.isEmpty)
        #expect(notes.map { $0.message as? TabularMessage } == [.noHeaderRow(9)])
        #expect(notes.first?.location == BoardModel.SourceLocation(file: "t", line: 9))
    }

    @Test func anUnusableHeaderRefusesTheRowsBelowIt() {
        let (state, taken, _) = drive(["unusable|Title|State", "Write|todo|doing"])
        #expect(state == .refused)
        #expect(taken == ["header 1"])
    }

    @Test func anInputOfferingNoRowStaysSearching() {
        let (state, taken, notes) = drive([])
        #expect(state == .searchingHeader)
        #expect(taken.isEmpty)
        #expect(notes.isEmpty)
    }
}
