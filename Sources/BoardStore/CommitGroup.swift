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
/// (a write that fails leaves nothing and its caller gets the error, the others commit), and
/// every caller hears back only once the transaction holding its write has committed, so
/// an answer still means "on disk". Nothing waits on purpose: a group is whatever queued while
/// the previous one was committing, so a lone write commits at once.
///
/// A group runs together (`GroupRun`): no write waits for the one before it, and a step
/// decides from what the steps before it wrote, so a group is two round trips to PostgreSQL
/// whatever its size. When one of several writes fails other than by a refusal, the group is
/// run again a write at a time, each in a savepoint and waiting for its own answers, so that
/// the failure stays its write's.
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

    /// How a group's writes reach the store: one write transaction (`StoreEngine.write(_:answered:)`),
    /// and whether a failure surely left it uncommitted (`StoreEngine.leftUncommitted`).
    struct Transaction: Sendable {
        let run: @Sendable (_ body: (any SQLConnection) throws -> Void, _ answered: () throws -> Void) throws -> Void
        let leftUncommitted: @Sendable (any Error) -> Bool
    }

    private let queue = Mutex(Queue())
    private let committer = DispatchQueue(label: "boardkit.commit-group")
    /// The most writes one transaction takes: 1 commits each alone (`CommitMode.each`).
    private let limit: Int
    /// What the last group that committed left for the next step to start from.
    private let remembered = Mutex<RememberedStart?>(nil)

    init(limit: Int = .max) {
        self.limit = limit
    }

    /// Runs `write` in a write transaction shared with the writes queued beside it, and
    /// returns once that transaction has committed.
    func run<T>(_ write: GroupWrite<T>, transaction: Transaction) async throws -> T {
        let value = Kept<T>()
        try await withCheckedThrowingContinuation { (resumed: CheckedContinuation<Void, any Error>) in
            submit(write.keeping(in: value), transaction: transaction) { resumed.resume(with: $0) }
        }
        return try value.taken()
    }

    /// The same, blocking the calling thread until the commit.
    func run<T>(_ write: GroupWrite<T>, transaction: Transaction) throws -> T {
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
    private func submit(_ write: GroupWrite<Void>, transaction: Transaction,
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

    /// Commits `group` in one transaction: every write's outcome.
    private func commit(_ group: [Job], _ transaction: Transaction) -> [Result<Void, any Error>] {
        switch together(group.map(\.write), transaction) {
        case .ran(let outcomes): outcomes
        case .failed(_, let again) where again && group.count > 1: commitOneByOne(group, transaction)
        case .failed(let error, _): group.map { _ in .failure(error) }
        }
    }

    /// `write` in a transaction of its own, on the calling thread (`CommitMode.each`).
    func runAlone<T>(_ write: GroupWrite<T>, transaction: Transaction) throws -> T {
        let value = Kept<T>()
        switch together([write.keeping(in: value)], transaction) {
        case .ran(let outcomes): try outcomes.first?.get()
        case .failed(let error, _): throw error
        }
        return try value.taken()
    }

    /// What a transaction of writes run together came to.
    private enum TogetherOutcome {
        /// Committed: each write's outcome (a refusal is its own).
        case ran([Result<Void, any Error>])
        /// Not committed; `again` when surely so, and before it committed, so that the writes
        /// can be run again.
        case failed(any Error, again: Bool)
    }

    /// The writes in one run (`GroupRun`): none waits for the one before it, and the steps'
    /// events come back with the COMMIT. Of several, one refused (a decision from what it
    /// read, `StoreError.isRefusal`) leaves nothing (a step writes nothing it refuses;
    /// another write is rolled back to its savepoint); any other failure fails them all,
    /// since it may have come back with another write's statements.
    private func together(_ writes: [GroupWrite<Void>], _ transaction: Transaction) -> TogetherOutcome {
        var outcomes: [Result<Void, any Error>] = []
        var run: GroupRun?
        var committing = false
        // Past the COMMIT on PostgreSQL (`StoreEngine.write(_:answered:)`): a failure then may
        // follow a commit, and running the writes again would make them twice.
        var delivering = false
        let remembered = self.remembered.withLock { known in
            defer { known = nil }
            return known
        }
        do {
            try transaction.run({ db in
                let group = GroupRun(db, remembering: remembered)
                run = group
                try group.askAhead(for: writes.map(\.reach))
                for write in writes {
                    guard writes.count > 1 else {
                        try write.body(db, group)
                        outcomes.append(.success(()))
                        break
                    }
                    // A step refused wrote nothing (`ChangeLog.apply`); another write may have.
                    let savepoint = !write.reach.isStep
                    if savepoint { try db.execute("SAVEPOINT groupwrite") }
                    let kept = group.kept()
                    do {
                        try write.body(db, group)
                        if savepoint { try db.execute("RELEASE groupwrite") }
                        outcomes.append(.success(()))
                    } catch let refusal as StoreError where refusal.isRefusal {
                        group.restore(kept)
                        if savepoint {
                            try db.execute("ROLLBACK TO groupwrite")
                            try db.execute("RELEASE groupwrite")
                        }
                        outcomes.append(.failure(refusal))
                    }
                    if case .anything = write.reach { group.forget() }
                    try db.flush()
                }
                try group.finish()
                committing = true
            }, {
                delivering = true
                try run?.deliver()
            })
        } catch {
            return .failed(error, again: !delivering && (!committing || transaction.leftUncommitted(error)))
        }
        self.remembered.withLock { $0 = run?.leftStart }
        return .ran(outcomes)
    }

    /// The group with each write waiting for its own answers before the next starts, so
    /// that a failure is its write's alone: rolled back to its savepoint, the others kept.
    private func commitOneByOne(_ group: [Job], _ transaction: Transaction) -> [Result<Void, any Error>] {
        var outcomes: [Result<Void, any Error>] = []
        do {
            try transaction.run({ db in
                for job in group {
                    try db.execute("SAVEPOINT groupwrite")
                    do {
                        try job.write.run(db)
                        try db.waitForAnswers()
                        try db.execute("RELEASE groupwrite")
                        outcomes.append(.success(()))
                    } catch {
                        outcomes.append(.failure(error))
                        // A failure the engine ended the transaction for fails the whole group.
                        guard db.isInsideTransaction else { throw error }
                        try db.execute("ROLLBACK TO groupwrite")
                        try db.execute("RELEASE groupwrite")
                    }
                }
            }, {})
        } catch {
            return group.map { _ in .failure(error) }
        }
        return outcomes
    }
}

/// One write of a group: what it may change (`WriteReach`) and the write itself.
struct GroupWrite<T> {
    var reach: WriteReach
    var body: (any SQLConnection, GroupRun) throws -> T

    init(_ reach: WriteReach, _ body: @escaping (any SQLConnection, GroupRun) throws -> T) {
        self.reach = reach
        self.body = body
    }

    /// A write that is no step.
    init(_ body: @escaping (any SQLConnection) throws -> T) {
        self.init(.anything) { db, _ in try body(db) }
    }

    /// The write in a run of its own: its first reads asked for, the write, its events read.
    func run(_ db: any SQLConnection) throws -> T {
        let run = GroupRun(db)
        try run.askAhead(for: [reach])
        let value = try body(db, run)
        try run.finish()
        try run.deliver()
        return value
    }

    /// The same write, its value kept in `value` for its caller to take after the commit.
    fileprivate func keeping(in value: Kept<T>) -> GroupWrite<Void> {
        let body = self.body
        return GroupWrite<Void>(reach) { db, run in value.value = try body(db, run) }
    }
}

/// What a write of a group may change, which says what the writes after it can still know
/// of the board (`GroupRun`).
enum WriteReach {
    /// A step (`ChangeLog.apply`): cards only. It reads the card `reading` by id (nil:
    /// none it can name before it runs), asked for with the group's first reads.
    case step(reading: String?)
    /// Anything (an undo, a sync, a migration): the writes after it read the board anew.
    case anything

    var isStep: Bool {
        if case .step = self { true } else { false }
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
