import Testing
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

@testable import BoardIO

@Suite("Chunks made on a second thread while the first takes them")
struct PipelinedTests {
    struct Stop: Error {}

    @Test("every item is made once and the chunks arrive in order",
          arguments: [0, 1, 7, 8, 9, 16, 17, 40, 41, 1000])
    func order(count: Int) {
        var taken: [Range<Int>] = []
        pipelined(count: count, size: 8, make: { $0 }, take: { taken.append($0) })
        #expect(taken.flatMap { Array($0) } == Array(0..<count))
        #expect(taken.allSatisfy { $0.count <= 8 && !$0.isEmpty })
    }

    @Test("a taker that throws stops the maker and gets its error back")
    func stops() {
        var taken = 0
        #expect(throws: Stop.self) {
            try pipelined(count: 10_000, size: 10, make: { Array($0) }, take: { _ in
                taken += 1
                if taken == 5 { throw Stop() }
            })
        }
        #expect(taken == 5)
    }

    @Test("making runs beside taking, not before it")
    func overlaps() {
        // The maker is a chunk ahead: while chunk k is taken, chunk k+1 is being (or has been) made.
        let made = ManagedCounter()
        var seenAhead = false
        pipelined(count: 64, size: 8, make: { range -> Range<Int> in made.add(); return range }, take: { range in
            usleep(2_000)
            if made.value > range.upperBound / 8 { seenAhead = true }
        })
        #expect(seenAhead)
    }
}

final class ManagedCounter: @unchecked Sendable {
    private var count = 0
    private let lock = NSLockLike()
    func add() { lock.locked { count += 1 } }
    var value: Int { lock.locked { count } }
}

/// A tiny lock for the test (no Foundation needed).
final class NSLockLike: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    func locked<T>(_ body: () -> T) -> T { semaphore.wait(); defer { semaphore.signal() }; return body() }
}
