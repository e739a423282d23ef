import BoardModel
import BoardIO

/// An input file's bytes and name, for reading a foreign export and pointing diagnostics
/// into it (`trello.json:120:7 (cards[3].idList)`).
public struct ForeignSource: Sendable {
    /// The name diagnostics show.
    public let file: String
    /// The file, mapped: readers index it and stream its large arrays (`JSONMemberIndex`),
    /// handing pages back as they go.
    let text: MappedText

    public init(file: String, bytes: [UInt8]) {
        self.init(file: file, text: MappedText(copying: bytes))
    }

    init(file: String, text: MappedText) {
        self.file = file
        self.text = text
    }

    /// Maps `input`, or says why it could not.
    static func load(_ input: BoardInput) -> Result<ForeignSource, Diagnostic> {
        switch MappedText.load(path: input.path) {
        case .failure(let e):
            return .failure(Diagnostic(BoardIOMessage.cannotReadFile(errno: e.errno),
                                       at: SourceLocation(file: input.displayName)))
        case .success(let text):
            return .success(ForeignSource(file: input.displayName, text: text))
        }
    }

    /// Maps `input` and hands it to `read`; a file that cannot be read fails here.
    static func read(_ input: BoardInput, _ read: (ForeignSource) -> ReadResult) -> ReadResult {
        switch load(input) {
        case .failure(let d): return .failed([d], file: input.displayName)
        case .success(let source): return read(source)
        }
    }

    /// 1-based line and column (in characters) of a byte offset. Counted on demand: only
    /// diagnostics ask.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        // Through the text's line index (built on the first diagnostic, 8 bytes a line), not
        // counted from the start each time: an export with thousands of warnings (repeated
        // uuids) took minutes, each one a walk over the whole file.
        text.lineColumn(of: offset)
    }

    /// A location at a byte offset, with a JSON path into the source.
    public func location(_ path: String, at offset: Int?) -> SourceLocation {
        guard let offset else { return SourceLocation(file: file, path: path) }
        let (line, column) = lineColumn(of: offset)
        return SourceLocation(file: file, line: line, column: column, path: path)
    }

    /// A location at a node.
    public func location(_ path: String, _ node: JSONNode?) -> SourceLocation {
        location(path, at: node?.offset)
    }
}

/// Where a record of an export was read: the array it is in, its index there and the byte
/// offset of its value (`actions[12]` at byte 5120). Kept for every card and event (millions),
/// so it is 16 bytes and spells its path only when a diagnostic asks: a path kept as text
/// (`actions[1234567]`) is a heap allocation per event.
struct ForeignPlace: Sendable {
    /// The arrays records are read from.
    enum Array: UInt8, Sendable {
        /// The document itself (the board), no index.
        case document
        /// The top-level array (a task export): `[12]`.
        case root
        case lists, cards, actions
    }

    var array: Array
    var index: Int32
    var offset: Int

    init(_ array: Array, _ index: Int, at offset: Int) {
        (self.array, self.index, self.offset) = (array, Int32(truncatingIfNeeded: index), offset)
    }

    /// The JSON path of the record (`cards[3]`, `[3]`, or empty for the document).
    var path: String {
        switch array {
        case .document: return ""
        case .root: return "[\(index)]"
        default: return "\(array)[\(index)]"
        }
    }
}

/// Points the validator's model paths at the foreign records they came from: a card of the
/// board at the Trello card object or Taskwarrior task it was read from.
struct ForeignSourceMap: SourceMap {
    let source: ForeignSource
    /// Per model state, card and event: the place it was read from.
    var states: [ForeignPlace] = []
    var cards: [ForeignPlace] = []
    var events: [ForeignPlace] = []
    /// Where the board-level fields were read.
    var board = ForeignPlace(.document, 0, at: 0)

    init(source: ForeignSource) { self.source = source }

    func location(of path: ModelPath) -> SourceLocation {
        let entry: ForeignPlace?
        switch path {
        case .board: entry = board
        case .state(let i, _): entry = states.indices.contains(i) ? states[i] : nil
        case .card(let i, _): entry = cards.indices.contains(i) ? cards[i] : nil
        case .event(let i, _): entry = events.indices.contains(i) ? events[i] : nil
        }
        guard let entry else { return SourceLocation(file: source.file, path: path.description) }
        let (line, column) = source.lineColumn(of: entry.offset)
        let recordPath = entry.path
        let where_ = recordPath.isEmpty ? path.description : "\(recordPath), board \(path.description)"
        return SourceLocation(file: source.file, line: line, column: column, path: where_)
    }
}
