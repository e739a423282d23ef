/// Cheap checks on the first bytes of a file, for `SniffingReader.recognizes(head:)`.
enum HeadSniffer {
    /// The first byte that is not white space (or a UTF-8 byte-order mark).
    static func firstSignificant(_ head: [UInt8]) -> (byte: UInt8, index: Int)? {
        var i = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[i]) { i += 1 }
        return i < head.count ? (head[i], i) : nil
    }

    /// True when `"key"` followed by a colon occurs in `head`.
    static func hasKey(_ key: String, in head: [UInt8]) -> Bool {
        valueStart(ofKey: key, in: head, from: 0) != nil
    }

    /// Index just after `"key":` (and white space), for the first occurrence at or after `from`.
    static func valueStart(ofKey key: String, in head: [UInt8], from: Int) -> Int? {
        let needle = Array("\"\(key)\"".utf8)
        guard head.count >= needle.count, let first = needle.first else { return nil }
        var i = from
        while i + needle.count <= head.count {
            if head[i] == first, head[i..<(i + needle.count)].elementsEqual(needle) {
                var j = i + needle.count
                while j < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[j]) { j += 1 }
                if j < head.count, head[j] == UInt8(ascii: ":") {
                    j += 1
                    while j < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[j]) { j += 1 }
                    return j
                }
            }
            i += 1
        }
        return nil
    }
}
