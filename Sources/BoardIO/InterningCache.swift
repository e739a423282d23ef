#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Values made once from bytes and handed out again when the same bytes come back: the
/// same label list, state id, custom-field set or cell text on thousands of cards becomes
/// one `String`, array or dictionary that the cards share (copy-on-write), and making it
/// again (allocation, UTF-8 check, hashing each key) costs far more than recognising bytes
/// seen before. The JSON reader keeps its short strings and repeated lists and objects here,
/// the tabular builder its cell texts, lists and field sets.
///
/// A direct-mapped table of `1 << slotBits` slots: a hit costs a hash and a compare, a miss
/// makes the value and takes the slot. Its memory is bounded whatever the input holds;
/// keys longer than `maxKeyLength` bytes are never kept (rarely repeated, costly to
/// compare). Keys of up to 15 bytes (ids, states, labels) are packed into two words and
/// compared as two words, their slot found by mixing the words (they are loaded already);
/// longer keys are kept as bytes and placed by `FNV1a`.
///
/// A class used by one thread at a time: each reader (and each thread of a reader) makes
/// its own. The slots sit behind a pointer so that updating one pays no exclusivity check.
public final class InterningCache<Value> {
    @usableFromInline struct Slot {
        /// A short key's bytes, little-endian (the low bytes first).
        @usableFromInline var lo: UInt64 = 0
        @usableFromInline var hi: UInt64 = 0
        /// The key's length; -1 for an empty slot.
        @usableFromInline var length = -1
        /// A key longer than `shortKey` bytes.
        @usableFromInline var long: [UInt8] = []
        @usableFromInline var value: Value?

        @usableFromInline init() {}
    }

    /// Keys up to this long are packed into two words (what Swift stores inside a String).
    @usableFromInline static var shortKey: Int { 15 }

    @usableFromInline let slots: UnsafeMutablePointer<Slot>
    @usableFromInline let slotBits: Int
    /// Keys longer than this are not kept.
    public let maxKeyLength: Int

    /// A table of `1 << slotBits` slots that keeps keys of up to `maxKeyLength` bytes.
    public init(slotBits: Int, maxKeyLength: Int) {
        self.slotBits = slotBits
        self.maxKeyLength = maxKeyLength
        slots = .allocate(capacity: 1 << slotBits)
        slots.initialize(repeating: Slot(), count: 1 << slotBits)
    }

    deinit {
        slots.deinitialize(count: 1 << slotBits)
        slots.deallocate()
    }

    /// Where `key` lives: its slot, and its packed words when it is short.
    @usableFromInline struct Place {
        @usableFromInline var slot: UnsafeMutablePointer<Slot>
        @usableFromInline var lo: UInt64
        @usableFromInline var hi: UInt64

        @inlinable init(slot: UnsafeMutablePointer<Slot>, lo: UInt64, hi: UInt64) {
            self.slot = slot
            self.lo = lo
            self.hi = hi
        }
    }

    /// The slot for `key`, or nil when the key is too long to keep. `input`, when given, is
    /// the buffer `key` lies in: a short key's two words are then loaded at once when the
    /// buffer has room past the key.
    @inlinable @inline(__always)
    func place(of key: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>?) -> Place? {
        let n = key.count
        guard n <= maxKeyLength else { return nil }
        guard n <= Self.shortKey else {
            var h = FNV1a()
            h.add(key)
            return Place(slot: slots + Int(truncatingIfNeeded: h.folded() & UInt64((1 << slotBits) - 1)), lo: 0, hi: 0)
        }
        var lo: UInt64 = 0
        var hi: UInt64 = 0
        if let p = key.baseAddress {
            if let input, let inputBase = input.baseAddress, p + 16 <= inputBase + input.count {
                // Load 16 bytes and keep the first n (little-endian: the low bytes come first).
                let raw = UnsafeRawPointer(p)
                let w0 = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
                let w1 = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                lo = n >= 8 ? w0 : w0 & ((1 << UInt64(8 * n)) &- 1)
                hi = n > 8 ? w1 & ((1 << UInt64(8 * (n - 8))) &- 1) : 0
            } else {
                withUnsafeMutableBytes(of: &lo) { w in
                    for k in 0..<min(n, 8) { w[k] = p[k] }
                }
                withUnsafeMutableBytes(of: &hi) { w in
                    for k in 8..<max(n, 8) { w[k - 8] = p[k] }
                }
                lo = UInt64(littleEndian: lo)
                hi = UInt64(littleEndian: hi)
            }
        }
        let h = (lo ^ (hi &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(n)) &* 0xBF58_476D_1CE4_E5B9
        return Place(slot: slots + Int(truncatingIfNeeded: h >> UInt64(64 - slotBits)), lo: lo, hi: hi)
    }

    /// True when the slot at `place` holds exactly `key`.
    @inlinable @inline(__always)
    func holds(_ place: Place, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let slot = place.slot
        let n = key.count
        guard slot.pointee.length == n else { return false }
        if n <= Self.shortKey { return slot.pointee.lo == place.lo && slot.pointee.hi == place.hi }
        return slot.pointee.long.withUnsafeBufferPointer { memcmp($0.baseAddress!, key.baseAddress!, n) == 0 }
    }

    @inlinable @inline(__always)
    func store(_ value: Value, for key: UnsafeBufferPointer<UInt8>, at place: Place) {
        let slot = place.slot
        slot.pointee.length = key.count
        if key.count <= Self.shortKey {
            slot.pointee.lo = place.lo
            slot.pointee.hi = place.hi
            slot.pointee.long.removeAll()
        } else {
            slot.pointee.long.removeAll(keepingCapacity: true)
            slot.pointee.long.append(contentsOf: key)
        }
        slot.pointee.value = value
    }

    /// The value kept for exactly `key`, or nil.
    @inlinable
    public func value(for key: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>? = nil) -> Value? {
        guard let place = place(of: key, in: input), holds(place, key) else { return nil }
        return place.slot.pointee.value
    }

    /// Keeps `value` for `key` (in place of whatever shared its slot).
    @inlinable
    public func keep(_ value: Value, for key: UnsafeBufferPointer<UInt8>) {
        guard let place = place(of: key, in: nil) else { return }
        store(value, for: key, at: place)
    }

    /// The value for `key`: the one kept for the same bytes, or `make(key)`, then kept.
    @inlinable @inline(__always)
    public func value(for key: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>? = nil,
                      make: (UnsafeBufferPointer<UInt8>) -> Value) -> Value {
        guard let place = place(of: key, in: input) else { return make(key) }
        if holds(place, key), let kept = place.slot.pointee.value { return kept }
        let made = make(key)
        store(made, for: key, at: place)
        return made
    }
}
