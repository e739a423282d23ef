import BoardKit
import BoardModel
import BoardIO

/// The line a command prints once it has written a file, so that exit 0 always comes with a
/// summary of what was written: on standard output, or on standard error when the data went
/// to standard output (`-`, `/dev/stdout`), whose readers expect nothing after the data.
/// Nothing when the run failed (nothing was written).
enum WrittenSummary {
    /// `Wrote out.json: 40 cards, 4 states, 99 events`: what went into the file, as its
    /// writer counted it.
    static func print(_ output: String, _ written: WriteResult, after diagnostics: [Diagnostic]) {
        print(output, written.written.map(\.description).joined(separator: ", "), after: diagnostics)
    }

    /// `Wrote OUTPUT: WHAT`.
    static func print(_ output: String, _ what: String, after diagnostics: [Diagnostic]) {
        guard !diagnostics.hasErrors else { return }
        if AtomicOutput(target: output).isStandardOutput {
            StandardStreams.err("Wrote \(output == "-" ? "standard output" : output): \(what)\n")
        } else {
            Swift.print("Wrote \(output): \(what)")
        }
    }
}
