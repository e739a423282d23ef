import BoardModel
import BoardIO

/// Points the validator's model paths (`cards[12].due`) at `file:line:col` in the JSON file
/// that was read.
///
/// The reader records only where each state, card and event object starts (one `Int` each);
/// a field's position is found when a diagnostic asks for it, by re-scanning that one object.
/// Line numbers are likewise worked out on demand (see `MappedText`).
public struct JSONSourceMap: SourceMap {
    public let file: String
    let text: MappedText
    let offsets: Offsets

    /// Where the objects of the document start, in model order.
    struct Offsets: Sendable {
        var board: Int?
        var states: [Int] = []
        var cards: [Int] = []
        var events: [Int] = []
    }

    init(file: String, text: MappedText, offsets: Offsets) {
        self.file = file
        self.text = text
        self.offsets = offsets
    }

    public func location(of path: ModelPath) -> SourceLocation {
        let object: Int?
        let field: String?
        switch path {
        case .board(let f): object = offsets.board ?? 0; field = f
        case .state(let i, let f): object = offsets.states.indices.contains(i) ? offsets.states[i] : nil; field = f
        case .card(let i, let f): object = offsets.cards.indices.contains(i) ? offsets.cards[i] : nil; field = f
        case .event(let i, let f): object = offsets.events.indices.contains(i) ? offsets.events[i] : nil; field = f
        }
        guard let object else { return SourceLocation(file: file, path: path.description) }
        let offset = field.flatMap { valueOffset(ofKey: $0, inObjectAt: object) } ?? object
        let (line, column) = text.lineColumn(of: offset)
        return SourceLocation(file: file, line: line, column: column, path: path.description)
    }

    /// Where the value of `key` starts in the object at `object` (the last one, if the key
    /// is repeated, as the reader keeps the last), or nil when the object lacks it.
    func valueOffset(ofKey key: String, inObjectAt object: Int) -> Int? {
        var s = JSONScanner(text.bytes, at: object)
        guard s.peek == UInt8(ascii: "{") else { return nil }
        s.pos += 1
        let wanted = Array(key.utf8)
        var found: Int?
        var first = true
        var sink: [UInt8] = []
        do {
            while let k = try s.nextKey(first: &first) {
                if s.withDecoded(k, { $0.elementsEqual(wanted) }) { found = s.pos }
                try s.skipValue(copy: false, into: &sink)
            }
        } catch {
            return found
        }
        return found
    }
}
