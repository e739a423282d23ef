import Testing

@testable import BoardIO

@Suite("Chunks taken while the next ones are made")
struct OverlappedChunksTests {
    @Test("the same chunks as inOrderChunks, in order, with one worker or several",
          arguments: [0, 1, 7, 8, 9, 16, 17, 40, 41, 1_000])
    func sameChunksInOrder(count: Int) {
        var expected: [Range<Int>] = []
        inOrderChunks(count: count, size: 8, make: { $0 }, take: { expected.append($0) })
        for workers in [1, 2, 3] {
            var taken: [Range<Int>] = []
            Parallelism.withWorkers(workers) {
                overlappedChunks(count: count, size: 8, make: { $0 }, take: { taken.append($0) })
            }
            #expect(taken == expected, "\(workers) workers")
        }
    }

    @Test("take runs on the calling task: the progress meter bound there counts every item")
    func progressCountsEveryItem() {
        let meter = ProgressMeter()
        meter.start(.writing, total: 10_000)
        ProgressMeter.$active.withValue(meter) {
            Parallelism.withWorkers(2) {
                overlappedChunks(count: 10_000, size: 512, make: { $0.count }, take: { _ in
                    #expect(ProgressMeter.active === meter)
                })
            }
        }
        #expect(meter.reading?.done == 10_000)
        meter.stop()
    }
}
