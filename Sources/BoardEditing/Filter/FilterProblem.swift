import BoardModel

/// Why a filter (`--where`, or a feed's or the page's query) names no cards of a board: said
/// with what the board has, so a typo is never an empty feed.
public enum FilterProblem: Error, DiagnosticMessage, Equatable {
    /// What a name is of.
    public enum Named: String, Sendable {
        case label, assignee, state
    }

    case notACondition(String, column: Int)
    case unknownKey(String, column: Int)
    case relation(FilterExpression.Key, FilterExpression.Relation, allowed: [FilterExpression.Relation], column: Int)
    case twice(FilterExpression.Key, column: Int)
    /// `has`: what the board has of that kind, sorted.
    case unknownName(Named, String, has: [String], column: Int)
    case notADate(String, column: Int)

    public var code: DiagnosticCode { .filterInvalid }

    /// Where in the expression the condition starts (0: a query parameter).
    public var column: Int {
        switch self {
        case .notACondition(_, let c), .unknownKey(_, let c), .relation(_, _, _, let c), .twice(_, let c),
             .unknownName(_, _, _, let c), .notADate(_, let c): c
        }
    }

    public var text: String {
        let keys = FilterExpression.Key.allCases.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .notACondition(let part, _):
            return "'\(part)' is not a condition; write KEY=VALUE (or text~WORDS, due<DATE), with KEY one of \(keys)"
        case .unknownKey(let key, _):
            return "no cards have '\(key)'; a condition is about one of \(keys)"
        case .relation(let key, let relation, let allowed, _):
            return "\(key.rawValue) takes \(allowed.map { "\(key.rawValue)\($0.rawValue)" }.joined(separator: ", ")), not \(key.rawValue)\(relation.rawValue)"
        case .twice(let key, _):
            return "\(key.rawValue) is given twice; give it once (due> and due< may bound a range)"
        case .unknownName(let kind, let name, let has, _):
            guard !has.isEmpty else { return "the board has no \(kind.rawValue) '\(name)'; its cards have no \(kind.rawValue)s" }
            let shown = has.prefix(30).map { "'\($0)'" }.joined(separator: ", ")
            let more = has.count > 30 ? " and \(has.count - 30) more" : ""
            return "the board has no \(kind.rawValue) '\(name)'; it has \(shown)\(more)"
        case .notADate(let value, _):
            return "due '\(value)' is neither overdue, today, week, none nor a date; \(DateInput.accepted)"
        }
    }

    /// Placed where the user wrote it: `--where:1:12`, or the address's query.
    public func diagnostic(in source: String) -> Diagnostic {
        Diagnostic(self, at: column > 0 ? SourceLocation(file: source, line: 1, column: column) : SourceLocation(file: source))
    }
}

extension DiagnosticCode {
    public static let filterInvalid = DiagnosticCode(
        "filter-invalid", .error, "A filter (--where, or a feed's query) is not a condition, or names a state, label or person the board does not have.")

    /// BoardEditing's own codes (`DiagnosticCatalog` lists them right after the model's).
    public static let editingCodes: [DiagnosticCode] = [.filterInvalid]
}
