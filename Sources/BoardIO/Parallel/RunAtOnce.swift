import Dispatch

/// Runs the jobs at the same time, as many at once as there are workers (`Parallelism`),
/// and returns when all are done; with one worker, runs them in order on the calling thread.
///
/// Not checked by the compiler: each caller guarantees that no two of its jobs touch the same
/// mutable thing. The XLSX writer's jobs each write their own worksheets through their own
/// `CellWriter`; the reader's two read through their own handles on the package into their
/// own tallies and results.
public func runAtOnce(_ jobs: [() -> Void]) {
    guard Parallelism.workers > 1, jobs.count > 1 else {
        for job in jobs { job() }
        return
    }
    let work = UncheckedBox(jobs)
    // concurrentPerform spreads the iterations over the cores it has.
    DispatchQueue.concurrentPerform(iterations: jobs.count) { k in work.value[k]() }
}
