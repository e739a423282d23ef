/// What a state means for flow, whatever the tool calls it.
public enum StateCategory: String, Sendable, CaseIterable, Codable, Comparable {
    case todo, doing, done

    public static func < (a: StateCategory, b: StateCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A column of the board.
public struct BoardState: Sendable, Equatable, Hashable {
    /// Slug used by cards and events (`review`).
    public var id: String
    /// What the tool shows (`In review`).
    public var name: String
    public var category: StateCategory
    /// Work-in-progress limit, if the team set one.
    public var wipLimit: Int?
    /// Keys of the source this version does not know, as raw JSON text.
    public var extras: [String: String]

    public init(id: String, name: String, category: StateCategory, wipLimit: Int? = nil,
                extras: [String: String] = [:]) {
        self.id = id
        self.name = name
        self.category = category
        self.wipLimit = wipLimit
        self.extras = extras
    }

    /// TODO / DOING / DONE: what a board without its own states gets.
    public static let defaults: [BoardState] = [
        BoardState(id: "todo", name: "TODO", category: .todo),
        BoardState(id: "doing", name: "DOING", category: .doing),
        BoardState(id: "done", name: "DONE", category: .done),
    ]
}
