import Foundation
import BoardModel
import BoardCSV
import BoardIO
import BoardValidation
import BoardStore

/// The convert pipeline every command shares: find the format, read, validate, write
/// atomically. Commands only parse flags and call these.
public enum BoardPipeline {
    /// What reading gave: the board when there were no errors (or always, with `keepOnError`),
    /// and every diagnostic, the reader's and the validator's, in that order.
    public struct Loaded: Sendable {
        public var board: Board?
        public var format: String?
        public var diagnostics: [Diagnostic]
    }

    /// Reads and validates `path` (`-` for standard input). `from` forces a format.
    /// With `strict`, warnings count as errors.
    public static func read(_ path: String, from: String? = nil, options: ReaderOptions = ReaderOptions(),
                            strict: Bool = false) -> Loaded {
        let format: BoardFormat
        let result: ReadResult
        if StoreLocation(path).isDatabase {
            // A store in a database is no file to open or sniff: its reader opens it.
            format = FormatRegistry.store
            result = StoreReader().read(BoardInput(path: path), options: options)
        } else {
            let opened: InputFile
            switch InputFile.open(path) {
            case .success(let file): opened = file
            case .failure(let d): return Loaded(board: nil, format: nil, diagnostics: [d])
            }
            defer { opened.close() }
            guard let found = FormatRegistry.formatForReading(path: path, head: opened.head, explicit: from),
                  let reader = found.reader else {
                let known = FormatRegistry.all.filter { $0.reader != nil }.map(\.name)
                return Loaded(board: nil, format: nil, diagnostics: [
                    Diagnostic(BoardKitMessage.unknownInputFormat(from, known: known), at: SourceLocation(file: path))])
            }
            format = found
            // The progress bar follows the input's bytes as the readers hand them back.
            let size = (try? FileManager.default.attributesOfItem(atPath: opened.input.path)[.size] as? Int) ?? 0
            ProgressMeter.active.start(.reading, total: size)
            result = reader.read(opened.input, options: options)
            ProgressMeter.active.stop()
        }
        var diagnostics = result.diagnostics
        // No board and no error would let a command end with exit 0 having written and said
        // nothing; whatever reader forgets its reason, the run fails with one.
        if result.board == nil && !diagnostics.hasErrors {
            diagnostics.append(Diagnostic(BoardKitMessage.noBoardRead(format: format.name), at: SourceLocation(file: path)))
        }
        var board = result.board
        if let read = board {
            switch options.invalidItems {
            case .refuse:
                // Capped like the readers' (a million-card feed read back gave 341,159 lines).
                diagnostics += BoardValidator.validate(read, sourceMap: result.sourceMap)
                    .limited(DiagnosticLimiter.defaultLimit, file: path)
            case .leaveOut:
                let valid = BoardValidator.leavingOutInvalidItems(read, sourceMap: result.sourceMap, file: path)
                board = valid.board
                diagnostics += valid.diagnostics.limited(DiagnosticLimiter.defaultLimit, file: path)
            }
        }
        if strict { diagnostics = diagnostics.strict() }
        return Loaded(board: diagnostics.hasErrors ? nil : board, format: format.name,
                      diagnostics: diagnostics)
    }

