/// Custom-field objects read before, by their exact text: boards repeat the same few
/// (`{"Story points": "3"}`, `{"Priority": "High"}`) on thousands of cards, and building a
/// `[String: String]` (allocation, SipHash per key) costs twenty times more than recognising
/// text seen before. A hit hands out the same dictionary, which the cards then share.
///
/// Direct-mapped by an FNV-1a hash of the text; only objects of plain strings that read
/// without a warning are kept, so a hit never skips a diagnostic.
struct StringMapMemo {
    private struct Slot {
        var text: [UInt8] = []
        var map: [String: String] = [:]
    }

    private static let slotBits = 8
    private var slots = [Slot?](repeating: nil, count: 1 << StringMapMemo.slotBits)

    /// Objects longer than this are not kept (rarely repeated, costly to compare).
    static let maxLength = 256

    @inline(__always)
    private static func slot(of text: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: (h ^ (h >> 32)) & UInt64((1 << slotBits) - 1))
    }

    /// The map read earlier from exactly this text, or nil.
    func map(for text: UnsafeBufferPointer<UInt8>) -> [String: String]? {
        guard text.count <= Self.maxLength, let slot = slots[Self.slot(of: text)],
              slot.text.elementsEqual(text) else { return nil }
        return slot.map
    }

    /// Remembers the map read from `text`.
    mutating func keep(_ map: [String: String], for text: UnsafeBufferPointer<UInt8>) {
        guard text.count <= Self.maxLength else { return }
        slots[Self.slot(of: text)] = Slot(text: Array(text), map: map)
    }
}
