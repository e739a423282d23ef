import BoardModel

/// What a tabular reader (CSV, a workbook's sheet) does with the rows `TabularRowDriver`
/// hands on: the header once, then data rows in order. The reader keeps its own record of a
/// row (`Row`: its cells and where they came from) and says where a note about the header
/// points, so a CSV says `board.csv:3:1` and a workbook `Cards!A3`.
public protocol TabularRowSink {
    /// The reader's record of a row offered while the header is looked for.
    associatedtype Row

    /// The builder the rows go to; the driver tells it where the header was found, or that
    /// the row `--header-row` names is missing.
    var builder: TabularBoardBuilder { get }

    /// A row's cells, as the header search and its notes read them.
    func cells(of row: Row) -> [TabularCell]
    /// Where the note "the header is row N" points: the header row.
    func location(ofHeader row: Row) -> SourceLocation
    /// Where the error for a `--header-row N` that is not there points.
    func location(ofMissingRow number: Int) -> SourceLocation

    /// Takes the header row; false when the rows below it cannot become cards (the builder
    /// has said why).
    mutating func takeHeader(_ row: Row) -> Bool
    /// Takes a data row the search held back while it looked further down.
    mutating func takeRow(_ row: Row)
}

/// The order every tabular reader takes its rows in, written once: rows that hold something
/// are offered to `HeaderRowSearch` until it decides; then the header goes to the sink (or the
/// missing `--header-row` is reported), and the rows the search held back follow as data.
/// Past the header the reader feeds its rows itself (a CSV hands over bytes, not strings), so
/// the driver stays off the hot path: it only says what `state` the reading is in.
public struct TabularRowDriver<Sink: TabularRowSink> {
    /// Where the reading is.
    public enum State: Equatable, Sendable {
        /// Looking for the header: offer each row that holds something.
        case searchingHeader
        /// The header is taken: every further row is data.
        case readingRows
        /// The header was missing or unusable: no row can become a card.
        case refused
    }

    public private(set) var state = State.searchingHeader
    private var search: HeaderRowSearch<Sink.Row>

    /// Looks for the header as the sink's builder reads one (`--header-row`, `headerLikeness`).
    public init(for sink: Sink) {
        search = HeaderRowSearch(chosen: sink.builder.options.headerRow, likeness: sink.builder.headerLikeness)
    }

    /// Offers a row, while `state` is `searchingHeader`, that holds something. `number`: its
    /// row number in the file or sheet, from 1.
    public mutating func offer(_ row: Sink.Row, number: Int, to sink: inout Sink) {
        take(search.offer(row, number: number, cells: sink.cells(of: row)), sink: &sink)
    }

    /// The input ended; if the search had not decided, it settles on what it was offered.
    /// `state` stays `searchingHeader` when it was offered no row: the input held nothing.
    public mutating func end(sink: inout Sink) {
        guard state == .searchingHeader, let last = search.end() else { return }
        take(last, sink: &sink)
    }

    private mutating func take(_ outcome: HeaderRowSearch<Sink.Row>.Outcome, sink: inout Sink) {
        switch outcome {
        case .undecided:
            return
        case .missing(let number):
            state = .refused
            sink.builder.headerRowMissing(number, at: sink.location(ofMissingRow: number))
        case .found(let header, let number, let passed, let firstPassed, let below):
            sink.builder.headerFound(atRow: number, passed: passed, firstPassed: firstPassed.map { sink.cells(of: $0) },
                                     at: sink.location(ofHeader: header))
            guard sink.takeHeader(header) else {
                state = .refused
                return
            }
            state = .readingRows
            for row in below { sink.takeRow(row) }
        }
    }
}
