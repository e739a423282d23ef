#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How many threads the ordered-parallel helpers (`concurrently`, `inOrderChunks`,
/// `pipelined`, `runAtOnce`) use: the machine's active cores, or what a caller set for the
/// work it runs (a test that compares one worker's output with several workers').
///
/// With one worker every helper runs its work in order on the calling thread, so a
/// one-core machine pays no thread hand-offs and the result is the same bytes.
public enum Parallelism {
    /// The cores this process may run on (at least 1).
    public static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Set by `withWorkers` for the work it runs (a task-local, so concurrent tests do not
    /// see each other's setting).
    @TaskLocal static var chosen: Int?

    /// The number of threads the helpers use now.
    public static var workers: Int { chosen ?? cores }

    /// Runs `body` with the helpers using `count` threads (at least 1).
    public static func withWorkers<T>(_ count: Int, _ body: () throws -> T) rethrows -> T {
        try $chosen.withValue(max(1, count)) { try body() }
    }
}
