#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The files this process holds open through SQLite (an open store), and the one way any
/// other code here opens a file for reading.
///
/// SQLite's locks on Linux are POSIX advisory locks: they belong to the process, and closing
/// *any* descriptor of the file in that process releases all of them (SQLite's "How To
/// Corrupt An SQLite Database File", §2.2). A `serve` that sniffed its store's format, or read
/// its head, dropped the locks of its own connection; the next `boardkit move` in another
/// process then checkpointed and deleted the `-wal` the server was still writing into, and
/// every change the server acknowledged after it was lost. So a store registers its file
/// here while it is open, and every read of a file's bytes goes through `openForReading`,
/// which never opens a held file: the head of one is the one recorded when it was held, and
/// a reader asked to map one is refused (`EBUSY`). A file is known by its device and inode,
/// so another path to the same file is the same file.
public enum HeldFiles {
    fileprivate struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64

        init?(_ path: String) {
            var info = stat()
            // stat(2) opens nothing, so it cannot release a lock.
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    fileprivate struct Entry {
        var holders: Int
        var head: [UInt8]
    }

    /// Held files by identity. Opens for reading happen under this lock too, so a file
    /// cannot become held between the check and the open.
    fileprivate static let held = Mutex<[Identity: Entry]>([:])

    /// Marks `path` held until the returned value is released (or dropped). `head` is what
    /// the file starts with, handed to anyone who asks instead of opening it. Nil when the
    /// file does not exist.
    public static func hold(_ path: String, head: [UInt8]) -> Hold? {
        guard let identity = Identity(path) else { return nil }
        held.withLock { files in files[identity, default: Entry(holders: 0, head: head)].holders += 1 }
        return Hold(identity: identity)
    }

    /// Keeps a file held for the rest of the process: its connection could not be closed,
    /// so SQLite may still hold locks on it.
    public static func keepHeld(_ hold: Hold) {
        keptForGood.withLock { $0.append(hold) }
    }

    private static let keptForGood = Mutex<[Hold]>([])

    /// True when an open store of this process holds the file at `path`.
    public static func isHeld(_ path: String) -> Bool {
        guard let identity = Identity(path) else { return false }
        return held.withLock { $0[identity] != nil }
    }

    /// Runs `body` with a read-only descriptor of `path`, closed when `body` returns; a held
    /// file is not opened and the result is `.failure(EBUSY)`. The only way the readers open
    /// a file (MappedText, the format sniff, the store's own header check).
    public static func openForReading<T>(_ path: String, _ body: (Int32) -> Result<T, SystemFailure>) -> Result<T, SystemFailure> {
        held.withLock { files -> Result<T, SystemFailure> in
            if let identity = Identity(path), files[identity] != nil { return .failure(SystemFailure(errno: EBUSY)) }
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return .failure(SystemFailure(errno: errno)) }
            defer { close(fd) }
            return body(fd)
        }
    }

    /// The first `count` bytes of the file (fewer when it is shorter): for a held file, the
    /// head recorded when it was held, without opening it. One look under the lock decides,
    /// so a file held meanwhile gives its recorded head, never a refusal.
    public static func head(of path: String, count: Int) -> Result<[UInt8], SystemFailure> {
        held.withLock { files -> Result<[UInt8], SystemFailure> in
            if let identity = Identity(path), let entry = files[identity] {
                return .success(Array(entry.head.prefix(count)))
            }
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return .failure(SystemFailure(errno: errno)) }
            defer { close(fd) }
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return .failure(SystemFailure(errno: errno))
                }
                if n == 0 { break }
                filled += n
            }
            return .success(Array(bytes.prefix(filled)))
        }
    }

    /// A file held by an open store; released when dropped.
    public final class Hold: Sendable {
        private let identity: Identity

        fileprivate init(identity: Identity) { self.identity = identity }

        deinit {
            let identity = identity
            HeldFiles.held.withLock { files in
                guard var entry = files[identity] else { return }
                entry.holders -= 1
                files[identity] = entry.holders > 0 ? entry : nil
            }
        }
    }
}

/// A system call's failure: its error number (`SystemError.text` says it in words).
public struct SystemFailure: Error, Sendable, Equatable {
    public var errno: Int32

    public init(errno: Int32) { self.errno = errno }
}
