#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BoardIO
import Foundation

/// One sync of a store at a time: two at once would each push what the other is pushing and
/// count the other's 412s as their own. The lock is an flock(2) on a hidden file beside the
/// store (`.team.db.sync-lock`, kept), never on the store's file (see HeldFiles), and goes
/// with the process however it ends, so a killed sync leaves nothing to clear.
final class SyncLock {
    private let fd: Int32

    private init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// The lock of `store`'s syncs, or `alreadyRunning` when another process holds it.
    static func take(for store: String) throws(SyncError) -> SyncLock {
        let path = lockPath(for: store)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .store(.database(path: path, message: SystemError.text(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(fd)
            if failure == EWOULDBLOCK { throw .alreadyRunning(store: store) }
            throw .store(.database(path: path, message: SystemError.text(failure)))
        }
        return SyncLock(fd: fd)
    }

    static func lockPath(for store: String) -> String {
        let url = URL(fileURLWithPath: store)
        return url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".sync-lock").path
    }
}
