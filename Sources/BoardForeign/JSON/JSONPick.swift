#if canImport(Glibc)
import Glibc
#endif

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

    /// The picked keys' UTF-8 bytes one after another, each key's place among them, and its
    /// rule: one flat buffer, so matching a key (for every member of every record) compares
    /// bytes without touching an array or a rule per candidate.
    let names: [UInt8]
    let spans: [Range<Int>]
    let rules: [Rule]

    /// Keeps the members `whole` entire, and of the members in `parts` what their own picks say.
    public init(_ whole: String..., parts: [String: JSONPick] = [:]) {
        let picked = whole.map { ($0, Rule.whole) } + parts.sorted { $0.key < $1.key }.map { ($0.key, Rule.part($0.value)) }
        var names: [UInt8] = [], spans: [Range<Int>] = []
        for (name, _) in picked {
            spans.append(names.count..<names.count + name.utf8.count)
            names += name.utf8
        }
        (self.names, self.spans, self.rules) = (names, spans, picked.map(\.1))
    }

    /// The rule for a key whose bytes (without quotes or escapes) are `key`; nil when the
    /// member is not picked.
    func rule(forKey key: UnsafeBufferPointer<UInt8>) -> Rule? {
        let found: Int? = names.withUnsafeBufferPointer { names in
            for (k, span) in spans.enumerated() where span.count == key.count {
                if span.isEmpty || memcmp(names.baseAddress! + span.lowerBound, key.baseAddress!, span.count) == 0 {
                    return k
                }
            }
            return nil
        }
        return found.map { rules[$0] }
    }
}
