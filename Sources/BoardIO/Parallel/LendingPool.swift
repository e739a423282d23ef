import Synchronization

/// Values lent to the threads of a parallel job one at a time, and kept between the chunks
/// they work on: an `InterningCache` per worker that goes on recognising what the earlier
/// chunks made, instead of a fresh one per chunk that shares nothing across them.
///
/// `with` lends a spare value (or makes one) and takes it back when `body` returns, so no
/// two threads hold the same value at once: the values need not be thread-safe, which is
/// why the pool is `@unchecked Sendable`. As many values are made as threads borrowed at
/// the same time.
public final class LendingPool<Value>: @unchecked Sendable {
    /// The values no thread holds, guarded by `lock`.
    private var spare: [Value] = []
    private let lock = Mutex(())
    private let make: () -> Value

    /// A pool that makes a value with `make` when none is spare.
    public init(make: @escaping () -> Value) { self.make = make }

    /// Runs `body` with a value no other thread holds meanwhile.
    public func with<Result>(_ body: (Value) -> Result) -> Result {
        let value = lock.withLock { _ in spare.popLast() } ?? make()
        defer { lock.withLock { _ in spare.append(value) } }
        return body(value)
    }
}
