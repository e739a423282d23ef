#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardIO

/// A password kept in a file (`--password-file`, libpq's `.pgpass`), read one way for every
/// caller: through `HeldFiles`, the system's reason when it cannot be read, and lines split at
/// any line ending (a file saved on Windows ends its lines with CR LF, and that CR is no part
/// of a password).
public enum PasswordFile {
    /// More than any password file holds; what is past it is not read.
    static let limit = 64 * 1024

    /// The file's text; `EILSEQ` when it is not UTF-8.
    public static func text(of path: String) -> Result<String, SystemFailure> {
        HeldFiles.head(of: path, count: limit).flatMap { bytes in
            String(validating: bytes, as: UTF8.self).map { .success($0) } ?? .failure(SystemFailure(errno: EILSEQ))
        }
    }

    /// The text's lines, whatever ends them.
    public static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    }

    /// The first line: the password (a file written by `echo` ends with a line ending).
    public static func firstLine(of text: String) -> String {
        String(lines(of: text).first ?? "")
    }
}
