import Foundation
import Synchronization

/// Temporary files a run is writing, removed if the run is stopped by SIGINT, SIGTERM or
/// SIGHUP, so that Ctrl-C does not leave a hidden half-written file of tens of MB beside an
/// output. (SIGKILL cannot be caught: its temporary file stays, and the target is untouched.)
///
/// The handler may only call async-signal-safe functions, so the paths are kept as C strings
/// in a fixed table and removed with unlink(2).
public enum TemporaryFiles {
    /// A fresh hidden name in `folder` for a file that will become `name` (beside its final
    /// place, so the rename stays on one file system and is atomic).
    public static func path(near folder: String, name: String) -> String {
        let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        return (folder as NSString).appendingPathComponent(".\(name).\(unique).tmp")
    }

    /// Runs `body` with a fresh temporary path in `folder`, removed when `body` is done (a
    /// rename into place has emptied it by then) or when a stop signal comes first.
    public static func using<T, E: Error>(near folder: String, name: String,
                                          _ body: (String) throws(E) -> T) throws(E) -> T {
        let temp = path(near: folder, name: name)
        let watch = register(temp)
        defer {
            try? FileManager.default.removeItem(atPath: temp)
            release(watch)
        }
        return try body(temp)
    }

    /// Puts the finished `temp` at `path` only when nothing is there: link(2), unlike
    /// rename(2), fails when the target exists, so a file made meanwhile (another `init`
    /// racing this one) is never replaced. Nil when placed, else the error number (EEXIST
    /// for a file there). `temp` itself is removed by `using` as always.
    public static func placeNew(_ temp: String, at path: String) -> Int32? {
        link(temp, path) == 0 ? nil : errno
    }

    /// Starts removing `path` on those signals; returns a handle for `release`.
    public static func register(_ path: String) -> Int {
        let copy = strdup(path)
        return changes.withLock { installed in
            if !installed {
                installHandlers()
                installed = true
            }
            for k in 0..<slotCount where slots[k] == nil {
                slots[k] = copy
                return k
            }
            free(copy)
            return -1
        }
    }

    /// Stops watching the path (it was renamed into place or removed).
    public static func release(_ handle: Int) {
        let p: UnsafeMutablePointer<CChar>? = changes.withLock { _ in
            guard (0..<slotCount).contains(handle) else { return nil }
            defer { slots[handle] = nil }
            return slots[handle]
        }
        free(p)
    }

    private static let slotCount = 8
    /// The table: its slots change only under `changes` (writes run on several threads at
    /// once, the server's among them), and are read without it by the signal handler, which
    /// may not lock. The table itself is made once and never replaced.
    nonisolated(unsafe) private static let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 8).initialized(count: 8)
    /// Held while the table changes; its value says whether the handlers are installed.
    private static let changes = Mutex(false)

    private static func installHandlers() {
        // Make the table before a handler can run: a lazy global's first use takes a lock,
        // which a handler may not (it could interrupt the thread making it).
        _ = slots
        // A parent may hand down these signals blocked (Foundation's Process does); then a
        // stop would wait, pending, until the output was complete.
        var set = sigset_t()
        sigemptyset(&set)
        for sig in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, sig) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { sig in
                for k in 0..<8 {
                    if let p = TemporaryFiles.slots[k] { unlink(p) }
                }
                // Then end as the signal would have: default action, raised again.
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }
}

private extension UnsafeMutablePointer where Pointee == UnsafeMutablePointer<CChar>? {
    func initialized(count: Int) -> Self {
        initialize(repeating: nil, count: count)
        return self
    }
}