    /// Writes `board` to `path` (`-` for standard output) in `to` or the format its extension
    /// names, through a temporary file renamed into place only on success. A `.tsv` path
    /// gets tabs unless `options.delimiter` says otherwise. Says what went into the file
    /// (nothing when it failed).
    public static func write(_ board: Board, to path: String, format to: String? = nil,
                             options: WriterOptions = WriterOptions(), strict: Bool = false) -> WriteResult {
        guard let format = FormatRegistry.formatForWriting(path: path, explicit: to),
              let writer = format.writer else {
            let known = FormatRegistry.all.filter { $0.writer != nil }.map(\.name)
            return .failed([Diagnostic(BoardKitMessage.unknownOutputFormat(to, known: known), at: SourceLocation(file: path))])
        }
        if let refusal = refusedOnTerminal(format, path) { return .failed([refusal]) }
        // Writers only see the temporary path, so what the user's name asks for is set here.
        var options = options
        if options.delimiter == nil { options.delimiter = CSVDialect.delimiter(forPath: path) }
        // The writers' ordered-parallel building blocks count items as they go (`ProgressMeter`).
        // Cards are the total: every format writes them, not every format writes the history
        // (the bar then rests at 100 % while a JSON file or a workbook writes its events).
        ProgressMeter.active.start(.writing, total: board.cards.count)
        defer { ProgressMeter.active.stop() }
        if StoreLocation(path).isDatabase {
            // A store in a database is made whole or not at all by its writer (one transaction).
            guard format.name == FormatRegistry.store.name else {
                return .failed([Diagnostic(BoardKitMessage.unknownOutputFormat(to, known: [FormatRegistry.store.name]),
                                           at: SourceLocation(file: path))])
            }
            let result = writer.write(board, to: path, options: options)
            return result.diagnostics.hasErrors ? .failed(result.diagnostics) : result
        }
        var written: [Counted] = []
        let diagnostics = AtomicOutput(target: path).write(strict: strict, existing: writer.refusal(replacing: path)) { temp in
            let result = writer.write(board, to: temp, options: options)
            written = result.written
            return result.diagnostics
        }
        return WriteResult(written: diagnostics.hasErrors ? [] : written, diagnostics: diagnostics)
    }

    /// A binary format's bytes would go to a terminal.
    private static func refusedOnTerminal(_ format: BoardFormat, _ path: String) -> Diagnostic? {
        guard format.isBinary, AtomicOutput(target: path).isStandardOutput, isatty(STDOUT_FILENO) != 0 else { return nil }
        return Diagnostic(BoardKitMessage.binaryToTerminal(format: format.name), at: SourceLocation(file: path))
    }

    /// Whether `convert input output` copies a store whole (`copyStore`) rather than reading a
    /// board and writing it: the input is a store (by its content or address, unless `from`
    /// names another format; not standard input), and so is the output (`toFormat`, else its
    /// extension or address).
    public static func copiesStore(_ input: String, to output: String, from: String? = nil, toFormat: String? = nil) -> Bool {
        guard from == nil || from == FormatRegistry.store.name, input != "-", StoreLocation(input).holdsStore else { return false }
        return FormatRegistry.formatForWriting(path: output, explicit: toFormat)?.name == FormatRegistry.store.name
    }

    /// Copies the store at `input` into a new store at `output`, its log whole
    /// (`BoardStore.copy(to:)`): every step, undone or dropped, and every change keep their
    /// numbers, so history, undo and redo answer on the copy as on the original, where reading
    /// the board and writing it would make its past one import step. Placed as `write` places a
    /// store: a file through a temporary one, never over an existing file; a database board in
    /// one transaction, never over an existing board.
    public static func copyStore(_ input: String, to output: String) -> WriteResult {
        let format = FormatRegistry.store
        if let refusal = refusedOnTerminal(format, output) { return .failed([refusal]) }
        let source: BoardStore
        do throws(StoreError) {
            source = try BoardStore.open(input, readOnly: true)
            if StoreLocation(output).isDatabase { return WriteResult(written: try source.copy(to: output), diagnostics: []) }
        } catch {
            return .failed([error.diagnostic])
        }
        var written: [Counted] = []
        let refusal = format.writer?.refusal(replacing: output)
        let diagnostics = AtomicOutput(target: output).write(existing: refusal) { temp in
            do throws(StoreError) {
                written = try source.copy(to: temp)
                return []
            } catch {
                return [error.diagnostic]
            }
        }
        return WriteResult(written: diagnostics.hasErrors ? [] : written, diagnostics: diagnostics)
    }

    /// Reads, validates and writes. Nothing is written when reading found errors.
    public static func convert(_ input: String, to output: String, from: String? = nil,
                               toFormat: String? = nil, readerOptions: ReaderOptions = ReaderOptions(),
                               writerOptions: WriterOptions = WriterOptions(),
                               strict: Bool = false) -> [Diagnostic] {
        let loaded = read(input, from: from, options: readerOptions, strict: strict)
        guard let board = loaded.board else { return loaded.diagnostics }
        return loaded.diagnostics + write(board, to: output, format: toFormat, options: writerOptions,
                                          strict: strict).diagnostics
    }
}
