/// Values read before, by the exact JSON text they were read from: boards repeat the same
/// few custom-field objects (`{"Story points": "3"}`), label lists (`["bug", "ops"]`) and
/// texts on thousands of cards, and building the value again (allocation, UTF-8 check,
/// SipHash per key) costs far more than recognising text seen before. A hit hands out the
/// same value, which the cards then share (copy-on-write), so a million cards do not keep a
/// million copies of one list.
///
/// Direct-mapped by an FNV-1a hash of the text; callers keep only values that read without a
/// warning, so a hit never skips a diagnostic.
struct RawTextMemo<Value> {
    private struct Slot {
        var text: [UInt8] = []
        var value: Value
    }

    private static var slotBits: Int { 8 }
    private var slots = [Slot?](repeating: nil, count: 1 << RawTextMemo.slotBits)

    /// Texts longer than this are not kept (rarely repeated, costly to compare).
    let maxLength: Int

    init(maxLength: Int) { self.maxLength = maxLength }

    @inline(__always)
    private static func slot(of text: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: (h ^ (h >> 32)) & UInt64((1 << slotBits) - 1))
    }

    /// The value read earlier from exactly this text, or nil.
    func value(for text: UnsafeBufferPointer<UInt8>) -> Value? {
        guard text.count <= maxLength, let slot = slots[Self.slot(of: text)],
              slot.text.elementsEqual(text) else { return nil }
        return slot.value
    }

    /// Remembers the value read from `text`.
    mutating func keep(_ value: Value, for text: UnsafeBufferPointer<UInt8>) {
        guard text.count <= maxLength else { return }
        slots[Self.slot(of: text)] = Slot(text: Array(text), value: value)
    }
}
