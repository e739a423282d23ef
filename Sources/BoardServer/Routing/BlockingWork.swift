import NIOPosix

/// Where a request's synchronous work runs: reading the store (which waits on a disk, a
/// database server, or a lock another process holds) and building a page from it.
///
/// Swift's cooperative pool has a thread per core, and the continuations of every request
/// and every commit resume on them: a few requests blocked in a read there would stall the
/// whole server. So reads run on NIO's blocking-work threads instead, as Hummingbird's file
/// middleware reads files.
enum BlockingWork {
    /// `body`'s result, run on a blocking-work thread (here, when that pool is shut down).
    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        do {
            return try await NIOThreadPool.singleton.runIfActive(body)
        } catch {
            return body()
        }
    }
}
