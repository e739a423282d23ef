#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Gives repeated cell text one shared value: the same label list, assignee, priority or
/// custom-field set on a thousand rows becomes one `String`, `[String]` or dictionary that a
/// thousand cards share (copy-on-write), instead of a thousand heap copies. That is most of a
/// large board's memory after the card array itself.
///
/// A direct-mapped table of a fixed number of slots, keyed by the cell's bytes (FNV-1a):
/// a hit costs a hash and a compare; a miss makes the value and takes the slot. Its memory
/// is bounded whatever the file holds; values longer than `maxKey` bytes are not kept.
final class TabularValueCache<Value> {
    private struct Slot {
        var key: [UInt8] = []
        var value: Value?
    }

    private static var slotCount: Int { 4096 }
    /// Longer text is rarely repeated, and copying it as a key would cost more than it saves.
    static var maxKey: Int { 128 }

    // Slots live behind a pointer, not in a stored array, so that updating one does not pay
    // Swift's dynamic exclusivity check on every cell.
    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
    }

    /// The value for `bytes`: the one made for the same bytes before, or `make(bytes)`.
    @inline(__always)
    func value(for bytes: UnsafeBufferPointer<UInt8>, make: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        guard bytes.count <= Self.maxKey else { return make(bytes) }
        var hash: UInt32 = 2_166_136_261
        for b in bytes { hash = (hash ^ UInt32(b)) &* 16_777_619 }
        let slot = slots + Int(hash & UInt32(Self.slotCount - 1))
        if let cached = slot.pointee.value, Self.equal(slot.pointee.key, bytes) { return cached }
        let made = make(bytes)
        slot.pointee.key.removeAll(keepingCapacity: true)
        slot.pointee.key.append(contentsOf: bytes)
        slot.pointee.value = made
        return made
    }

    @inline(__always)
    private static func equal(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.count == bytes.count else { return false }
        if bytes.isEmpty { return true }
        return key.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }
}
