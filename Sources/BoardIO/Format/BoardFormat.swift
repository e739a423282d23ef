import BoardModel

/// A file to read: a path on disk and the name to show in diagnostics.
///
/// Standard input is copied to a temporary file first, so every reader sees a file (formats
/// such as XLSX need to seek) and diagnostics still say `-`.
public struct BoardInput: Sendable {
    /// Where the bytes are.
    public var path: String
    /// What diagnostics call it (the name the user typed, `-` for standard input).
    public var displayName: String

    public init(path: String, displayName: String? = nil) {
        self.path = path
        self.displayName = displayName ?? path
    }
}

/// What a reader gives back: a board when it could build one, and everything it noticed.
/// The pipeline then runs `BoardValidator` on the board with the reader's `sourceMap`.
public struct ReadResult: Sendable {
    public var board: Board?
    public var diagnostics: [Diagnostic]
    /// Turns model paths into places in the file, for the validator.
    public var sourceMap: any SourceMap

    public init(board: Board?, diagnostics: [Diagnostic], sourceMap: any SourceMap) {
        self.board = board
        self.diagnostics = diagnostics
        self.sourceMap = sourceMap
    }

    /// A failed read: no board, and why.
    public static func failed(_ diagnostics: [Diagnostic], file: String) -> ReadResult {
        ReadResult(board: nil, diagnostics: diagnostics, sourceMap: PathSourceMap(file: file))
    }
}

/// Reads one format into the model.
public protocol BoardReader: Sendable {
    /// Reads `input`. Never throws and never traps on bad input: problems are diagnostics.
    func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult
}

/// What a writer did: what went into its file, and what it noticed.
public struct WriteResult: Sendable {
    /// What the file holds, as the summary line counts it (`40 cards, 4 states, 99 events`):
    /// what went in, not what the board had, so a format that leaves things out says so here
    /// as well as in its warnings.
    public var written: [Counted]
    /// Warnings for what the format could not hold; errors when it failed.
    public var diagnostics: [Diagnostic]

    public init(written: [Counted], diagnostics: [Diagnostic]) {
        self.written = written
        self.diagnostics = diagnostics
    }

    /// A write that failed: nothing worth counting went in.
    public static func failed(_ diagnostics: [Diagnostic]) -> WriteResult {
        WriteResult(written: [], diagnostics: diagnostics)
    }
}

/// Writes the model as one format.
public protocol BoardWriter: Sendable {
    /// Writes `board` to `path` (a temporary file the pipeline renames into place on success):
    /// what went in, warnings for what the format could not hold, errors when it failed.
    func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult

    /// Nil when a file already at the output path is replaced, as most outputs are; otherwise
    /// the error to give instead, and the file is never replaced (not even by one created
    /// while the board was being written).
    func refusal(replacing path: String) -> Diagnostic?
}

extension BoardWriter {
    public func refusal(replacing path: String) -> Diagnostic? { nil }
}
