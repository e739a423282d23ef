import BoardModel

/// The line a command prints on standard output once it has written a file, so that exit 0
/// always comes with a summary of what was written. Nothing when the output is standard
/// output (the output shows itself) or when the run failed (nothing was written).
enum WrittenSummary {
    /// `Wrote out.json: 40 cards, 4 states, 99 events`.
    static func print(_ output: String, board: Board, after diagnostics: [Diagnostic]) {
        print(output, "\(board.cards.count) cards, \(board.states.count) states, \(board.events.count) events",
              after: diagnostics)
    }

    /// `Wrote OUTPUT: WHAT`.
    static func print(_ output: String, _ what: String, after diagnostics: [Diagnostic]) {
        guard output != "-", !diagnostics.hasErrors else { return }
        Swift.print("Wrote \(output): \(what)")
    }
}
