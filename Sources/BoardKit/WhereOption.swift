import BoardModel
import BoardEditing

/// `--where` as every command that reads a board applies it: the filter it names on the board,
/// or the filter's problem placed at `--where` with the column it starts at.
public enum WhereOption {
    /// The filter `text` names on `board` at `now` and the filter as said back; `text` nil:
    /// no filter, nothing said.
    public static func filter(_ text: String?, on board: Board, now: Instant)
        -> Result<(filter: CardFilter, said: String?), Diagnostic> {
        guard let text else { return .success((CardFilter(), nil)) }
        switch FilterExpression.parse(text) {
        case .failure(let problem): return .failure(problem.diagnostic(in: "--where"))
        case .success(let expression): return resolve(expression, on: board, now: now, source: "--where")
        }
    }

    /// `expression` checked against `board`: its problem placed at `source` (the flag it came from).
    public static func resolve(_ expression: FilterExpression, on board: Board, now: Instant, source: String)
        -> Result<(filter: CardFilter, said: String?), Diagnostic> {
        switch expression.filter(on: board, now: now) {
        case .failure(let problem): return .failure(problem.diagnostic(in: source))
        case .success(let filter): return .success((filter, filter.isEmpty ? nil : expression.description))
        }
    }

    /// The board narrowed to the cards the filter names (with their events, every state kept).
    public static func narrow(_ board: Board, where text: String?, now: Instant)
        -> Result<(board: Board, said: String?), Diagnostic> {
        filter(text, on: board, now: now).map { (board.keeping($0.filter, now: now), $0.said) }
    }
}
