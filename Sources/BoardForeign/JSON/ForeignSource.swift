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
        // Counted from the start each time rather than through the text's line index, which
        // would hold an entry per line of a file of millions of lines for a few diagnostics.
        MappedText.lineColumn(of: offset, in: text.bytes)
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

/// Points the validator's model paths at the foreign records they came from: a card of the
/// board at the Trello card object or Taskwarrior task it was read from.
struct ForeignSourceMap: SourceMap {
    let source: ForeignSource
    /// Per model state, card and event: the source path and node offset it came from.
    var states: [(path: String, offset: Int)] = []
    var cards: [(path: String, offset: Int)] = []
    var events: [(path: String, offset: Int)] = []
    /// Source paths and offsets for board-level fields.
    var board: (path: String, offset: Int) = ("", 0)

    init(source: ForeignSource) { self.source = source }

    func location(of path: ModelPath) -> SourceLocation {
        let entry: (path: String, offset: Int)?
        switch path {
        case .board: entry = board
        case .state(let i, _): entry = states.indices.contains(i) ? states[i] : nil
        case .card(let i, _): entry = cards.indices.contains(i) ? cards[i] : nil
        case .event(let i, _): entry = events.indices.contains(i) ? events[i] : nil
        }
        guard let entry else { return SourceLocation(file: source.file, path: path.description) }
        let (line, column) = source.lineColumn(of: entry.offset)
        let where_ = entry.path.isEmpty ? path.description : "\(entry.path), board \(path.description)"
        return SourceLocation(file: source.file, line: line, column: column, path: where_)
    }
}
