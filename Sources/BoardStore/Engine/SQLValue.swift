/// A value bound to a statement's parameter: the four kinds of value the store's columns
/// hold, as both engines take them.
enum SQLValue: Sendable, Equatable {
    case null
    case int(Int64)
    case real(Double)
    case text(String)

    init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    init(_ int: Int64?) { self = int.map(SQLValue.int) ?? .null }
    init(_ int: Int) { self = .int(Int64(int)) }
    /// Flags are stored as 0 and 1 (as SQLite has no other boolean).
    init(_ flag: Bool) { self = .int(flag ? 1 : 0) }
}
