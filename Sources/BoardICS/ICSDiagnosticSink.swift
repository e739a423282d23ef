import BoardModel

/// Collects a reader's diagnostics with their line, keeping at most `limit` of each code so
/// that a file of junk gives a readable report (the rest are counted in one last line).
struct ICSDiagnosticSink {
    let file: String
    var limit = 20
    private(set) var list: [Diagnostic] = []
    private var counts: [String: Int] = [:]

    init(file: String) { self.file = file }

    /// Adds a diagnostic; `severity` overrides the code's own (a problem the reader recovers
    /// from, such as a malformed value kept as text, is a warning under an error's code).
    mutating func add(_ code: DiagnosticCode, _ message: String, line: Int? = nil, severity: Severity? = nil) {
        let n = counts[code.id, default: 0] + 1
        counts[code.id] = n
        guard n <= limit else { return }
        var d = Diagnostic(code, message, at: SourceLocation(file: file, line: line))
        if let severity { d.severity = severity }
        list.append(d)
    }

    var hasErrors: Bool { list.hasErrors }

    /// The diagnostics, with one closing line per code that went over the limit.
    func finish() -> [Diagnostic] {
        var out = list
        for (id, n) in counts.sorted(by: { $0.key < $1.key }) where n > limit {
            guard let sample = list.first(where: { $0.code.id == id }) else { continue }
            out.append(Diagnostic(sample.code, "\(n - limit) more like this not shown",
                                  at: SourceLocation(file: file)))
        }
        return out
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
