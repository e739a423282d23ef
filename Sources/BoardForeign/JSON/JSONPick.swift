/// The members of a record a reader uses, so that parsing the record builds only those: the
/// others' values are skipped (still checked) without making a string or a node for them.
///
/// A Trello action carries the board's and the card's names, the member's avatar and more
/// beside the few ids an event needs; building all of it was most of reading an export. A
/// reader declares its picks beside the code that reads the nodes, and its tests read every
/// fixture with and without them (a key read but not picked would look absent).
///
/// A pick applies to an object's members; on an array it applies to each element; on any
/// other value it changes nothing.
public struct JSONPick: Sendable {
    /// What is kept of a picked member's value.
    enum Rule: Sendable {
        case whole
        case part(JSONPick)
    }

    /// The picked keys' UTF-8 bytes and rules, compared with a key's bytes in the file.
    let members: [(name: [UInt8], rule: Rule)]

    /// Keeps the members `whole` entire, and of the members in `parts` what their own picks say.
    public init(_ whole: String..., parts: [String: JSONPick] = [:]) {
        members = whole.map { (Array($0.utf8), Rule.whole) }
            + parts.sorted { $0.key < $1.key }.map { (Array($0.key.utf8), Rule.part($0.value)) }
    }

    /// The rule for a key whose bytes (without quotes or escapes) are `key`; nil when the
    /// member is not picked.
    func rule(forKey key: UnsafeBufferPointer<UInt8>) -> Rule? {
        for m in members where m.name.count == key.count && m.name.elementsEqual(key) { return m.rule }
        return nil
    }
}
