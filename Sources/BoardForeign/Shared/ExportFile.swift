#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardModel
import BoardIO

/// The last step of the foreign writers: the export goes to its file as it is made, a chunk
/// at a time (`JSONWriter` over an `OutputBuffer`), so a million-card export is never held
/// whole in memory.
enum ExportFile {
    /// Creates (or empties) `path` and lets `write` fill it; returns what `write` returns,
    /// plus an I/O error if the file could not be written.
    static func write(to path: String, _ write: (inout JSONWriter) -> [Diagnostic]) -> [Diagnostic] {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return [failure(errno, path)] }
        var out = JSONWriter(fd: fd)
        let diagnostics = write(&out)
        out.flush()
        let closed = close(fd) == 0 ? nil : errno
        if let e = out.failure ?? closed { return diagnostics + [failure(e, path)] }
        return diagnostics
    }

    private static func failure(_ e: Int32, _ path: String) -> Diagnostic {
        Diagnostic(.ioError, "cannot write: \(String(cString: strerror(e)))", at: SourceLocation(file: path))
    }
}
