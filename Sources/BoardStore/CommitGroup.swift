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
        let write: GroupWrite<Void>
        let done: @Sendable (Result<Void, any Error>) -> Void

        init(_ write: GroupWrite<Void>, done: @escaping @Sendable (Result<Void, any Error>) -> Void) {
            self.write = write
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

    /// Runs `write` in a write transaction shared with the writes queued beside it, and
    /// returns once that transaction has committed.
    func run<T>(_ write: GroupWrite<T>, transaction: @escaping Transaction) async throws -> T {
        let value = Kept<T>()
        try await withCheckedThrowingContinuation { (resumed: CheckedContinuation<Void, any Error>) in
            submit(write.keeping(in: value), transaction: transaction) { resumed.resume(with: $0) }
        }
        return try value.taken()
    }

    /// The same, blocking the calling thread until the commit.
    func run<T>(_ write: GroupWrite<T>, transaction: @escaping Transaction) throws -> T {
        let value = Kept<T>()
        let outcome = Kept<Result<Void, any Error>>()
        let committed = DispatchSemaphore(value: 0)
        submit(write.keeping(in: value), transaction: transaction) { result in
            outcome.value = result
            committed.signal()
        }
        committed.wait()
        try outcome.taken().get()
        return try value.taken()
    }

    /// Queues a write; `done` is called once the transaction holding it ended.
    private func submit(_ write: GroupWrite<Void>, transaction: @escaping Transaction,
                        done: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        let starts = queue.withLock { q -> Bool in
            q.waiting.append(Job(write, done: done))
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
    ///
    /// A write sends the next one's first reads behind its own statements when it can
    /// (`NextWrite`); when it did not, or failed (what was read then saw its writes, or was
    /// never answered), the next write sends them itself as it starts.
    private func commit(_ group: [Job], _ transaction: Transaction) -> [Result<Void, any Error>] {
        var results: [Result<Void, any Error>] = []
        do {
            try transaction { db in
                var prepared = false
                for (k, job) in group.enumerated() {
                    try db.execute("SAVEPOINT groupwrite")
                    var handedOver = false
                    let next = group.indices.contains(k + 1) ? group[k + 1].write.prepare.map { prepare in
                        NextWrite { handedOver = (try? prepare(db)) != nil }
                    } : nil
                    do {
                        if !prepared { try job.write.prepare?(db) }
                        try job.write.body(db, next ?? .none)
                        // Its failure is its own, not the next write's (see `waitForAnswers`).
                        try db.waitForAnswers()
                        try db.execute("RELEASE groupwrite")
                        results.append(.success(()))
                        prepared = handedOver
                    } catch {
                        prepared = false
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

/// One write of a group: what it reads first, sent ahead when it can be (nil: nothing), and
/// the write itself, told of the write after it (`NextWrite`).
struct GroupWrite<T> {
    var prepare: ((any SQLConnection) throws -> Void)?
    var body: (any SQLConnection, NextWrite) throws -> T

    init(prepare: ((any SQLConnection) throws -> Void)? = nil, _ body: @escaping (any SQLConnection, NextWrite) throws -> T) {
        self.prepare = prepare
        self.body = body
    }

    /// A write that reads nothing ahead and leaves the next write to read for itself.
    init(_ body: @escaping (any SQLConnection) throws -> T) {
        self.init { db, _ in try body(db) }
    }

    /// The write alone in its transaction: its reads sent, then the write.
    func run(_ db: any SQLConnection) throws -> T {
        try prepare?(db)
        return try body(db, .none)
    }

    /// The same write, its value kept in `value` for its caller to take after the commit.
    fileprivate func keeping(in value: Kept<T>) -> GroupWrite<Void> {
        let body = self.body
        return GroupWrite<Void>(prepare: prepare) { db, next in value.value = try body(db, next) }
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
