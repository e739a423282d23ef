/// The one hash boardkit computes itself: 64-bit FNV-1a over bytes. Stable ids
/// (`StableID`), entity tags and the id index and interning caches all use it, so a value
/// seen in an output (a card id made from content, an ETag) is this function's and no
/// other's: changing it changes those outputs.
///
/// Fast for the short keys it is given (ids, cell texts): one xor and one multiply a byte.
/// Tables fold the high bits into the low ones they index with (`folded`).
public struct FNV1a: Sendable {
    /// The hash of what was added so far (the offset basis before anything is).
    public var value: UInt64 = 0xcbf2_9ce4_8422_2325

    @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// A hash of nothing yet.
    @inlinable public init() {}

    /// Adds one byte.
    @inlinable @inline(__always)
    public mutating func add(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* Self.prime
    }

    /// Adds the bytes, in order.
    @inlinable @inline(__always)
    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var h = value
        for b in bytes { h = (h ^ UInt64(b)) &* Self.prime }
        value = h
    }

    /// Adds the UTF-8 bytes of `text`.
    @inlinable @inline(__always)
    public mutating func add(_ text: String) {
        var h = value
        for b in text.utf8 { h = (h ^ UInt64(b)) &* Self.prime }
        value = h
    }

    /// The hash of `bytes`.
    @inlinable @inline(__always)
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = FNV1a()
        h.add(bytes)
        return h.value
    }

    /// The hash of `text`'s UTF-8 bytes.
    @inlinable @inline(__always)
    public static func hash(_ text: String) -> UInt64 {
        var h = FNV1a()
        h.add(text)
        return h.value
    }

    /// `value` with its high `shift` bits folded onto the low ones, for a table indexed by
    /// the low bits (FNV-1a's low bits alone spread short keys poorly).
    @inlinable @inline(__always)
    public func folded(_ shift: UInt64 = 32) -> UInt64 { value ^ (value >> shift) }

    /// `value` as 16 lowercase hex digits, zero-padded (what ids and tags show).
    public var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
