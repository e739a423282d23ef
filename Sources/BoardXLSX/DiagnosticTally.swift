import BoardModel

/// Collects diagnostics that can repeat once per row (a million rows, a million warnings):
/// the first few of each code are kept with their cells, the rest are counted in one summary.
final class DiagnosticTally {
    private(set) var diagnostics: [Diagnostic] = []
    private var counts: [DiagnosticCode: Int] = [:]
    private let keepPerCode: Int
    private let file: String

    init(file: String, keepPerCode: Int = 20) {
        self.file = file
        self.keepPerCode = keepPerCode
    }

    func add(_ d: Diagnostic) {
        let n = counts[d.code, default: 0] + 1
        counts[d.code] = n
        if n <= keepPerCode { diagnostics.append(d) }
    }

    /// Takes in another tally's diagnostics and counts, as if they had been added here after
    /// this one's.
    func absorb(_ other: DiagnosticTally) {
        for d in other.diagnostics { add(d) }
        for (code, n) in other.counts {
            counts[code, default: 0] += n - min(n, other.keepPerCode)
        }
    }

    /// The kept diagnostics and, per code that overflowed, one "… and N more" line.
    func finished() -> [Diagnostic] {
        var out = diagnostics
        for (code, n) in counts.sorted(by: { $0.key.id < $1.key.id }) where n > keepPerCode {
            out.append(Diagnostic(code, "… and \(n - keepPerCode) more like the above [\(code.id)]",
                                  at: SourceLocation(file: file)))
        }
        return out
    }
}
