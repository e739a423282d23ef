import Dispatch
import Synchronization
import Testing
@testable import BoardIO

@Suite struct LendingPoolTests {
    final class Counter { var value = 0 }

    /// Threads borrowing at once never hold the same value, and values are kept between
    /// borrowings (no more are made than were held at the same time).
    @Test func noTwoThreadsHoldTheSameValue() {
        let made = Mutex(0)
        let pool = LendingPool<Counter> {
            made.withLock { $0 += 1 }
            return Counter()
        }
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            pool.with { counter in
                // Unsynchronised on purpose: a value shared by two threads would lose counts.
                let before = counter.value
                for _ in 0..<100 { counter.value += 1 }
                #expect(counter.value == before + 100)
            }
        }
        let values = made.withLock { $0 }
        #expect(values >= 1)
        // 400 borrowings, but only as many values as threads ran at once (a few).
        #expect(values <= max(1, Parallelism.workers) * 4)
    }
}
