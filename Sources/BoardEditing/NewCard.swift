import BoardModel

/// A new card as the terminal's `add` and the page's `POST cards` make it, so what it
/// defaults to is decided once: the state asked for, else the board's first; an empty body;
/// no due, start, labels or people until the caller sets them; its id and its place at the
/// end of its column the store's to give.
public enum NewCard {
    /// The card titled `title` (already checked by `CardText.title`) in `state`; nil when the
    /// board has no state to put it in.
    public static func draft(title: String, body: String, in state: BoardState?, of board: Board) -> Card? {
        guard let state = state ?? board.states.first else { return nil }
        return Card(id: "", title: title, body: body, state: state.id)
    }
}
