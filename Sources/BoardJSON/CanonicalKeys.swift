/// The key names of `boardkit/1`, in the order the writer emits them. The reader matches
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
    case id, title, body, state, due, start, created, updated, completed, labels, assignees,
         position, archived, url, fields
    static let table = KeyTable<CardKey>()
}

/// Keys of an event object, in canonical order.
enum EventKey: String, CanonicalKey {
    case card, at, type, from, to, actor
    static let table = KeyTable<EventKey>()
}

/// The names of one key kind as UTF-8, bucketed by length for a quick match, and a bit per
/// key for spotting a key given twice.
struct KeyTable<Key: CanonicalKey>: Sendable {
    private let byLength: [[(bytes: [UInt8], key: Key, bit: UInt64)]]

    init() {
        var buckets = [[(bytes: [UInt8], key: Key, bit: UInt64)]](repeating: [], count: 17)
        for (n, key) in Key.allCases.enumerated() {
            let bytes = Array(key.rawValue.utf8)
            buckets[bytes.count].append((bytes, key, 1 << UInt64(n)))
        }
        byLength = buckets
    }

    @inline(__always)
    func match(_ bytes: UnsafeBufferPointer<UInt8>) -> (key: Key, bit: UInt64)? {
        guard bytes.count < byLength.count else { return nil }
        for entry in byLength[bytes.count] where entry.bytes.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) {
            return (entry.key, entry.bit)
        }
        return nil
    }

    /// The key's bit (its place in the canonical order).
    func bit(of key: Key) -> UInt64 {
        for bucket in byLength { for e in bucket where e.key.rawValue == key.rawValue { return e.bit } }
        return 0
    }
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
