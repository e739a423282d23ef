import BoardModel

/// Points the validator's model paths at rows and columns of a table: `cards[12].due` becomes
/// the cell of card 12's row under the due column, through the format's own `locate`
/// (`board.csv:14:3`, `board.xlsx Cards!E14`). Paths that are not card paths go to `other`.
public struct TabularSourceMap: SourceMap {
    public let cardRows: [Int32]
    public let columnOfField: [String: Int]
    public let locate: @Sendable (_ row: Int, _ column: Int?) -> SourceLocation
    public let other: @Sendable (ModelPath) -> SourceLocation

    public init(cardRows: [Int32], columnOfField: [String: Int],
                locate: @escaping @Sendable (_ row: Int, _ column: Int?) -> SourceLocation,
                other: @escaping @Sendable (ModelPath) -> SourceLocation) {
        self.cardRows = cardRows
        self.columnOfField = columnOfField
        self.locate = locate
        self.other = other
    }

    public func location(of path: ModelPath) -> SourceLocation {
        guard case .card(let index, let field) = path, index >= 0, index < cardRows.count else {
            return other(path)
        }
        var loc = locate(Int(cardRows[index]), field.flatMap { columnOfField[$0] })
        if loc.path == nil { loc.path = path.description }
        return loc
    }
}
