#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Whether a store's file can be written where it is, and so how SQLite opens it.
///
/// A store on a read-only mount (or in a folder this user cannot write) is still a board to
/// show, convert, report and serve: SQLite reads it with `mode=ro`, and with `immutable=1`
/// when no write-ahead log lies beside it (it cannot make the `-shm` it would otherwise need,
/// and nothing can be changing a file on read-only media). The URI form relies on SQLite
/// being built with URI file names on, as Debian's is (`USE_URI`).
enum StoreMedia: Equatable {
    case writable
    /// The file cannot be written, but SQLite can share it as usual: its folder takes the
    /// `-shm`, or a write-ahead log holding commits lies beside it (read through it).
    case readOnlyShared
    /// Nothing can be written there and no log lies beside it: read as immutable (no locks).
    case readOnlyImmutable

    static func of(_ path: String) -> StoreMedia {
        let folder = (path as NSString).deletingLastPathComponent
        let folderWritable = access(folder.isEmpty ? "." : folder, W_OK) == 0
        if folderWritable && access(path, W_OK) == 0 { return .writable }
        var log = stat()
        let logged = stat(path + "-wal", &log) == 0 && log.st_size > 0
        return folderWritable || logged ? .readOnlyShared : .readOnlyImmutable
    }

    /// What to hand SQLite: the path itself, or a read-only URI of it.
    func sqlitePath(_ path: String) -> String {
        switch self {
        case .writable: return path
        case .readOnlyShared: return Self.uri(path) + "?mode=ro"
        case .readOnlyImmutable: return Self.uri(path) + "?mode=ro&immutable=1"
        }
    }

    /// `file:` and the absolute path, every byte but unreserved ones and `/` percent-encoded.
    private static func uri(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var out = "file:"
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
