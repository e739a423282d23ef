#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel

/// The last step of a writer that streams to its file: create (or empty) the file, let the
/// writer fill it through its descriptor, close it, and say in one wording what failed. The
/// canonical JSON, calendar, Trello and Taskwarrior writers all end this way.
public enum OutputFile {
    /// Creates `path`, hands `fill` its descriptor and closes it. `fill` returns its own
    /// diagnostics and the first write error (`errno`) its buffer met; an `io-error` is
    /// added when the file could not be created, written or closed.
    public static func write(to path: String, _ fill: (Int32) -> (diagnostics: [Diagnostic], failure: Int32?)) -> [Diagnostic] {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            return [Diagnostic(BoardIOMessage.cannotCreateFile(errno: errno), at: SourceLocation(file: path))]
        }
        let filled = fill(fd)
        let closed = close(fd) == 0 ? nil : errno
        guard let e = filled.failure ?? closed else { return filled.diagnostics }
        return filled.diagnostics + [Diagnostic(BoardIOMessage.cannotWriteFile(errno: e),
                                                at: SourceLocation(file: path))]
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
