import BoardModel
import BoardIO

/// Guesses a state's category from its name, for tools whose export names states only:
/// "In Progress", "Review", "QA" → doing; "Done", "Closed", "Resolved", "완료" → done;
/// anything else → todo.
public enum StateCategoryGuess {
    static let done = ["done", "closed", "resolved", "complete", "completed", "finished", "shipped",
                       "released", "merged", "archived", "cancelled", "canceled", "wontfix", "wontdo",
                       "완료", "종료", "닫힘", "해결", "해결됨", "끝"]
    static let doing = ["doing", "inprogress", "progress", "started", "active", "working", "wip",
                        "review", "inreview", "codereview", "peerreview", "testing", "intesting",
                        "qa", "verify", "verifying", "validation", "blocked", "ongoing", "indevelopment",
                        "development", "implementing", "진행", "진행중", "검토", "검토중", "리뷰", "테스트", "작업중"]
    static let todo = ["todo", "backlog", "open", "new", "selectedfordevelopment", "ready", "icebox",
                       "planned", "triage", "reopened", "할일", "대기", "예정"]

    /// The category a name suggests, or nil when the name gives no hint.
    public static func hint(_ name: String) -> StateCategory? {
        let key = HeaderName.key(name)
        if key.isEmpty { return nil }
        if let c = StateCategory(rawValue: key) { return c }
        // A state word negated ("Not started", "Not yet started", "Not done") is work not
        // begun, whatever the word alone would say.
        for negation in ["notyet", "not"] where key.hasPrefix(negation) && key.count > negation.count {
            if hint(String(key.dropFirst(negation.count))) != nil { return .todo }
        }
        if todo.contains(key) { return .todo }
        if done.contains(key) { return .done }
        if doing.contains(key) { return .doing }
        // Longer names: "Ready for review", "Done (archived)", "진행 중".
        if done.contains(where: { $0.count >= 4 && key.hasPrefix($0) }) { return .done }
        if doing.contains(where: { $0.count >= 2 && key.contains($0) }) { return .doing }
        if todo.contains(where: { $0.count >= 4 && key.hasPrefix($0) }) { return .todo }
        return nil
    }

    /// The category for a state name (todo when nothing suggests otherwise).
    public static func guess(_ name: String) -> StateCategory { hint(name) ?? .todo }
}

/// Turns the state names rows use into the board's states.
///
/// With a catalogue (a sidecar, a States sheet), names and ids resolve against it and an
/// unknown name is left for the validator to report. Without one, each new name becomes a state
/// in first-seen order; its category comes from `--state-map`, then the mapping's `states`,
/// then a `Status Category` cell, then the name (`StateCategoryGuess`).
struct StateResolver {
    private(set) var states: [BoardState]
    private var byName: [String: String] = [:]
    private var byID: Set<String> = []
    /// Ids of catalogue states that the writer writes by id (see `init`).
    private var writtenByID: Set<String> = []
    private let fixed: Bool
    private let userMap: [String: String]
    private let mappingMap: [String: String]

    init(catalogue: [BoardState], userMap: [String: String], mappingMap: [String: String]) {
        states = catalogue
        fixed = !catalogue.isEmpty
        self.userMap = Self.keyed(userMap)
        self.mappingMap = Self.keyed(mappingMap)
        for s in catalogue {
            byID.insert(s.id)
            if byName[s.name] == nil { byName[s.name] = s.id }
        }
        // The writer's rule (TabularBoardLayout): a state whose name two states share, that is
        // another state's id, or that is empty is written by its id. Such an id resolves to its
        // state before any name does: `완료` written for the state `완료` is not the first state
        // named `완료`. (No other state can be named so without being written by id itself.)
        var names: [String: Int] = [:]
        for s in catalogue { names[s.name, default: 0] += 1 }
        for s in catalogue where names[s.name, default: 0] > 1 || (byID.contains(s.name) && s.name != s.id) || s.name.isEmpty {
            writtenByID.insert(s.id)
        }
    }

    private static func keyed(_ map: [String: String]) -> [String: String] {
        var out: [String: String] = [:]
        for (k, v) in map { out[HeaderName.key(k)] = v }
        return out
    }

    /// The state a cell names exactly (spaces included), if any: by the id the writer wrote
    /// for it, else by name.
    func exact(_ text: String) -> String? {
        writtenByID.contains(text) ? text : byName[text]
    }

    /// The state id for a name (creating the state when the board has no catalogue).
    mutating func resolve(_ name: String, category: StateCategory?) -> String {
        if writtenByID.contains(name) { return name }
        if let id = byName[name] { return id }
        if byID.contains(name) { return name }
        let key = HeaderName.key(name)
        if let target = userMap[key] ?? mappingMap[key] {
            if let c = StateCategory(rawValue: target.lowercased()) {
                return add(name: name, id: nil, category: c)
            }
            if byID.contains(target) { byName[name] = target; return target }
            return add(name: target, id: target, category: StateCategoryGuess.guess(target), alias: name)
        }
        if fixed {
            // A catalogue names every state: a state written by id resolves, anything else
            // stays as written and the validator reports it with its place.
            return name
        }
        return add(name: name, id: nil, category: category ?? StateCategoryGuess.guess(name))
    }

    private mutating func add(name: String, id: String?, category: StateCategory, alias: String? = nil) -> String {
        var newID = id ?? StableID.slug(name)
        if id == nil, byID.contains(newID) {
            var n = 2
            while byID.contains("\(newID)-\(n)") { n += 1 }
            newID = "\(newID)-\(n)"
        }
        states.append(BoardState(id: newID, name: name, category: category))
        byID.insert(newID)
        byName[name] = newID
        if let alias { byName[alias] = newID }
        return newID
    }

    /// The state that cards with an empty state cell go to: the first `todo` state, creating
    /// `TODO` when there is none.
    mutating func defaultState() -> String {
        if let s = states.first(where: { $0.category == .todo }) ?? states.first { return s.id }
        return add(name: "TODO", id: "todo", category: .todo)
    }
}
