import Dispatch
import Synchronization

/// Makes the output for `count` items in chunks on every worker (`Parallelism`) and hands
/// the chunks to `take` in order, on the calling thread.
///
/// Writers use it for their per-card and per-event lines, which depend on nothing but the
/// item: a million cards format in about half the time on two cores, and `take` (appending
/// to the output file) stays in one place and in order. Chunk boundaries depend on `size`
/// only, never on the number of workers, so the output is the same bytes on any machine.
/// `make` runs on several threads at once, so it may only read what it shares (the board,
/// a layout) and must build its result in its own buffer.
///
/// There are no rounds: the other workers make chunks one after another, up to four per
/// worker ahead of the one to be taken, while the calling thread takes each as it is ready,
/// and makes the next chunk itself while it waits. So neither a slow chunk nor the taking
/// leaves a core idle.
public func inOrderChunks<Part>(count: Int, size: Int = 2048, make: (Range<Int>) -> Part,
                                take: (Part) -> Void) {
    let workers = Parallelism.workers
    let chunks = (count + size - 1) / size
    func range(_ k: Int) -> Range<Int> { k * size..<min(k * size + size, count) }
    guard chunks > 1, workers > 1 else {
        for k in 0..<chunks {
            take(make(range(k)))
            ProgressMeter.active.advance(by: range(k).count)
        }
        return
    }
    withoutActuallyEscaping(make) { make in
        let line = ChunkLine<Part>(chunks: chunks, window: workers * 4) { make(range($0)) }
        // The line's semaphores order every access to its slots: unchecked.
        let shared = UncheckedBox(line)
        for _ in 1..<workers {
            DispatchQueue.global(qos: .userInitiated).async { shared.value.work() }
        }
        for k in 0..<chunks {
            line.take(k, with: take)
            ProgressMeter.active.advance(by: range(k).count)
        }
        line.close()
    }
}

/// The chunks of one `inOrderChunks` call between the workers that make them and the
/// calling thread that takes them: a ring of `window` slots, chunk k in slot k % window.
///
/// Chunk k is started only once chunk k - window has been taken, by whoever claims it, so a
/// slot never holds two chunks and the calling thread never waits on itself.
private final class ChunkLine<Part> {
    let chunks: Int
    let window: Int
    var make: ((Int) -> Part)?
    /// The next chunk nobody has started.
    private let claimed = Atomic<Int>(0)
    /// How many chunks have been taken.
    private let taken = Atomic<Int>(0)
    private let slots: UnsafeMutablePointer<Part?>
    /// Signalled when a slot's chunk is made; waited for before it is taken.
    private let ready: [DispatchSemaphore]
    /// Signalled after each chunk is taken (room for one more), for helpers waiting for room.
    private let room = DispatchSemaphore(value: 0)
    /// How many helpers have started, and whether the calling thread is done, which a late
    /// helper must see before it starts.
    private let helpers = Mutex<(started: Int, closed: Bool)>((0, false))
    /// Signalled by each helper that started, when it stops.
    private let finished = DispatchSemaphore(value: 0)

    init(chunks: Int, window: Int, make: @escaping (Int) -> Part) {
        (self.chunks, self.window, self.make) = (chunks, window, make)
        slots = UnsafeMutablePointer<Part?>.allocate(capacity: window)
        slots.initialize(repeating: nil, count: window)
        ready = (0..<window).map { _ in DispatchSemaphore(value: 0) }
    }

    deinit {
        slots.deinitialize(count: window)
        slots.deallocate()
    }

    /// On a helper thread: makes chunks as they can be claimed, waiting for room when all
    /// slots are busy, until none is left. A helper that starts after the calling thread is
    /// done (a busy pool may start it late) does nothing.
    func work() {
        guard helpers.withLock({ helpers in
            if helpers.closed { return false }
            helpers.started += 1
            return true
        }) else { return }
        defer { finished.signal() }
        while claimed.load(ordering: .relaxed) < chunks {
            if let k = claim() { fill(k) } else { room.wait() }
        }
    }

    /// On the calling thread: hands chunk `k` to `take` once it is made (all before it have
    /// been taken). While it is not, makes the next unclaimed chunk that has room, or else
    /// waits for chunk `k`.
    func take(_ k: Int, with take: (Part) -> Void) {
        while ready[k % window].wait(timeout: .now()) == .timedOut {
            guard let mine = claim() else {
                ready[k % window].wait()
                break
            }
            fill(mine)
        }
        take(slots[k % window].take()!)
        taken.store(k + 1, ordering: .releasing)
        room.signal()
    }

    /// On the calling thread, after the last chunk is taken: wakes helpers still waiting for
    /// room, waits for the helpers that started (they are finishing) but not for those the
    /// pool has not started, and lets go of `make`, which must not outlive `inOrderChunks`.
    func close() {
        let started = helpers.withLock { helpers in
            helpers.closed = true
            return helpers.started
        }
        for _ in 0..<started { room.signal() }
        for _ in 0..<started { finished.wait() }
        make = nil
    }

    /// Claims the next chunk if its slot is free: the chunk `window` before it has been taken.
    private func claim() -> Int? {
        var k = claimed.load(ordering: .relaxed)
        while k < min(chunks, taken.load(ordering: .acquiring) + window) {
            let (exchanged, original) = claimed.compareExchange(expected: k, desired: k + 1, ordering: .relaxed)
            if exchanged { return k }
            k = original
        }
        return nil
    }

    private func fill(_ k: Int) {
        slots[k % window] = make!(k)
        ready[k % window].signal()
    }
}
