import Foundation
import Synchronization

/// How a store's writes reach the disk.
public enum CommitMode: Sendable {
    /// Each write is its own transaction, with its own fsync: the terminal's one command.
    case each
    /// Writes that arrive while another is committing wait and commit together, in one
    /// transaction and one fsync, each in a savepoint of its own (`CommitGroup`): a server
    /// taking many requests at once.
    case grouped
}

/// Group commit, as PostgreSQL and TigerBeetle batch theirs: the writes that are waiting when
/// a transaction starts share it, and its one fsync. Every write is still one step of its own
/// (its own savepoint: a write that fails is rolled back alone and its caller gets the error),
/// and every caller hears back only once the transaction holding its write has committed, so
/// an answer still means "on disk". Nothing waits on purpose: a group is whatever queued while
/// the previous one was committing, so a lone write commits at once.
///
/// One committer: the first write to find the group idle starts it on a queue of its own,
/// where it commits group after group for as long as writes keep arriving. A caller waits
/// without holding a thread (`run(_:transaction:) async`, a server's request) or blocks its
/// own (the synchronous `run`); either way nobody hands work from thread to thread per write.
final class CommitGroup: Sendable {
    /// One caller's write and what to tell it once its group ended.
    private final class Job: @unchecked Sendable {
        // Called on the committer's queue only, one job after another.
        let body: (any SQLConnection) throws -> Void
        let done: @Sendable (Result<Void, any Error>) -> Void

        init(_ body: @escaping (any SQLConnection) throws -> Void, done: @escaping @Sendable (Result<Void, any Error>) -> Void) {
            self.body = body
            self.done = done
        }
    }

    private struct Queue {
        var waiting: [Job] = []
        var committing = false
    }

    /// Runs one group's writes: BEGIN, the given closure, COMMIT.
    typealias Transaction = @Sendable (_ group: (any SQLConnection) throws -> Void) throws -> Void

    private let queue = Mutex(Queue())
    private let committer = DispatchQueue(label: "boardkit.commit-group")
    /// The most writes one transaction takes: 1 commits each alone (`CommitMode.each`).
    private let limit: Int

    init(limit: Int = .max) {
        self.limit = limit
    }

    /// Runs `body` in a write transaction shared with the writes queued beside it, and
    /// returns once that transaction has committed.
    func run<T>(_ body: @escaping (any SQLConnection) throws -> T, transaction: @escaping Transaction) async throws -> T {
        let value = Kept<T>()
        try await withCheckedThrowingContinuation { (resumed: CheckedContinuation<Void, any Error>) in
            submit({ db in value.value = try body(db) }, transaction: transaction) { resumed.resume(with: $0) }
        }
        return try value.taken()
    }

    /// The same, blocking the calling thread until the commit.
    func run<T>(_ body: @escaping (any SQLConnection) throws -> T, transaction: @escaping Transaction) throws -> T {
        let value = Kept<T>()
        let outcome = Kept<Result<Void, any Error>>()
        let committed = DispatchSemaphore(value: 0)
        submit({ db in value.value = try body(db) }, transaction: transaction) { result in
            outcome.value = result
            committed.signal()
        }
        committed.wait()
        try outcome.taken().get()
        return try value.taken()
    }

    /// Queues a write; `done` is called once the transaction holding it ended.
    private func submit(_ body: @escaping (any SQLConnection) throws -> Void, transaction: @escaping Transaction,
                        done: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let starts = queue.withLock { q -> Bool in
            q.waiting.append(Job(body, done: done))
            if q.committing { return false }
            q.committing = true
            return true
        }
        if starts { committer.async { self.commitWhileWaiting(transaction) } }
    }

    /// Commits group after group until none is waiting.
    private func commitWhileWaiting(_ transaction: Transaction) {
        while true {
            let group = queue.withLock { q -> [Job] in
                if q.waiting.isEmpty { q.committing = false }
                let taken = Array(q.waiting.prefix(limit))
                q.waiting.removeFirst(taken.count)
                return taken
            }
            if group.isEmpty { return }
            for (job, outcome) in zip(group, commit(group, transaction)) { job.done(outcome) }
        }
    }

    /// Commits `group` in one transaction, each write in a savepoint: every write's outcome.
    private func commit(_ group: [Job], _ transaction: Transaction) -> [Result<Void, any Error>] {
        var results: [Result<Void, any Error>] = []
        do {
            try transaction { db in
                for job in group {
                    try db.execute("SAVEPOINT groupwrite")
                    do {
                        try job.body(db)
                        // Its failure is its own, not the next write's (see `waitForAnswers`).
                        try db.waitForAnswers()
                        try db.execute("RELEASE groupwrite")
                        results.append(.success(()))
                    } catch {
                        results.append(.failure(error))
                        // A failure the engine ended the transaction for fails the whole group.
                        guard db.isInsideTransaction else { throw error }
                        try db.execute("ROLLBACK TO groupwrite")
                        try db.execute("RELEASE groupwrite")
                    }
                }
            }
        } catch {
            // Not committed: no write of the group is on disk, whatever its body returned.
            return group.map { _ in .failure(error) }
        }
        return results
    }
}

/// A value a job's body sets on the committer's queue and its caller reads after hearing
/// back (the continuation or the semaphore orders the two).
private final class Kept<T>: @unchecked Sendable {
    var value: T?

    func taken() throws -> T {
        guard let value else { throw CommitGroupError.notCommitted }
        return value
    }
}

/// A write whose group ended without saying how (cannot happen: every job of a group gets an
/// outcome before its caller hears back).
private enum CommitGroupError: Error {
    case notCommitted
}
