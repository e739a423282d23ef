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
        switch self {
        case .notACondition(let part, _):
            return "'\(part)' is not a condition; write KEY=VALUE (or text~WORDS, due<DATE), with KEY one of \(Self.keys)"
        case .unknownKey(let key, _):
            return "no cards have '\(key)'; a condition is about one of \(Self.keys)"
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

    /// The same in Korean, as the Korean board page says it above the cards. Keys and
    /// values stay as typed: they are what the reader writes in the address or the form.
    public var koreanText: String {
        switch self {
        case .notACondition(let part, _):
            return "'\(part)'은(는) 조건이 아닙니다. KEY=VALUE (또는 text~단어, due<날짜)처럼 쓰고, KEY는 \(Self.keys) 중 하나입니다"
        case .unknownKey(let key, _):
            return "'\(key)'을(를) 가진 카드는 없습니다. 조건은 \(Self.keys) 중 하나에 대한 것입니다"
        case .relation(let key, let relation, let allowed, _):
            return "\(key.rawValue)에는 \(allowed.map { "\(key.rawValue)\($0.rawValue)" }.joined(separator: ", "))만 쓸 수 있습니다 (\(key.rawValue)\(relation.rawValue) 아님)"
        case .twice(let key, _):
            return "\(key.rawValue)이(가) 두 번 주어졌습니다. 한 번만 쓰세요 (due>와 due<로 범위를 정할 수는 있습니다)"
        case .unknownName(let kind, let name, let has, _):
            let what = switch kind {
            case .label: "라벨"
            case .assignee: "담당자"
            case .state: "상태"
            }
            guard !has.isEmpty else { return "보드에 \(what) '\(name)'이(가) 없습니다. 보드의 카드에 \(what) 값이 하나도 없습니다" }
            let shown = has.prefix(30).map { "'\($0)'" }.joined(separator: ", ")
            let more = has.count > 30 ? " 외 \(has.count - 30)개" : ""
            return "보드에 \(what) '\(name)'이(가) 없습니다. 있는 것: \(shown)\(more)"
        case .notADate(let value, _):
            return "마감 '\(value)'은(는) overdue, today, week, none도 날짜도 아닙니다. \(DateInput.acceptedInKorean)"
        }
    }

    /// The keys a condition may name, as both languages list them.
    private static var keys: String { FilterExpression.Key.allCases.map(\.rawValue).joined(separator: ", ") }

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
