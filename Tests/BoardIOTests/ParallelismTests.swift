import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import BoardIO

/// The helpers give the same result with one worker (each chunk made and taken in turn on
/// the calling thread) as with several; only the speed differs.
@Suite("Ordered-parallel helpers, one worker or several")
struct ParallelismTests {
    @Test("the machine's cores are counted, and a caller can choose the workers")
    func workers() {
        #expect(Parallelism.cores >= 1)
        #expect(Parallelism.withWorkers(1) { Parallelism.workers } == 1)
        #expect(Parallelism.withWorkers(5) { Parallelism.workers } == 5)
        #expect(Parallelism.withWorkers(0) { Parallelism.workers } == 1)
    }

    @Test("inOrderChunks: one worker and several make the same chunks, in order",
          arguments: [1, 2, 3, 8])
    func chunks(workers: Int) {
        func run(_ n: Int) -> [[Int]] {
            var taken: [[Int]] = []
            Parallelism.withWorkers(n) {
                inOrderChunks(count: 1_000, size: 64, make: { range in range.map { $0 * $0 } }, take: { taken.append($0) })
            }
            return taken
        }
        let one = run(1)
        #expect(one.flatMap { $0 } == (0..<1_000).map { $0 * $0 })
        #expect(run(workers) == one)
    }

    /// Whether libdispatch lends other threads is its own business (on a loaded machine the
    /// calling thread may make every chunk itself), so what is checked is the bound: no chunk
    /// is started before the one four chunks a worker earlier has been taken (what is made
    /// and not yet taken stays small); with one worker, each chunk is taken as it is made.
    /// (A helper the pool starts only after the call has returned must do nothing: the
    /// full test run, which keeps the pool busy, exercises that.)
    @Test("inOrderChunks makes at most four chunks a worker ahead of the taking")
    func chunksAhead() {
        func log(workers: Int) -> [String] {
            let events = EventLog()
            Parallelism.withWorkers(workers) {
                inOrderChunks(count: 64 * 40, size: 64, make: { range in events.add("make \(range.lowerBound / 64)"); return range.lowerBound / 64 },
                              take: { events.add("take \($0)") })
            }
            return events.all
        }
        for workers in [2, 3] {
            var ahead = 0, most = 0
            for event in log(workers: workers) {
                ahead += event.hasPrefix("make") ? 1 : -1
                most = max(most, ahead)
            }
            #expect(most <= workers * 4)
        }
        #expect(log(workers: 1) == (0..<40).flatMap { ["make \($0)", "take \($0)"] })
    }

    /// Chunks that take very different times, and a slow taker: the order must hold and
    /// nothing may hang, whichever thread makes what.
    @Test("inOrderChunks keeps the order with uneven chunks and a slow taker", arguments: [2, 3, 8])
    func unevenChunks(workers: Int) {
        for round in 0..<20 {
            var taken: [Int] = []
            Parallelism.withWorkers(workers) {
                inOrderChunks(count: 700, size: 7, make: { range in
                    if (range.lowerBound / 7 + round) % 5 == 0 { usleep(UInt32(200 * (range.lowerBound % 3))) }
                    return Array(range)
                }, take: { part in
                    if part[0] % 11 == 0 { usleep(100) }
                    taken += part
                })
            }
            #expect(taken == Array(0..<700))
        }
    }

    @Test("pipelined: one worker and several take the same chunks, in order", arguments: [1, 2, 4])
    func pipelines(workers: Int) {
        var taken: [Range<Int>] = []
        Parallelism.withWorkers(workers) {
            pipelined(count: 1_000, size: 64, make: { $0 }, take: { taken.append($0) })
        }
        #expect(taken.flatMap { Array($0) } == Array(0..<1_000))
        #expect(taken.allSatisfy { $0.count <= 64 && !$0.isEmpty })
    }

    @Test("concurrently and runAtOnce give every result, one worker or several", arguments: [1, 2, 4])
    func both(workers: Int) {
        let (a, b) = Parallelism.withWorkers(workers) { concurrently({ (0..<100).reduce(0, +) }, { "b" }) }
        #expect(a == 4_950 && b == "b")
        let results = ResultArray(count: 5)
        Parallelism.withWorkers(workers) {
            runAtOnce((0..<5).map { k in { results.set(k, k * 10) } })
        }
        #expect(results.values == [0, 10, 20, 30, 40])
    }
}
