import BoardModel

/// Lists the first `limit` diagnostics of each code and counts the rest, so that a file of
/// junk (a million rows with the wrong delimiter, a feed of broken dates) gives a readable
/// report instead of a million lines. Every reader that can repeat a diagnostic per row or
/// item (CSV, its events file, XLSX, ICS) goes through it, so the cap reads the same
/// everywhere: after the listed ones, one line per code and severity, "N more like this not
/// shown", at the file.
///
/// A class, so the XLSX reader's parts can share one while it walks the sheets; one thread
/// adds at a time (a part read on another core fills its own, then `absorb`s).
public final class DiagnosticLimiter {
    /// At most this many diagnostics of one code are listed.
    public let limit: Int
    /// The file the closing lines point at.
    public let file: String
    /// The diagnostics listed so far, in the order they were added. A reader may take some
    /// back out (an item left out under `--skip-invalid` turns its errors into warnings).
    public var listed: [Diagnostic] = []
    /// How many of each code were added, listed or not.
    private var counts: [String: Int] = [:]
    /// Those not listed, by code and severity.
    private var hidden: [Hidden: Int] = [:]
    private var codes: [String: DiagnosticCode] = [:]

    private struct Hidden: Hashable, Comparable {
        var id: String
        var severity: Severity

        /// By code, then errors before warnings before notes: the order the lines come in.
        static func < (a: Hidden, b: Hidden) -> Bool {
            a.id != b.id ? a.id < b.id : rank(a.severity) < rank(b.severity)
        }

        private static func rank(_ s: Severity) -> Int {
            switch s {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
    }

    /// Diagnostics of one code listed, unless a reader says otherwise.
    public static let defaultLimit = 20

    /// A limiter listing `limit` diagnostics of each code; closing lines point at `file`.
    public init(limit: Int = defaultLimit, file: String) {
        self.limit = limit
        self.file = file
    }

    /// Adds a diagnostic: listed while its code is under the limit, counted after. Returns
    /// true when it was listed.
    @discardableResult
    public func add(_ d: Diagnostic) -> Bool {
        let n = counts[d.code.id, default: 0] + 1
        counts[d.code.id] = n
        guard n <= limit else {
            hidden[Hidden(id: d.code.id, severity: d.severity), default: 0] += 1
            codes[d.code.id] = d.code
            return false
        }
        listed.append(d)
        return true
    }

    /// Counts one hidden diagnostic of `code` as a warning instead of an error (its item was
    /// left out under `--skip-invalid`).
    public func demoteHiddenError(of code: String) {
        hidden[Hidden(id: code, severity: .error), default: 0] -= 1
        hidden[Hidden(id: code, severity: .warning), default: 0] += 1
    }

    /// True when an error was added, listed or not.
    public var hasErrors: Bool {
        listed.hasErrors || hidden.contains { $0.key.severity == .error && $0.value > 0 }
    }

    /// Takes in another limiter's diagnostics and counts, as if they had been added here
    /// after this one's.
    public func absorb(_ other: DiagnosticLimiter) {
        for d in other.listed { add(d) }
        for (key, n) in other.hidden where n > 0 {
            counts[key.id, default: 0] += n
            hidden[key, default: 0] += n
            codes[key.id] = other.codes[key.id]
        }
    }

    /// The listed diagnostics, then the closing lines (`closingLines`).
    public func finished() -> [Diagnostic] {
        listed + closingLines()
    }

    /// One line per code and severity that went over the limit: "N more like this not
    /// shown", at the file (for a reader that lists as it goes, in its own order).
    public func closingLines() -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (key, n) in hidden.sorted(by: { $0.key < $1.key }) where n > 0 {
            guard let code = codes[key.id] else { continue }
            var d = Diagnostic(BoardIOMessage.moreNotShown(code, count: n), at: SourceLocation(file: file))
            d.severity = key.severity
            out.append(d)
        }
        return out
    }
}

extension Array where Element == Diagnostic {
    /// The first `limit` of each code, and one line per code and severity for the rest
    /// (`DiagnosticLimiter`).
    public func limited(_ limit: Int, file: String) -> [Diagnostic] {
        let limiter = DiagnosticLimiter(limit: limit, file: file)
        for d in self { limiter.add(d) }
        return limiter.finished()
    }
}
