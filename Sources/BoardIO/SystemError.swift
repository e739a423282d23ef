#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's words for an error number (`errno`): what a message says after "cannot
/// write the file:". Messages keep the number and ask here when they are read.
public enum SystemError {
    /// `strerror`'s text for `errno`.
    public static func text(_ errno: Int32) -> String { String(cString: strerror(errno)) }
}
