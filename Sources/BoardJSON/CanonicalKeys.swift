import BoardModel

/// The key names of `boardkit/2` (`boardkit/1` without the conversation, reminders and a met due), in the order the writer emits them. The reader matches
/// keys against the same lists, so a name lives in exactly one place.
protocol CanonicalKey: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    static var table: KeyTable<Self> { get }
}

extension CanonicalKey {
    /// The key whose UTF-8 spelling is `bytes`, if it is one of ours, with its bit for
    /// spotting a key given twice in one object.
    @inline(__always)
    static func match(_ bytes: UnsafeBufferPointer<UInt8>) -> (key: Self, bit: UInt64)? {
        table.match(bytes)
    }
}

/// Top-level keys of the document.
enum DocumentKey: String, CanonicalKey {
    case format, board, states, cards, events
    static let table = KeyTable<DocumentKey>()
}

/// Keys of the `board` object.
enum BoardKey: String, CanonicalKey {
    case id, name, timezone, metadata
    static let table = KeyTable<BoardKey>()
}

/// Keys of a state object.
enum StateKey: String, CanonicalKey {
    case id, name, category, wipLimit
    static let table = KeyTable<StateKey>()
}

/// Keys of a card object, in canonical order.
enum CardKey: String, CanonicalKey {
    case id, title, body, state, due, dueComplete, start, created, updated, completed, labels, assignees, reminders,
         position, archived, url, fields, comments, checklists, attachments, links
    static let table = KeyTable<CardKey>()
}

/// Keys of an event object, in canonical order.
enum EventKey: String, CanonicalKey {
    case card, at, type, from, to, actor, changes
    static let table = KeyTable<EventKey>()
}

/// Keys of one object of an event's `changes`, in canonical order.
enum ChangeKey: String, CanonicalKey {
    case field, old, new
    static let table = KeyTable<ChangeKey>()
}

/// The names of one key kind as UTF-8, for a quick match.
typealias KeyTable<Key: CanonicalKey> = NameTable<Key>

/// Short names (up to 16 bytes) packed into two words each, so matching the bytes of a key
/// or an enum value costs a few integer compares and no allocation. Each name also has a
/// bit (its place in the list) for spotting a key given twice.
struct NameTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var lo: UInt64
        var hi: UInt64
        var length: Int
        var value: Value
        var bit: UInt64
    }

    private let entries: [Entry]

    init(_ names: [(String, Value)]) {
        entries = names.enumerated().map { n, pair in
            let bytes = Array(pair.0.utf8)
            precondition(bytes.count <= 16, "names are at most 16 bytes")
            let (lo, hi) = bytes.withUnsafeBufferPointer { NameTable.pack($0) }
            return Entry(lo: lo, hi: hi, length: bytes.count, value: pair.1, bit: 1 << UInt64(n))
        }
    }

    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        return words
    }

    @inline(__always)
    func match(_ bytes: UnsafeBufferPointer<UInt8>) -> (key: Value, bit: UInt64)? {
        guard bytes.count <= 16 else { return nil }
        let (lo, hi) = Self.pack(bytes)
        let n = bytes.count
        return entries.withUnsafeBufferPointer { table in
            for e in table where e.lo == lo && e.hi == hi && e.length == n { return (e.value, e.bit) }
            return nil
        }
    }

    /// The bit of the first entry holding `value`.
    func bit(where isValue: (Value) -> Bool) -> UInt64 {
        entries.first { isValue($0.value) }?.bit ?? 0
    }
}

extension NameTable where Value: CanonicalKey {
    init() { self.init(Value.allCases.map { ($0.rawValue, $0) }) }

    func bit(of key: Value) -> UInt64 { bit { $0 == key } }
}

/// The values of the enumerations a file spells out (`"category": "doing"`).
enum ValueNames {
    static let categories = NameTable(StateCategory.allCases.map { ($0.rawValue, $0) })
    static let eventTypes = NameTable(EventType.allCases.map { ($0.rawValue, $0) })
}

/// Where an unknown key of the document or of the `board` object is kept in `Board.extras`.
///
/// `Board.extras` holds both: a key of the `board` object under its own name, a top-level key
/// of the document as a JSON Pointer (`/generatedBy`). A `board` key that itself starts with
/// `/` is stored as `/board/…` so the two never collide.
enum BoardExtrasKey {
    case document(String)
    case board(String)

    /// The name in `Board.extras`.
    var storedName: String {
        switch self {
        case .document(let key): return "/" + Self.escape(key)
        case .board(let key): return key.hasPrefix("/") ? "/board/" + Self.escape(key) : key
        }
    }

    /// Where a `Board.extras` name goes back to.
    init(storedName name: String) {
        if name.hasPrefix("/board/") {
            self = .board(Self.unescape(String(name.dropFirst(7))))
        } else if name.hasPrefix("/") {
            self = .document(Self.unescape(String(name.dropFirst())))
        } else {
            self = .board(name)
        }
    }

    // JSON Pointer escaping (RFC 6901): `~` → `~0`, `/` → `~1`.
    private static func escape(_ s: String) -> String {
        guard s.contains("~") || s.contains("/") else { return s }
        return s.replacingAll("~", "~0").replacingAll("/", "~1")
    }

    private static func unescape(_ s: String) -> String {
        guard s.contains("~") else { return s }
        return s.replacingAll("~1", "/").replacingAll("~0", "~")
    }
}

extension String {
    /// Replaces every occurrence of `a` with `b` (no Foundation).
    fileprivate func replacingAll(_ a: String, _ b: String) -> String {
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: a) {
            out += rest[..<r.lowerBound]
            out += b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
