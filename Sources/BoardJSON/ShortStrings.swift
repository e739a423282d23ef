/// Strings of up to 15 UTF-8 bytes, made once and handed out again when the same bytes come
/// back: state ids, card ids in events, actors, labels, field names and values repeat
/// thousands of times in a board, and making a `String` (UTF-8 check, small-string packing)
/// costs more than parsing its bytes.
///
/// A direct-mapped cache keyed by the bytes themselves, packed into two words: a look-up is
/// a hash, three compares and a copy of the cached value (such short strings live inside the
/// `String` value, so handing one out allocates nothing); a miss makes the string and takes
/// the slot.
struct ShortStrings {
    private struct Slot {
        var lo: UInt64 = 0
        var hi: UInt64 = 0
        var length = -1
        var string = ""
    }

    private static let slotBits = 12
    private var slots = [Slot](repeating: Slot(), count: 1 << ShortStrings.slotBits)

    /// The longest text kept (Swift stores up to 15 UTF-8 bytes inline).
    static let maxLength = 15

    /// The string for `text`, valid UTF-8 (the scanner checked it); `input` is the whole
    /// buffer `text` lies in, so the two words may be loaded past its end when room allows.
    @inline(__always)
    mutating func string(_ text: UnsafeBufferPointer<UInt8>, in input: UnsafeBufferPointer<UInt8>) -> String {
        let n = text.count
        guard n <= Self.maxLength, let p = text.baseAddress, let inputBase = input.baseAddress else {
            return String(decoding: text, as: UTF8.self)
        }
        var lo: UInt64 = 0
        var hi: UInt64 = 0
        if p + 16 <= inputBase + input.count {
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
        let h = (lo ^ (hi &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(n)) &* 0xBF58_476D_1CE4_E5B9
        let k = Int(truncatingIfNeeded: h >> UInt64(64 - Self.slotBits))
        return slots.withUnsafeMutableBufferPointer { slots in
            if slots[k].length == n && slots[k].lo == lo && slots[k].hi == hi { return slots[k].string }
            let s = String(decoding: text, as: UTF8.self)
            slots[k] = Slot(lo: lo, hi: hi, length: n, string: s)
            return s
        }
    }
}
