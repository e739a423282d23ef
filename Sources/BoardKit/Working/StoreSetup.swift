import BoardModel
import BoardStore
import Foundation
import BoardIO

/// `boardkit init`: a new store at a path that must be free, empty or holding a board read
/// from any file boardkit reads (its import is the log's first step).
public struct StoreSetup {
    public var path: String
    /// A file to import, and its format when the extension and content do not tell.
    public var source: String?
    public var format: String?
    public var readerOptions: ReaderOptions
    /// The board's name and zone; for an import, they replace the file's when given.
    public var name: String?
    public var timeZone: String?
    public var actor: String?
    public var strict: Bool

    public init(path: String, source: String? = nil, format: String? = nil, readerOptions: ReaderOptions = ReaderOptions(),
                name: String? = nil, timeZone: String? = nil, actor: String? = nil, strict: Bool = false) {
        self.path = path
        self.source = source
        self.format = format
        self.readerOptions = readerOptions
        self.name = name
        self.timeZone = timeZone
        self.actor = actor
        self.strict = strict
    }

    /// The states a new board gets, as the kanban apps have them.
    public static let defaultStates = [
        BoardState(id: "todo", name: "To do", category: .todo),
        BoardState(id: "doing", name: "Doing", category: .doing),
        BoardState(id: "done", name: "Done", category: .done),
    ]

    /// Creates the store. The summary line is there only when it was created.
    public func create() -> (summary: String?, diagnostics: [Diagnostic]) {
        if case .file = StoreLocation(path), FileManager.default.fileExists(atPath: path) {
            return (nil, [StoreError.alreadyExists(path: path).diagnostic])
        }
        var board: Board
        var diagnostics: [Diagnostic] = []
        if let source {
            let loaded = BoardPipeline.read(source, from: format, options: readerOptions, strict: strict)
            guard let read = loaded.board else { return (nil, loaded.diagnostics) }
            board = read
            diagnostics = loaded.diagnostics
        } else {
            let title = name ?? StoreLocation(path).boardName
            board = Board(id: StableID.slug(title), name: title, states: Self.defaultStates)
        }
        if let name { board.name = name }
        if let timeZone {
            guard Zone.named(timeZone) != nil else {
                return (nil, diagnostics + [InputRefusal.invalidValue(field: "--timezone", value: timeZone,
                                                                     accepted: .timeZone).diagnostic])
            }
            board.timeZone = timeZone
        }
        let command = source.map { "init --from \(($0 as NSString).lastPathComponent)" } ?? "init"
        ProgressMeter.active.start(.writing, total: board.cards.count + board.events.count)
        defer { ProgressMeter.active.stop() }
        do throws(StoreError) {
            _ = try BoardStore.create(path, board: board, step: StepInfo(actor: actor, command: command, at: .now()))
        } catch {
            return (nil, diagnostics + [error.diagnostic])
        }
        let summary = "Created \(path): '\(board.name)', \(board.states.map(\.name).joined(separator: " / ")), "
            + "\(Counted(board.cards.count, "card")), \(Counted(board.events.count, "event")) (\(board.timeZone))"
        return (summary, diagnostics)
    }
}
