import Testing
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

    /// Whether libdispatch lends other threads is its own business (on a loaded machine it
    /// may run a round on the calling thread alone), so what is checked is the path taken:
    /// with several workers a whole round of chunks is made before the first of them is
    /// taken; with one, each chunk is taken as soon as it is made.
    @Test("inOrderChunks makes a round of chunks at once when there are several workers")
    func chunksInRounds() {
        func log(workers: Int) -> [String] {
            let events = EventLog()
            Parallelism.withWorkers(workers) {
                inOrderChunks(count: 64 * 16, size: 64, make: { range in events.add("make \(range.lowerBound / 64)"); return range.lowerBound / 64 },
                              take: { events.add("take \($0)") })
            }
            return events.all
        }
        // Two workers: rounds of eight chunks (four a worker), all made before any is taken.
        let two = log(workers: 2)
        #expect(Set(two.prefix(8)) == Set((0..<8).map { "make \($0)" }))
        #expect(Array(two.dropFirst(8).prefix(8)) == (0..<8).map { "take \($0)" })
        #expect(log(workers: 1) == (0..<16).flatMap { ["make \($0)", "take \($0)"] })
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
