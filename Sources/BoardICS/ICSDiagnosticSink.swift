import BoardModel

/// Collects a reader's diagnostics with their line, keeping at most `limit` of each code so
/// that a file of junk gives a readable report (the rest are counted in one last line per
/// code and severity).
///
/// It also follows the diagnostics of one item (a VEVENT or VTODO) between `beginItem` and
/// `endItem`, so that `--skip-invalid` can leave out an item whose reading raised an error.
struct ICSDiagnosticSink {
    let file: String
    var limit = 20
    private(set) var list: [Diagnostic] = []
    /// How many of each code were added, shown or not.
    private var counts: [String: Int] = [:]
    /// Those not shown, by code and severity (a left-out item's errors become warnings).
    private var hidden: [Hidden: Int] = [:]
    private var codes: [String: DiagnosticCode] = [:]
    // The item being read.
    private var itemMark = 0
    private var itemErrors = 0
    private var itemHidden: [String] = []

    private struct Hidden: Hashable, Comparable {
        var id: String
        var isError: Bool
        static func < (a: Hidden, b: Hidden) -> Bool { a.id != b.id ? a.id < b.id : a.isError && !b.isError }
    }

    init(file: String) { self.file = file }

    /// Adds a diagnostic; `severity` overrides the code's own (a problem the reader recovers
    /// from, such as a malformed value kept as text, is a warning under an error's code).
    mutating func add(_ code: DiagnosticCode, _ message: String, line: Int? = nil, severity: Severity? = nil) {
        let severity = severity ?? code.severity
        if severity == .error { itemErrors += 1 }
        let n = counts[code.id, default: 0] + 1
        counts[code.id] = n
        guard n <= limit else {
            hidden[Hidden(id: code.id, isError: severity == .error), default: 0] += 1
            codes[code.id] = code
            if severity == .error { itemHidden.append(code.id) }
            return
        }
        var d = Diagnostic(code, message, at: SourceLocation(file: file, line: line))
        d.severity = severity
        list.append(d)
    }

    /// A closing diagnostic made elsewhere (the `--skip-invalid` summary), outside the limit:
    /// `finish` puts it last.
    mutating func close(with diagnostic: Diagnostic) { closing.append(diagnostic) }
    private var closing: [Diagnostic] = []

    var hasErrors: Bool { list.hasErrors || hidden.contains { $0.key.isError && $0.value > 0 } }

    /// An item starts: what is added from now on is its own.
    mutating func beginItem() {
        itemMark = list.count
        itemErrors = 0
        itemHidden.removeAll(keepingCapacity: true)
    }

    /// The item ends: true when it raised an error and `left`'s policy leaves it out (its
    /// errors are then warnings, and `left` counts it). Under `.refuse`, always false.
    mutating func endItem(_ left: inout LeftOutItems) -> Bool {
        guard itemErrors > 0, left.policy == .leaveOut else { return false }
        if !left.leavesOut(&list, since: itemMark) {
            left.leaveOut() // Its errors were all over the limit: none is in the list.
        }
        for id in itemHidden {
            hidden[Hidden(id: id, isError: true), default: 0] -= 1
            hidden[Hidden(id: id, isError: false), default: 0] += 1
        }
        itemErrors = 0
        itemHidden.removeAll(keepingCapacity: true)
        return true
    }

    /// The diagnostics, with one closing line per code (and severity) that went over the limit.
    func finish() -> [Diagnostic] {
        var out = list
        for (key, n) in hidden.sorted(by: { $0.key < $1.key }) where n > 0 {
            guard let code = codes[key.id] else { continue }
            var d = Diagnostic(code, "\(n) more like this not shown", at: SourceLocation(file: file))
            d.severity = key.isError ? .error : .warning
            out.append(d)
        }
        return out + closing
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
