#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel

/// The last step of a writer that streams to its file: create (or empty) the file, let the
/// writer fill it through its descriptor, close it, and say what failed. The canonical
/// JSON, calendar, Trello, Taskwarrior and CSV writers all end this way (and the CSV
/// events file, which words its failures as its own).
public enum OutputFile {
    /// Why a file was not made: it could not be created, or not written or closed (`errno`).
    public enum Failure: Sendable, Equatable {
        case create(errno: Int32)
        case write(errno: Int32)
    }

    /// Creates `path`, hands `fill` its descriptor and closes it. `fill` returns its own
    /// diagnostics and the first write error (`errno`) its buffer met; the failure, if any,
    /// is returned for the caller to word.
    public static func fill(_ path: String, _ fill: (Int32) -> (diagnostics: [Diagnostic], failure: Int32?))
        -> (diagnostics: [Diagnostic], failure: Failure?) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return ([], .create(errno: errno)) }
        let filled = fill(fd)
        let closed = close(fd) == 0 ? nil : errno
        return (filled.diagnostics, (filled.failure ?? closed).map { .write(errno: $0) })
    }

    /// `fill(_:_:)` with a failure said as an `io-error` on the file.
    public static func write(to path: String, _ fill: (Int32) -> (diagnostics: [Diagnostic], failure: Int32?)) -> [Diagnostic] {
        let made = Self.fill(path, fill)
        switch made.failure {
        case nil:
            return made.diagnostics
        case .create(let e):
            return [Diagnostic(BoardIOMessage.cannotCreateFile(errno: e), at: SourceLocation(file: path))]
        case .write(let e):
            return made.diagnostics + [Diagnostic(BoardIOMessage.cannotWriteFile(errno: e), at: SourceLocation(file: path))]
        }
    }

    /// `write(to:_:)` for JSON: `fill` writes through a `JSONWriter` on the file, flushed at
    /// the end.
    public static func writeJSON(to path: String, _ fill: (inout JSONWriter) -> [Diagnostic]) -> [Diagnostic] {
        write(to: path) { fd in
            var out = JSONWriter(fd: fd)
            let diagnostics = fill(&out)
            out.flush()
            return (diagnostics, out.failure)
        }
    }
}
