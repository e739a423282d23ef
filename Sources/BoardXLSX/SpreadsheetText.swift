#if canImport(Glibc)
import Glibc
#endif
/// What a cell's text looks like inside the file (OOXML's `ST_Xstring`): characters XML
/// cannot carry are written `_xHHHH_` (libxlsxwriter does that for control characters), so a
/// text that itself contains `_x0041_` must have its underscore escaped as `_x005F_` or a
/// reader would turn it into `A`.
enum SpreadsheetText {
    /// The limit Excel and libxlsxwriter put on a cell's text, in UTF-8 bytes as libxlsxwriter
    /// counts it (Excel counts 32,767 UTF-16 units, never fewer than the bytes).
    static let cellLimit = 32_767

    /// `text` with each literal `_xHHHH_` protected, and each NUL written `_x0000_` (as a C
    /// string, libxlsxwriter would end the text there: found by the xlsx-part fuzz target,
    /// Tests/FuzzFindings/xlsx-part-nul-in-shared-string.xml); the same string when there is none.
    static func escapeLiteralEscapes(_ text: String) -> String {
        guard containsEscapeLike(text.utf8) || text.utf8.contains(0) else { return text }
        var out: [UInt8] = []
        let b = Array(text.utf8)
        out.reserveCapacity(b.count + 16)
        var i = 0
        while i < b.count {
            if isEscape(b, at: i) { out.append(contentsOf: Array("_x005F_".utf8)); i += 1; continue }
            if b[i] == 0 { out.append(contentsOf: Array("_x0000_".utf8)); i += 1; continue }
            out.append(b[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `_x` or `_X` occurs: every text cell is checked, so this runs over the bytes in
    /// place and jumps from underscore to underscore (iterating the UTF-8 view cost more than
    /// the rest of writing the cell).
    static func containsEscapeLike(_ s: String.UTF8View) -> Bool {
        if let found = s.withContiguousStorageIfAvailable({ containsEscapeLike($0) }) { return found }
        return Array(s).withUnsafeBufferPointer { containsEscapeLike($0) }
    }

    static func containsEscapeLike(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress, b.count > 1 else { return false }
        var p = UnsafeRawPointer(base)
        let end = UnsafeRawPointer(base + b.count - 1)  // an underscore in the last byte has no follower
        while p < end, let hit = memchr(p, Int32(UInt8(ascii: "_")), end - p) {
            let next = hit.load(fromByteOffset: 1, as: UInt8.self)
            if next == UInt8(ascii: "x") || next == UInt8(ascii: "X") { return true }
            p = UnsafeRawPointer(hit) + 1
        }
        return false
    }

    /// True when `b[i...]` starts `_xHHHH_`.
    @inline(__always)
    static func isEscape(_ b: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
        guard i + 7 <= end, b[i] == UInt8(ascii: "_"), b[i + 1] == UInt8(ascii: "x") || b[i + 1] == UInt8(ascii: "X"),
              b[i + 6] == UInt8(ascii: "_") else { return false }
        for k in 2..<6 where hexValue(b[i + k]) == nil { return false }
        return true
    }

    static func isEscape(_ b: [UInt8], at i: Int) -> Bool {
        b.withUnsafeBufferPointer { isEscape($0, at: i, end: $0.count) }
    }

    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case 48...57: return UInt32(c - 48)
        case 65...70: return UInt32(c - 55)
        case 97...102: return UInt32(c - 87)
        default: return nil
        }
    }

    /// Splits a text into pieces of at most `limit` UTF-8 bytes, never inside a character.
    static func pieces(_ text: String, limit: Int = cellLimit) -> [String] {
        let b = Array(text.utf8)
        var out: [String] = []
        var start = 0
        while start < b.count {
            var end = min(start + limit, b.count)
            // Back off continuation bytes (10xxxxxx) so the piece ends on a scalar boundary.
            while end < b.count, end > start, b[end] & 0xC0 == 0x80 { end -= 1 }
            out.append(String(decoding: b[start..<end], as: UTF8.self))
            start = end
        }
        return out
    }
}
