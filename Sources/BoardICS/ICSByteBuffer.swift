/// A growable byte buffer appended to through a pointer.
///
/// A feed is built a byte at a time (escapes, dates, folds); on `[UInt8]` every append pays a
/// uniqueness and a capacity check, which cost more than the writing itself. Here an append
/// is a compare and a store. The memory belongs to a small class instance, freed with the
/// last copy of the buffer; copies share it, so a buffer is written through one copy only
/// (`ICSOutput` owns its two and never hands them out).
struct ICSByteBuffer {
    private final class Storage {
        let base: UnsafeMutablePointer<UInt8>
        init(capacity: Int) { base = .allocate(capacity: capacity) }
        deinit { base.deallocate() }
    }

    private var storage: Storage
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        let capacity = max(capacity, 64)
        storage = Storage(capacity: capacity)
        base = storage.base
        self.capacity = capacity
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func append(_ a: UInt8, _ b: UInt8) {
        if count + 2 > capacity { grow(to: count + 2) }
        base[count] = a
        base[count + 1] = b
        count += 2
    }

    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, let from = bytes.baseAddress else { return }
        if count + n > capacity { grow(to: count + n) }
        (base + count).update(from: from, count: n)
        count += n
    }

    @inline(__always) mutating func append(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Empties the buffer, keeping its memory.
    @inline(__always) mutating func removeAll() { count = 0 }

    /// The bytes written so far; valid until the next append.
    @inline(__always) var contents: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(never) private mutating func grow(to needed: Int) {
        var c = capacity * 2
        while c < needed { c *= 2 }
        let s = Storage(capacity: c)
        s.base.update(from: base, count: count)
        storage = s
        base = s.base
        capacity = c
    }
}
