import BoardModel

/// Finds the header row of a sheet people made (#19 item 5). Title bands ("Product
/// Backlog"), a report's heading, notes and styled empty rows often come first; the header is
/// the first row, among the first `rowsLooked` that hold anything, that names a title column
/// (`TabularBoardBuilder.headerLikeness`), or else is wide (three cells or more: a title band
/// is narrower, and past a wide row the data has begun, so a data cell saying "Task" is never
/// taken for a header); failing both, the first row of two names, so a refusal names the right
/// cells; failing that, the first row.
/// `--header-row N` says which row it is (N counts the file's or sheet's rows from 1).
///
/// A reader offers each row that holds something until the search finds the header; rows
/// offered after a row it passed over come back in `below`, to be read as data in order.
/// Generic over the reader's own row record (its cells and where they came from).
public struct HeaderRowSearch<Row> {
    /// How many rows that hold something are looked at before settling for the first.
    public static var rowsLooked: Int { 10 }

    public enum Outcome {
        /// Not known yet: offer the next row.
        case undecided
        /// The header, its row number, how many rows above it were passed over (the first of
        /// them, for a message), and rows already offered that come after it.
        case found(header: Row, number: Int, passed: Int, firstPassed: Row?, below: [Row])
        /// `--header-row N` names a row that is not there or holds nothing.
        case missing(Int)
    }

    private let chosen: Int?
    private let likeness: ([TabularCell]) -> HeaderLikeness
    private var offered: [(row: Row, number: Int, shaped: Bool)] = []
    private var passed = 0
    private var firstPassed: Row?

    /// `chosen`: `--header-row`. `likeness`: how much a row's cells look like the header.
    public init(chosen: Int?, likeness: @escaping ([TabularCell]) -> HeaderLikeness) {
        self.chosen = chosen
        self.likeness = likeness
    }

    /// Offers a row that holds at least one non-empty cell. `number`: its row number in the
    /// file or sheet, from 1.
    public mutating func offer(_ row: Row, number: Int, cells: [TabularCell]) -> Outcome {
        if let chosen {
            if number < chosen {
                passed += 1
                if firstPassed == nil { firstPassed = row }
                return .undecided
            }
            if number == chosen { return .found(header: row, number: number, passed: passed, firstPassed: firstPassed, below: []) }
            return .missing(chosen)
        }
        let like = likeness(cells)
        if like == .namesTitle || like == .wide {
            return .found(header: row, number: number, passed: offered.count, firstPassed: offered.first?.row, below: [])
        }
        offered.append((row, number, like == .shaped))
        return offered.count == Self.rowsLooked ? settle() : .undecided
    }

    /// The input ended before the search decided: the first row it was offered, as before
    /// rows were looked at; nil when it was offered none.
    public mutating func end() -> Outcome? {
        if let chosen { return .missing(chosen) }
        return offered.isEmpty ? nil : settle()
    }

    /// No row named a title column or was wide: the first of two names is the header, else
    /// the first row (a refusal then names its cells).
    private func settle() -> Outcome {
        let h = offered.firstIndex { $0.shaped } ?? 0
        return .found(header: offered[h].row, number: offered[h].number, passed: h,
                      firstPassed: h > 0 ? offered[0].row : nil, below: offered[(h + 1)...].map(\.row))
    }
}

/// How much a row looks like a header.
public enum HeaderLikeness: Sendable {
    /// One cell or none, or two of which one is not text (a number, a date).
    case no
    /// Two names, all text: a two-column header, or a title band ("Project:", "Apollo").
    case shaped
    /// Three cells or more, not naming a title column: the header (whose title column is
    /// missing) or a data row.
    case wide
    /// Two or more names, all text, one of them a title column.
    case namesTitle
}
