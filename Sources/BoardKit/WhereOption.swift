import BoardModel

/// `--where` as every command that reads a board applies it: the board narrowed to the cards
/// the filter names (with their events, every state kept), or the filter's problem placed at
/// `--where` with the column it starts at.
public enum WhereOption {
    /// `text` nil: the board as it is, no filter said.
    public static func narrow(_ board: Board, where text: String?, now: Instant)
        -> Result<(board: Board, said: String?), Diagnostic> {
        guard let text else { return .success((board, nil)) }
        switch FilterExpression.parse(text).flatMap({ expression in expression.filter(on: board, now: now).map { (expression, $0) } }) {
        case .failure(let problem):
            return .failure(problem.diagnostic(in: "--where"))
        case .success(let (expression, filter)):
            return .success((board.keeping(filter, now: now), filter.isEmpty ? nil : expression.description))
        }
    }
}
