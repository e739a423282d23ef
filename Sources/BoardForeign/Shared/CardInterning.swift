import BoardModel
import BoardIO

/// What the cards of an export repeat, kept once: the same title, body, label list, assignee
/// list or set of custom fields on thousands of cards becomes one `String`, array or
/// dictionary the cards share (copy-on-write), as boardkit's own JSON reader keeps them. At
/// a million Taskwarrior tasks the per-card copies were a quarter of the board's memory.
///
/// One per reading thread at a time (`LendingPool`): the caches are not thread-safe.
final class CardInterning {
    private let strings = InterningCache<String>(slotBits: 12, maxKeyLength: 128)
    private let lists = InterningCache<[String]>(slotBits: 10, maxKeyLength: 256)
    private let fieldSets = InterningCache<[String: String]>(slotBits: 10, maxKeyLength: 256)
    /// The bytes a list or field set is recognised by, reused from task to task.
    private var key: [UInt8] = []

    /// `card` with its repeated parts replaced by the ones kept (the same values).
    func share(_ card: inout Card) {
        card.title = shared(card.title)
        card.body = shared(card.body)
        card.labels = shared(card.labels)
        card.assignees = shared(card.assignees)
        if !card.fields.isEmpty { card.fields = shared(card.fields) }
    }

    private func shared(_ text: String) -> String {
        var bytes = text
        return bytes.withUTF8 { strings.value(for: $0) { _ in text } }
    }

    private func shared(_ list: [String]) -> [String] {
        guard !list.isEmpty else { return list }
        key.removeAll(keepingCapacity: true)
        for item in list {
            key.append(contentsOf: item.utf8)
            key.append(0xFF)  // never in UTF-8
        }
        return key.withUnsafeBufferPointer { bytes in lists.value(for: bytes) { _ in list } }
    }

    private func shared(_ fields: [String: String]) -> [String: String] {
        key.removeAll(keepingCapacity: true)
        for name in fields.keys.sorted() {
            key.append(contentsOf: name.utf8)
            key.append(0xFE)
            key.append(contentsOf: fields[name]!.utf8)
            key.append(0xFF)
        }
        return key.withUnsafeBufferPointer { bytes in fieldSets.value(for: bytes) { _ in fields } }
    }
}
