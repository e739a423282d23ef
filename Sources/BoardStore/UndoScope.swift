/// Whose steps `undo` and `redo` take.
///
/// On a board several people change, "undo" means two things: the terminal's plain `undo`
/// takes back the board's last step, whoever made it; the board page's Undo, the API's with an
/// actor and `boardkit undo --mine` take back the last step of one person. Either way a step is
/// never taken back over a later change to the same card (`StoreError.undoConflict`).
public enum UndoScope: Sendable, Hashable {
    /// The board's newest step (undo), or its oldest undone one (redo), whoever made it.
    case board
    /// The newest step this person made (undo), or their oldest undone one (redo).
    case actor(String)

    /// The refusal when the scope has no step left.
    func nothingLeft(undoing: Bool) -> StoreError {
        switch self {
        case .board: undoing ? .nothingToUndo : .nothingToRedo
        case .actor(let name): .nothingOfTheirs(actor: name, undoing: undoing)
        }
    }
}

/// Whether an undo that would remove more than one card at once (an import) must have been
/// confirmed: one click on a page never takes a whole imported board away unasked.
public enum UndoConfirmation: Sendable, Equatable {
    /// The terminal: the command typed is the confirmation.
    case notNeeded
    /// The page: such a step is undone only when it is the one the person confirmed (after
    /// being told how many cards go), so a confirmation never carries over to another step.
    case needed(confirmedStep: Int64?)
}
