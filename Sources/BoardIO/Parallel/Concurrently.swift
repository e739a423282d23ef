import Dispatch

/// Runs two independent computations and returns both results: at the same time, one of
/// them on another core, when there is more than one worker (`Parallelism`); one after the
/// other otherwise. Both may only read what they share (the validator's card and event
/// checks, the report's two groups of sections), so they need no locks.
public func concurrently<A: Sendable, B: Sendable>(_ a: @Sendable () -> A, _ b: @Sendable () -> B) -> (A, B) {
    guard Parallelism.workers > 1 else { return (a(), b()) }
    let first = ResultSlot<A>(), second = ResultSlot<B>()
    DispatchQueue.concurrentPerform(iterations: 2) { k in
        if k == 0 { first.value = a() } else { second.value = b() }
    }
    // concurrentPerform returns only after both iterations ran, so both slots are filled.
    return (first.value!, second.value!)
}

/// Where one iteration leaves its result. Each slot is written by exactly one iteration and
/// read only after concurrentPerform has returned, which orders the accesses.
private final class ResultSlot<T>: @unchecked Sendable {
    var value: T?
}
