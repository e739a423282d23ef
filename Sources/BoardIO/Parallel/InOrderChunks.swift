import Dispatch

/// Makes the output for `count` items in chunks, four chunks per worker (`Parallelism`) at
/// a time, and hands the chunks to `take` in order, on the calling thread.
///
/// Writers use it for their per-card and per-event lines, which depend on nothing but the
/// item: a million cards format in about half the time on two cores, and `take` (appending
/// to the output file) stays in one place and in order. Chunk boundaries depend on `size`
/// only, never on the number of workers, so the output is the same bytes on any machine.
/// `make` runs on several threads at once, so it may only read what it shares (the board,
/// a layout) and must build its result in its own buffer.
public func inOrderChunks<Part>(count: Int, size: Int = 2048, make: (Range<Int>) -> Part,
                                take: (Part) -> Void) {
    let workers = Parallelism.workers
    guard count > size, workers > 1 else {
        var start = 0
        while start < count {
            let end = min(start + size, count)
            take(make(start..<end))
            ProgressMeter.active.advance(by: end - start)
            start = end
        }
        return
    }
    // Four chunks a worker each round: one slower chunk then leaves the other workers idle
    // for a quarter of a round, not a whole one.
    let perRound = workers * 4
    let slots = UnsafeMutableBufferPointer<Part?>.allocate(capacity: perRound)
    slots.initialize(repeating: nil)
    defer {
        _ = slots.deinitialize()
        slots.deallocate()
    }
    var start = 0
    while start < count {
        // Up to `perRound` chunks from `start`; the last round may have fewer.
        let round = min(perRound, (count - start + size - 1) / size)
        let first = start
        if round == 1 {
            take(make(first..<min(first + size, count)))
            ProgressMeter.active.advance(by: min(first + size, count) - first)
            break
        }
        // Each iteration writes only its own slot, and concurrentPerform returns after all
        // of them: the slots and `make` (which only reads) may cross threads, unchecked.
        withoutActuallyEscaping(make) { make in
            let shared = UncheckedBox((slots, make))
            DispatchQueue.concurrentPerform(iterations: round) { k in
                let (slots, make) = shared.value
                let lower = first + k * size
                slots[k] = make(lower..<min(lower + size, count))
            }
        }
        for k in 0..<round { take(slots[k].take()!) }
        ProgressMeter.active.advance(by: min(first + round * size, count) - first)
        start = min(first + round * size, count)
    }
}
