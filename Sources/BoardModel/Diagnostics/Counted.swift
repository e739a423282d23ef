/// A count and its English noun, singular or plural as the count asks: `1 card`, `2 cards`,
/// `1 metadata entry`. Every message that counts something says it through this, so none
/// reads "1 cards". (Korean has no plural: its messages say `N개` as they are.)
public struct Counted: CustomStringConvertible, Sendable {
    public var count: Int
    public var singular: String
    public var plural: String

    /// `plural` defaults to the singular with an `s`.
    public init(_ count: Int, _ singular: String, plural: String? = nil) {
        self.count = count
        self.singular = singular
        self.plural = plural ?? singular + "s"
    }

    /// `2 cards`.
    public var description: String { "\(count) \(noun)" }

    /// The noun alone, as the count asks.
    public var noun: String { count == 1 ? singular : plural }

    /// The words that agree with `count`: `"\(Counted(n, "card")) \(Counted.verb(n, "has", "have")) no history"`.
    public static func verb(_ count: Int, _ singular: String, _ plural: String) -> String { count == 1 ? singular : plural }
}
