import Foundation
import GRDB
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
/// and every caller returns only once the transaction holding its write has committed, so an
/// answer still means "on disk". Nothing waits on purpose: a group is whoever queued while the
/// previous one was committing, so a lone writer commits at once.
///
/// Leader and followers: the first writer to find no group running leads. It takes every
/// write queued so far (its own among them), commits them, wakes their callers, and hands the
/// lead to the first write queued meanwhile, if any, rather than staying on to serve it: its
/// own caller is not kept waiting behind others'.
final class CommitGroup: Sendable {
    /// One caller's write and, once its group committed, its outcome.
    private final class Job: @unchecked Sendable {
        // `outcome` (and what `body` keeps for its caller) is written by the leader before
        // `wake` is signalled, and read by the caller after: the semaphore orders the two.
        let body: (Database) throws -> Void
        var outcome: Result<Void, any Error>?
        /// Signalled once: with an outcome (done) or without (lead the next group).
        let wake = DispatchSemaphore(value: 0)

        init(_ body: @escaping (Database) throws -> Void) { self.body = body }
    }

    private struct Queue {
        var waiting: [Job] = []
        var leading = false
    }

    private let queue = Mutex(Queue())

    /// Runs `body` in a write transaction shared with the writes queued beside it.
    /// `transaction` runs one group's writes: BEGIN, the given closure, COMMIT.
    func run<T>(_ body: @escaping (Database) throws -> T,
                transaction: (_ group: (Database) throws -> Void) throws -> Void) throws -> T {
        var value: T?
        let job = Job { db in value = try body(db) }
        let leads = queue.withLock { q -> Bool in
            q.waiting.append(job)
            if q.leading { return false }
            q.leading = true
            return true
        }
        if !leads { job.wake.wait() }
        if job.outcome == nil {
            // Leading: take every write queued now, this one first among them.
            let group = queue.withLock { q -> [Job] in
                defer { q.waiting.removeAll() }
                return q.waiting
            }
            commit(group, transaction: transaction)
            for other in group where other !== job { other.wake.signal() }
            // Hand the lead on, or give it up when nobody is waiting.
            let next = queue.withLock { q -> Job? in
                guard let first = q.waiting.first else {
                    q.leading = false
                    return nil
                }
                return first
            }
            next?.wake.signal()
        }
        try job.outcome?.get()
        guard let value else { throw CommitGroupError.notCommitted }
        return value
    }

    /// Commits `group` in one transaction, each write in a savepoint; sets every outcome.
    private func commit(_ group: [Job], transaction: ((Database) throws -> Void) throws -> Void) {
        var results: [Result<Void, any Error>] = []
        do {
            try transaction { db in
                for job in group {
                    try db.execute(cached: "SAVEPOINT groupwrite")
                    do {
                        results.append(.success(try job.body(db)))
                        try db.execute(cached: "RELEASE groupwrite")
                    } catch {
                        results.append(.failure(error))
                        // A failure SQLite ended the transaction for fails the whole group.
                        guard db.isInsideTransaction else { throw error }
                        try db.execute(cached: "ROLLBACK TO groupwrite")
                        try db.execute(cached: "RELEASE groupwrite")
                    }
                }
            }
        } catch {
            // Not committed: no write of the group is on disk, whatever its body returned.
            for job in group { job.outcome = .failure(error) }
            return
        }
        for (job, result) in zip(group, results) { job.outcome = result }
    }
}

/// A write whose group ended without saying how (cannot happen: every job of a group gets an
/// outcome before it is woken).
private enum CommitGroupError: Error {
    case notCommitted
}
