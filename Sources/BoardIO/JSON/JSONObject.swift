/// A JSON object's members, each name once, in the order first written.
///
/// Kept as a list, not a hash table: the objects read whole are small (a comment, a
/// checklist item, a request body, a mapping file), and finding one of a handful of names
/// by comparing them is cheaper than hashing every name on the way in — reading a board's
/// comments spent a fifth of its time in hashing when this was a `Dictionary`. A name
/// written twice keeps its last value, in the place it was first written.
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Member = (key: String, value: JSONDocument)

    /// Past this many members, adding one finds an earlier member of its name through an
    /// index rather than by comparing every name (a body of 100,000 names stays linear).
    private static let indexFrom = 16

    private var members: [Member] = []
    private var index: [String: Int]?

    public init() {}

    public init(dictionaryLiteral elements: (String, JSONDocument)...) {
        for (key, value) in elements { set(key, value) }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    /// The names, in the order first written.
    public var keys: [String] { members.map(\.key) }

    /// The member's value.
    public subscript(key: String) -> JSONDocument? { position(of: key).map { members[$0].value } }

    /// Sets a member: replaces the value of the name in its place, or adds it at the end.
    public mutating func set(_ key: String, _ value: JSONDocument) {
        if let at = position(of: key) {
            members[at].value = value
            return
        }
        members.append((key, value))
        if index != nil {
            index![key] = members.count - 1
        } else if members.count > Self.indexFrom {
            rebuildIndex()
        }
    }

    public func makeIterator() -> IndexingIterator<[Member]> { members.makeIterator() }

    /// Equal when they have the same names with equal values, in any order (JSON objects
    /// are unordered).
    public static func == (a: JSONObject, b: JSONObject) -> Bool {
        a.count == b.count && a.members.allSatisfy { b[$0.key] == $0.value }
    }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return members.firstIndex { $0.key == key }
    }

    private mutating func rebuildIndex() {
        var built: [String: Int] = [:]
        built.reserveCapacity(members.count)
        for (i, m) in members.enumerated() { built[m.key] = i }
        index = built
    }
}
