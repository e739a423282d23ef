import BoardModel

/// Which cards, as a person writes it: `--where 'assignee=mina,due=week'` on the command line,
/// `?assignee=mina&due=week` in a feed's or the page's address. One grammar and one meaning
/// for every command and URL:
///
///     text~WORDS             words in the title, the notes, a label, a comment or a checklist
///                            item, in any case (text=… too)
///     label=NAME             has this label
///     assignee=NAME          has this assignee
///     state=ID_OR_NAME       is in this state (its id or its name, in any case)
///     due=overdue|today|week|none
///     due=DATE  due<DATE  due<=DATE  due>DATE  due>=DATE
///                            due on, before, after that calendar day in the board's zone
///                            (DATE as `add --due` takes it: 2026-12-01, today, friday, +3d)
///
/// Conditions are joined with `,` and must all hold; a value holding a comma is written in
/// double quotes (`label="a, b"`). A key given twice is refused, but `due>` and `due<` make a
/// range. Names are checked against the board (`filter(on:now:)`): a typo is an error listing
/// what the board has, never an empty result.
public struct FilterExpression: Sendable, Equatable {
    /// What a condition is about.
    public enum Key: String, Sendable, CaseIterable {
        case text, label, assignee, state, due
    }

    /// How a condition compares.
    public enum Relation: String, Sendable, CaseIterable {
        // Longest first: `<=` must not be read as `<` and a value starting with `=`.
        case atMost = "<=", atLeast = ">=", equals = "=", contains = "~", before = "<", after = ">"
    }

    public struct Condition: Sendable, Equatable {
        public var key: Key
        public var relation: Relation
        public var value: String
        /// 1-based, where the condition starts in the text (0 for a query parameter).
        public var column: Int

        public init(key: Key, relation: Relation, value: String, column: Int = 0) {
            self.key = key
            self.relation = relation
            self.value = value
            self.column = column
        }
    }

    public var conditions: [Condition]

    public init(conditions: [Condition] = []) {
        self.conditions = conditions
    }

    /// Reads `text`; an empty text is no condition.
    public static func parse(_ text: String) -> Result<FilterExpression, FilterProblem> {
        var conditions: [Condition] = []
        for (part, column) in split(text) {
            let trimmed = String(part.trimmingSpaces)
            if trimmed.isEmpty { continue }
            let keyText = String(trimmed.prefix { $0.isLetter })
            let rest = String(trimmed.dropFirst(keyText.count)).trimmingSpaces
            guard let relation = Relation.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else {
                return .failure(.notACondition(trimmed, column: column))
            }
            guard let key = Key(rawValue: keyText.lowercased()) else {
                return .failure(.unknownKey(keyText, column: column))
            }
            let value = unquoted(String(String(rest.dropFirst(relation.rawValue.count)).trimmingSpaces))
            conditions.append(Condition(key: key, relation: relation, value: value, column: column))
        }
        return .success(FilterExpression(conditions: conditions))
    }

    /// From an address's query parameters: each known name a `name=value` condition (`q`, the
    /// page's search box, is `text`; `where` holds a whole expression); other names and empty
    /// values are not conditions (a form sends every field).
    public static func query(_ items: [(name: String, value: String)]) -> Result<FilterExpression, FilterProblem> {
        var out = FilterExpression()
        for (name, value) in items where !value.isEmpty {
            if name == "where" {
                switch parse(value) {
                case .success(let parsed): out.conditions += parsed.conditions
                case .failure(let problem): return .failure(problem)
                }
            } else if let key = name == "q" ? .text : Key(rawValue: name) {
                out.conditions.append(Condition(key: key, relation: key == .text ? .contains : .equals, value: value))
            }
        }
        return .success(out)
    }

    /// The cards this expression names on `board`, with dates read at `now` in the board's
    /// zone; a name the board does not have, a relation a key does not take or a key given
    /// twice is the problem.
    public func filter(on board: Board, now: Instant) -> Result<CardFilter, FilterProblem> {
        var filter = CardFilter()
        var seen: Set<String> = []
        for c in conditions {
            let allowed: [Relation] = switch c.key {
            case .text: [.contains, .equals]
            case .label, .assignee, .state: [.equals]
            case .due: [.equals, .before, .atMost, .after, .atLeast]
            }
            guard allowed.contains(c.relation) else { return .failure(.relation(c.key, c.relation, allowed: allowed, column: c.column)) }
            // `due<` and `due>` bound a range from either end; anything else once.
            let slot = c.key == .due && c.relation != .equals ? "due\(c.relation.rawValue.prefix(1))" : c.key.rawValue
            let clashes = c.key != .due ? [] : c.relation == .equals ? ["due<", "due>"] : ["due"]
            guard seen.insert(slot).inserted, seen.isDisjoint(with: clashes) else {
                return .failure(.twice(c.key, column: c.column))
            }
            switch c.key {
            case .text:
                filter.text = c.value
            case .label:
                let labels = Set(board.cards.flatMap(\.labels))
                guard labels.contains(c.value) else { return .failure(.unknownName(.label, c.value, has: labels.sorted(), column: c.column)) }
                filter.label = c.value
            case .assignee:
                let people = Set(board.cards.flatMap(\.assignees))
                guard people.contains(c.value) else { return .failure(.unknownName(.assignee, c.value, has: people.sorted(), column: c.column)) }
                filter.assignee = c.value
            case .state:
                guard let state = board.state(named: c.value) else {
                    return .failure(.unknownName(.state, c.value, has: board.states.map(\.name), column: c.column))
                }
                filter.state = state.id
            case .due:
                if c.relation == .equals, let due = CardFilter.Due(rawValue: c.value.lowercased()) {
                    filter.due = due
                    continue
                }
                // Looked up only here: every feed request is filtered, most by nothing.
                let zone = board.zone ?? .utc
                guard let day = DateInput.parse(c.value, zone: zone, now: now)?.calendarDate(in: zone) else {
                    return .failure(.notADate(c.value, column: c.column))
                }
                switch c.relation {
                case .equals: (filter.dueFrom, filter.dueThrough) = (day, day)
                case .before: filter.dueThrough = day.addingDays(-1)
                case .atMost: filter.dueThrough = day
                case .after: filter.dueFrom = day.addingDays(1)
                case .atLeast: filter.dueFrom = day
                case .contains: break
                }
            }
        }
        return .success(filter)
    }

    /// The expression as it would be written, conditions in order (`assignee=mina, due=week`):
    /// what a report's title says it covers.
    public var description: String {
        conditions.map { c in
            let quoted = c.value.contains(",") ? "\"\(c.value)\"" : c.value
            return "\(c.key.rawValue)\(c.relation.rawValue)\(quoted)"
        }.joined(separator: ", ")
    }

    /// The text's parts between commas outside double quotes, with the column each starts at.
    private static func split(_ text: String) -> [(String, Int)] {
        var parts: [(String, Int)] = []
        var current = "", start = 1, column = 0, quoted = false
        for ch in text {
            column += 1
            if ch == "\"" { quoted.toggle() }
            if ch == "," && !quoted {
                parts.append((current, start))
                current = ""
                start = column + 1
            } else {
                current.append(ch)
            }
        }
        parts.append((current, start))
        return parts
    }

    private static func unquoted(_ value: String) -> String {
        value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
    }
}
