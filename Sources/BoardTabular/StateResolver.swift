import BoardModel
import BoardIO

/// Turns the state names rows use into the board's states.
///
/// With a catalogue (a sidecar, a States sheet), names and ids resolve against it and an
/// unknown name is left for the validator to report. Without one, each new name becomes a state
/// in first-seen order; its category comes from `--state-map`, then the mapping's `states`,
/// then a `Status Category` cell, then the name (`StateCategoryWords`).
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
        for (k, v) in map { out[NameKey.of(k)] = v }
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
        let key = NameKey.of(name)
        if let target = userMap[key] ?? mappingMap[key] {
            if let c = StateCategory(rawValue: target.lowercased()) {
                return add(name: name, id: nil, category: c)
            }
            if byID.contains(target) { byName[name] = target; return target }
            return add(name: target, id: target, category: StateCategoryWords.guess(target), alias: name)
        }
        if fixed {
            // A catalogue names every state: a state written by id resolves, anything else
            // stays as written and the validator reports it with its place.
            return name
        }
        return add(name: name, id: nil, category: category ?? StateCategoryWords.guess(name))
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
