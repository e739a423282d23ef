import BoardModel
import BoardIO
import Foundation

/// The store as a format: `convert team.db board.json` exports, `convert board.json team.db`
/// imports (history included), and `validate`, `report` and `serve` read it.
public struct StoreReader: SniffingReader {
    public init() {}

    /// Any SQLite file: the reader then refuses, with `store-not-boardkit`, one that has no
    /// boardkit tables, since no other format reads SQLite.
    public func recognizes(head: [UInt8]) -> Bool { SQLiteHeader.matches(head: head) }

    public func read(_ input: BoardInput, options: ReaderOptions) -> ReadResult {
        do throws(StoreError) {
            let store = try BoardStore.open(input.path, readOnly: true)
            return ReadResult(board: try store.board(), diagnostics: [],
                              sourceMap: PathSourceMap(file: input.displayName))
        } catch {
            var d = error.diagnostic
            if d.location?.file == input.path { d.location?.file = input.displayName }
            return .failed([d], file: input.displayName)
        }
    }
}

/// Writes a new store holding the whole board; its import is the log's first undo step.
/// It never replaces a file: a store there holds a board's history, and a server may have it
/// open (replacing the file under it would send that server's next writes into a deleted one).
public struct StoreWriter: BoardWriter {
    public init() {}

    public func refusal(replacing path: String) -> Diagnostic? {
        StoreError.alreadyExists(path: path).diagnostic
    }

    public func write(_ board: Board, to path: String, options: WriterOptions) -> WriteResult {
        let step = StepInfo(actor: options.actor, command: "import",
                            at: options.exportedAt ?? Instant.now())
        do throws(StoreError) {
            // A file comes as the pipeline's temporary file, placed once whole; a database
            // address is made whole or not at all by its engine.
            if StoreLocation(path).isDatabase {
                try BoardStore.write(board, toNew: path, step: step)
            } else {
                try BoardStore.write(board, intoNewFile: path, step: step)
            }
            return WriteResult(written: board.countedWhole, diagnostics: [])
        } catch {
            return .failed([error.diagnostic])
        }
    }
}
