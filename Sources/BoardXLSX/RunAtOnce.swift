import Dispatch

/// Runs the jobs at the same time, as many at once as there are cores (two here), and
/// returns when all are done.
///
/// Not checked by the compiler: each caller guarantees that no two of its jobs touch the same
/// mutable thing. The writer's jobs each write their own worksheets through their own
/// `CellWriter`; the reader's two read through their own handles on the package into their
/// own tallies and results.
func runAtOnce(_ jobs: [() -> Void]) {
    let work = UncheckedJobs(jobs)
    DispatchQueue.concurrentPerform(iterations: jobs.count) { k in work.jobs[k]() }
}

/// The jobs, handed to the other cores. Unchecked: see `runAtOnce`.
private final class UncheckedJobs: @unchecked Sendable {
    let jobs: [() -> Void]
    init(_ jobs: [() -> Void]) { self.jobs = jobs }
}
