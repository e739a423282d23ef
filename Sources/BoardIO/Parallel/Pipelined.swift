import Dispatch

/// Makes the parts for `count` items in chunks on a second thread, one chunk ahead, while the
/// calling thread takes the finished ones in order; with one worker (`Parallelism`), makes
/// and takes each chunk in turn on the calling thread (the same chunks, in the same order).
///
/// Unlike `inOrderChunks` (whose calling thread makes chunks too while it waits), the
/// calling thread only takes, and at most two chunks are made ahead: for a consumer that
/// cannot be split and is the slower side, such as inserting rows into one SQLite database,
/// the encoding costs nothing on the critical path. `make` runs on another
/// thread, so it may only read what it shares and must build its result in its own buffer.
/// When `take` throws, no further chunk is taken and the error is rethrown after the maker
/// stops.
public func pipelined<Part>(count: Int, size: Int = 4096, make: (Range<Int>) -> Part,
                            take: (Part) throws -> Void) rethrows {
    guard count > size, Parallelism.workers > 1 else {
        var start = 0
        while start < count {
            let end = min(start + size, count)
            try take(make(start..<end))
            ProgressMeter.active.advance(by: end - start)
            start = end
        }
        return
    }
    let chunks = stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    try withoutActuallyEscaping(make) { make in
        let pipe = TwoSlotPipe(chunks: chunks, make: make)
        // The maker writes a slot only between `emptied` and `filled`, the taker reads it only
        // between `filled` and `emptied`: the semaphores order every access, unchecked.
        let shared = UncheckedBox(pipe)
        DispatchQueue.global(qos: .userInitiated).async { shared.value.runMaker() }
        defer { pipe.stopMaker() }
        for k in chunks.indices {
            try take(pipe.next(k))
            ProgressMeter.active.advance(by: chunks[k].count)
        }
    }
}

/// The two slots between the maker and the taker of `pipelined`, and their semaphores.
private final class TwoSlotPipe<Part> {
    let chunks: [Range<Int>]
    /// Let go once the maker is done: `make` must not outlive `pipelined` (the maker thread
    /// may release the pipe a moment after it signals `done`).
    var make: ((Range<Int>) -> Part)?
    /// Raw memory rather than an array: the two threads write different slots at once, which
    /// an array's copy-on-write check would turn into a race on the array itself.
    let slots = UnsafeMutablePointer<Part?>.allocate(capacity: 2)
    let filled = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    /// Made at 0 and signalled once: libdispatch traps when a semaphore is freed below the
    /// value it was made with, which the extra signals of `stopMaker` would otherwise risk.
    let emptied = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
    let done = DispatchSemaphore(value: 0)
    let lock = DispatchSemaphore(value: 1)
    var stopped = false

    init(chunks: [Range<Int>], make: @escaping (Range<Int>) -> Part) {
        self.chunks = chunks
        self.make = make
        slots.initialize(repeating: nil, count: 2)
        emptied[0].signal()
        emptied[1].signal()
    }

    deinit {
        slots.deinitialize(count: 2)
        slots.deallocate()
    }

    /// On the second thread: makes every chunk into the slot it takes turns with.
    func runMaker() {
        for (k, range) in chunks.enumerated() {
            emptied[k % 2].wait()
            if isStopped { break }
            slots[k % 2] = make?(range)
            filled[k % 2].signal()
        }
        done.signal()
    }

    /// On the calling thread: chunk `k`, once made.
    func next(_ k: Int) -> Part {
        filled[k % 2].wait()
        let part = slots[k % 2].take()!
        emptied[k % 2].signal()
        return part
    }

    /// Ends the maker (after the last chunk, or early when the taker failed) and waits for it.
    func stopMaker() {
        lock.wait()
        stopped = true
        lock.signal()
        // A maker waiting for an empty slot wakes, sees the flag and ends.
        emptied[0].signal()
        emptied[1].signal()
        done.wait()
        make = nil
    }

    private var isStopped: Bool {
        lock.wait()
        defer { lock.signal() }
        return stopped
    }
}
