/// A place in the model, which a reader's `SourceMap` turns into a place in its file.
public enum ModelPath: Sendable, Equatable, CustomStringConvertible {
    case board(field: String?)
    case state(index: Int, field: String?)
    case card(index: Int, field: String?)
    case event(index: Int, field: String?)

    /// The canonical JSON path: `cards[12].due`.
    public var description: String {
        switch self {
        case .board(let f): return "board" + (f.map { ".\($0)" } ?? "")
        case .state(let i, let f): return "states[\(i)]" + (f.map { ".\($0)" } ?? "")
        case .card(let i, let f): return "cards[\(i)]" + (f.map { ".\($0)" } ?? "")
        case .event(let i, let f): return "events[\(i)]" + (f.map { ".\($0)" } ?? "")
        }
    }
}

/// Maps places in the model back to places in the file a reader read, so the validator's
/// diagnostics point into the user's file (`board.csv:14:3`, `Cards!D7`).
public protocol SourceMap: Sendable {
    func location(of path: ModelPath) -> SourceLocation
}

/// For sources with no finer positions: the file name and the model path.
public struct PathSourceMap: SourceMap {
    public let file: String
    public init(file: String) { self.file = file }
    public func location(of path: ModelPath) -> SourceLocation {
        SourceLocation(file: file, path: path.description)
    }
}
