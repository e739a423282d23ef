import Dispatch

/// `inOrderChunks` for a consumer whose `take` is a good part of the work (a reader turning
/// parsed elements into a board): the calling thread takes one round of chunks, in order,
/// while the workers make the next round, instead of the workers waiting for every take.
///
/// The parts and their order are those of `inOrderChunks` (chunk boundaries depend on
/// `size` only). `take` runs while `make` runs on other threads, so `take` must not change
/// anything `make` reads; it always runs on the calling thread (where the task-local
/// progress meter is).
public func overlappedChunks<Part>(count: Int, size: Int = 2048, make: (Range<Int>) -> Part,
                                   take: (Part) -> Void) {
    let workers = Parallelism.workers
    guard count > size, workers > 1 else {
        inOrderChunks(count: count, size: size, make: make, take: take)
        return
    }
    withoutActuallyEscaping(make) { make in
        // The next round is made on a queue's thread; the box lets go of `make` when done, so
        // nothing holds it once this function returns.
        let maker = MakerBox(make)
        let done = DispatchSemaphore(value: 0)
        var taking = makeRound(from: 0, count: count, size: size, workers: workers, maker)
        // Items of the round being taken start at `first` and end at `next`.
        var first = 0
        var next = min(taking.count * size, count)
        while !taking.isEmpty {
            var coming: [Part] = []
            if next < count {
                let result = ResultBox<[Part]>()
                let from = next
                DispatchQueue.global().async {
                    result.value = makeRound(from: from, count: count, size: size, workers: workers, maker)
                    done.signal()
                }
                for part in taking { take(part) }
                done.wait()
                coming = result.value ?? []
            } else {
                for part in taking { take(part) }
            }
            ProgressMeter.active.advance(by: next - first)
            taking = coming
            first = next
            next = min(next + coming.count * size, count)
        }
        maker.make = nil
    }
}

/// Up to `workers` chunks from `start`, made at once.
private func makeRound<Part>(from start: Int, count: Int, size: Int, workers: Int,
                             _ maker: MakerBox<Part>) -> [Part] {
    let round = min(workers, (count - start + size - 1) / size)
    guard round > 0, let make = maker.make else { return [] }
    let slots = UnsafeMutableBufferPointer<Part?>.allocate(capacity: round)
    slots.initialize(repeating: nil)
    defer {
        _ = slots.deinitialize()
        slots.deallocate()
    }
    // Each iteration writes only its own slot, and concurrentPerform returns after all of
    // them: the slots and `make` (which only reads) may cross threads, unchecked.
    let shared = UncheckedBox((slots, make))
    DispatchQueue.concurrentPerform(iterations: round) { k in
        let (slots, make) = shared.value
        let lower = start + k * size
        slots[k] = make(lower..<min(lower + size, count))
    }
    return slots.map { $0! }
}

/// `make`, shared with the thread that makes the next round (it only reads the caller's data).
private final class MakerBox<Part>: @unchecked Sendable {
    var make: ((Range<Int>) -> Part)?
    init(_ make: @escaping (Range<Int>) -> Part) { self.make = make }
}

/// A round made on another thread; read after the semaphore says it is there.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
