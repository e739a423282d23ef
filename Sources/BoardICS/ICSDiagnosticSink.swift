import BoardModel
import BoardIO

/// Collects a reader's diagnostics with their line, through a `DiagnosticLimiter` (at most
/// 20 of each code listed, so that a file of junk gives a readable report).
///
/// It also follows the diagnostics of one item (a VEVENT or VTODO) between `beginItem` and
/// `endItem`, so that `--skip-invalid` can leave out an item whose reading raised an error.
struct ICSDiagnosticSink {
    let file: String
    private let limiter: DiagnosticLimiter
    // The item being read.
    private var itemMark = 0
    private var itemErrors = 0
    /// The codes of the item's errors that were over the limit (counted, not listed).
    private var itemHidden: [String] = []

    init(file: String) {
        self.file = file
        limiter = DiagnosticLimiter(file: file)
    }

    /// Adds a diagnostic; `severity` overrides the code's own (a problem the reader recovers
    /// from, such as a malformed value kept as text, is a warning under an error's code).
    mutating func add(_ message: ICSMessage, line: Int? = nil, severity: Severity? = nil) {
        var d = Diagnostic(message, at: SourceLocation(file: file, line: line))
        d.severity = severity ?? message.code.severity
        if d.severity == .error { itemErrors += 1 }
        if !limiter.add(d), d.severity == .error { itemHidden.append(message.code.id) }
    }

    /// A closing diagnostic made elsewhere (the `--skip-invalid` summary), outside the limit:
    /// `finish` puts it last.
    mutating func close(with diagnostic: Diagnostic) { closing.append(diagnostic) }
    private var closing: [Diagnostic] = []

    var hasErrors: Bool { limiter.hasErrors }

    /// An item starts: what is added from now on is its own.
    mutating func beginItem() {
        itemMark = limiter.listed.count
        itemErrors = 0
        itemHidden.removeAll(keepingCapacity: true)
    }

    /// The item ends: true when it raised an error and `left`'s policy leaves it out (its
    /// errors are then warnings, and `left` counts it). Under `.refuse`, always false.
    mutating func endItem(_ left: inout LeftOutItems) -> Bool {
        guard itemErrors > 0, left.policy == .leaveOut else { return false }
        if !left.leavesOut(&limiter.listed, since: itemMark) {
            left.leaveOut() // Its errors were all over the limit: none is in the list.
        }
        for id in itemHidden { limiter.demoteHiddenError(of: id) }
        itemErrors = 0
        itemHidden.removeAll(keepingCapacity: true)
        return true
    }

    /// The diagnostics, with one closing line per code (and severity) that went over the
    /// limit, then the closing diagnostics.
    func finish() -> [Diagnostic] {
        limiter.finished() + closing
    }
}

/// Points the validator's findings at the line where each card's item begins.
struct ICSSourceMap: SourceMap {
    let file: String
    let cardLines: [Int]

    func location(of path: ModelPath) -> SourceLocation {
        if case .card(let index, _) = path, cardLines.indices.contains(index) {
            return SourceLocation(file: file, line: cardLines[index], path: path.description)
        }
        return SourceLocation(file: file, path: path.description)
    }
}
