import BoardModel
import CStandardOutput
import Foundation

/// Writing to standard output and standard error without ever trapping.
///
/// Foundation's `FileHandle.write` ends the process with SIGILL (a `try!` inside it) when a
/// write fails: a full disk (`>/dev/full`), a closed descriptor (`>&-`). Here a failed write
/// is an error the caller turns into exit 1 with a message where one can still be printed;
/// a reader that went away (EPIPE: `boardkit convert … - | head`) ends the process the way
/// Unix tools end, by SIGPIPE.
public enum StandardStreams {
    /// Why a write to a standard stream failed.
    public struct Failure: Error, Sendable, Equatable {
        /// 1 for standard output, 2 for standard error.
        public var stream: Int32
        public var errno: Int32

        /// The diagnostic for it (`<stdout>: error: cannot write: No space left on device`).
        public var diagnostic: Diagnostic {
            Diagnostic(BoardKitMessage.cannotWrite(errno: errno), at: SourceLocation(file: stream == 1 ? "<stdout>" : "<stderr>"))
        }
    }

    /// Writes all of `bytes` to standard output.
    public static func out(_ bytes: some ContiguousBytes) throws(Failure) {
        try write(bytes, to: STDOUT_FILENO)
    }

    /// Writes `text` to standard error; false when it could not.
    @discardableResult
    public static func err(_ text: String) -> Bool {
        (try? write(Array(text.utf8), to: STDERR_FILENO)) != nil
    }

    /// Writes all of `bytes` (a chunk of a file, a line) where they lie, retrying what
    /// write(2) left.
    public static func write(_ bytes: some ContiguousBytes, to fd: Int32) throws(Failure) {
        let failed: Int32? = bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if n >= 0 { done += n; continue }
                if errno == EINTR { continue }
                return errno
            }
            return nil
        }
        guard let failed else { return }
        if failed == EPIPE { endBySIGPIPE() }
        throw Failure(stream: fd, errno: failed)
    }

    /// Everything `print` left in stdio's buffer, written now; the failure if it could not be.
    /// Every command ends through this, so that exit 0 means the printed output arrived.
    public static func flushPrinted() -> Failure? {
        let code = boardkit_flush_standard_output()
        guard code != 0 else { return nil }
        if code == EPIPE { endBySIGPIPE() }
        return Failure(stream: STDOUT_FILENO, errno: code)
    }

    /// The Swift runtime ignores SIGPIPE; put the default back and raise it, as a Unix
    /// tool whose reader closed the pipe ends.
    private static func endBySIGPIPE() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(141)
    }
}
