import Dispatch

/// Makes the output for `count` items in chunks, two chunks at a time on two cores, and
/// hands the chunks to `take` in order, on the calling thread.
///
/// Writers use it for their per-card and per-event lines, which depend on nothing but the
/// item: a million cards format in about half the time, and `take` (appending to the output
/// file) stays in one place and in order. `make` runs on two threads at once, so it may only
/// read what it shares (the board, a layout) and must build its result in its own buffer.
public func inOrderChunks<Part>(count: Int, size: Int = 2048, make: (Range<Int>) -> Part,
                                take: (Part) -> Void) {
    guard count > size else {
        if count > 0 { take(make(0..<count)) }
        return
    }
    let slots = UnsafeMutableBufferPointer<Part?>.allocate(capacity: 2)
    slots.initialize(repeating: nil)
    defer {
        _ = slots.deinitialize()
        slots.deallocate()
    }
    var start = 0
    while start < count {
        let first = start..<min(start + size, count)
        let second = first.upperBound..<min(first.upperBound + size, count)
        if second.isEmpty {
            take(make(first))
            break
        }
        // Each iteration writes only its own slot, and concurrentPerform returns after both:
        // the slots and `make` (which only reads) may cross threads, unchecked.
        withoutActuallyEscaping(make) { make in
            let shared = Unchecked((slots, make))
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let (slots, make) = shared.value
                slots[k] = make(k == 0 ? first : second)
            }
        }
        take(slots[0].take()!)
        take(slots[1].take()!)
        start = second.upperBound
    }
}

/// A value handed to another thread where the compiler cannot see why that is safe; the
/// caller's comment says why.
private struct Unchecked<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
