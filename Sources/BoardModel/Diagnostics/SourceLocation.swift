/// Where a problem is, in a form a person can open: `board.csv:14:3`, `board.json:7:5
/// (cards[12].due)`, `board.xlsx Cards!D7`, `feed.ics:88`.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it (`-` for standard input).
    public var file: String
    /// 1-based line, for text formats.
    public var line: Int?
    /// 1-based column (in characters), for text formats.
    public var column: Int?
    /// A JSON path into the model or the source (`cards[12].due`).
    public var path: String?
    /// A workbook cell (`Cards!D7`).
    public var cell: String?

    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil,
                cell: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path?.isEmpty == true ? nil : path  // the document's root has no path to show
        self.cell = cell
    }

    public var description: String {
        var s = file
        if let cell { s += " " + cell }
        if let line {
            s += ":\(line)"
            if let column { s += ":\(column)" }
        }
        if let path { s += " (\(path))" }
        return s
    }
}
