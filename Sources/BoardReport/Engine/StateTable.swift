import BoardModel

/// The board's states numbered 0, 1, 2… so the replay keeps small integers per card and per
/// event instead of strings. A state that cards or events name but the board does not define
/// is added at the end with no category, so the report can count it and say so.
public struct StateTable: Sendable {
    public private(set) var ids: [String]
    public private(set) var names: [String]
    /// Nil for a state the board does not define.
    public private(set) var categories: [StateCategory?]
    public private(set) var wipLimits: [Int?]
    /// How many states the board defines; later entries are unknown states.
    public let definedCount: Int
    private var lookup: [String: Int32]

    public init(_ states: [BoardState]) {
        ids = []
        names = []
        categories = []
        wipLimits = []
        lookup = [:]
        for s in states where lookup[s.id] == nil {
            lookup[s.id] = Int32(ids.count)
            ids.append(s.id)
            names.append(s.name)
            categories.append(s.category)
            wipLimits.append(s.wipLimit)
        }
        definedCount = ids.count
    }

    public var count: Int { ids.count }

    /// The number of the state `id`, adding it as an unknown state the first time.
    @inline(__always)
    public mutating func index(of id: String) -> Int32 {
        // Boards have a handful of states: comparing short strings beats hashing them.
        if ids.count <= 16 {
            for k in 0..<ids.count where ids[k] == id { return Int32(k) }
        } else if let k = lookup[id] {
            return k
        }
        let k = Int32(ids.count)
        lookup[id] = k
        ids.append(id)
        names.append(id)
        categories.append(nil)
        wipLimits.append(nil)
        return k
    }

    /// The state a card sits in before history says otherwise: the first `todo` state, else the first.
    public var initialState: Int32? {
        if let k = categories.firstIndex(where: { $0 == .todo }) { return Int32(k) }
        return ids.isEmpty ? nil : 0
    }

    /// The first state of a category, for cards whose history lacks a state.
    public func first(of category: StateCategory) -> Int32? {
        categories.firstIndex(where: { $0 == category }).map { Int32($0) }
    }
}
