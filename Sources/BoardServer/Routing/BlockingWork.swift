import NIOPosix

/// Where a request's synchronous work runs: reading the store (which waits on a disk, a
/// database server, or a lock another process holds) and building a page from it.
///
/// Swift's cooperative pool has a thread per core, and the continuations of every request
/// and every commit resume on them: a few requests blocked in a read there would stall the
/// whole server. So reads run on threads of their own instead, as Hummingbird's file
/// middleware reads files: more of them than cores, since most of their time is waiting.
enum BlockingWork {
    /// The threads, started on first use and kept for the life of the process.
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
        return pool
    }()

    /// Enough for reads of many boards at once beside a few slow ones.
    static let threads = 16

    /// `body`'s result, run on a blocking-work thread.
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        do {
            return try await pool.runIfActive(body)
        } catch {
            // Never shut down; kept total all the same.
            return body()
        }
    }
}
