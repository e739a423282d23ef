#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates or truncates a file for writing; -1 on failure (see `errorText`).
func openForWriting(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
}

/// Closes; false on failure.
@discardableResult
func closeFile(_ fd: Int32) -> Bool { close(fd) == 0 }

/// The C library's message for an error number (by default the last error's).
func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
