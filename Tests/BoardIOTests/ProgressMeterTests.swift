import Testing
import BoardIO

/// What the progress bar is told (#18): the building blocks report, the meter keeps the
/// phase, its total and how far it has got.
@Suite struct ProgressMeterTests {
    @Test func writersCountTheirChunks() {
        let meter = ProgressMeter()
        meter.start(.writing, total: 10_000)
        ProgressMeter.$active.withValue(meter) {
            Parallelism.withWorkers(2) {
                inOrderChunks(count: 10_000, size: 512, make: { $0.count }, take: { _ in
                    // Never past the total.
                    #expect((meter.reading?.done ?? 0) <= 10_000)
                })
            }
        }
        #expect(meter.reading?.phase == .writing && meter.reading?.done == 10_000 && meter.reading?.total == 10_000)
        meter.stop()
        #expect(meter.reading == nil)
    }

    @Test func readsFollowTheFurthestPositionAndStopAtTheTotal() {
        let meter = ProgressMeter()
        meter.start(.reading, total: 1000)
        meter.reached(400)
        meter.reached(300)   // a second reader behind the first
        #expect(meter.reading?.done == 400)
        #expect(meter.reading?.fraction == 0.4)
        meter.reached(5000)
        #expect(meter.reading?.done == 1000)
        meter.advance(by: 10)
        #expect(meter.reading?.done == 1000)
        meter.stop()
        meter.reached(10)     // nothing under way: ignored
        #expect(meter.reading == nil)
    }
}
