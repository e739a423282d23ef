#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates or truncates a file for writing; -1 on failure (`errno` says why).
func openForWriting(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
}

/// Closes; false on failure.
@discardableResult
func closeFile(_ fd: Int32) -> Bool { close(fd) == 0 }
