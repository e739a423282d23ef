import BoardModel
import BoardIO

/// A data row of a text format (CSV) as the UTF-8 bytes of each field, end to end in one
/// buffer. `TabularBoardBuilder.row(_:locate:)` reads it in place: a cell becomes a `String`
/// only where the column mapping keeps text, and dates, numbers and booleans are parsed from
/// the bytes, so a million-row file does not make a string per cell. Valid only while the
/// buffers it points into are (the format's row callback).
public struct TabularTextRow {
    /// The fields' bytes, end to end (valid UTF-8).
    public let storage: UnsafeBufferPointer<UInt8>
    /// Where each field ends in `storage`; field `k` starts where field `k - 1` ends.
    public let ends: UnsafeBufferPointer<Int>

    public init(storage: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>) {
        self.storage = storage
        self.ends = ends
    }

    /// The number of fields.
    public var count: Int { ends.count }

    /// The bytes of field `k`.
    @inline(__always) public func field(_ k: Int) -> UnsafeBufferPointer<UInt8> {
        let start = k == 0 ? 0 : ends[k - 1]
        return UnsafeBufferPointer(rebasing: storage[start..<ends[k]])
    }

    /// The row as cells (`.empty` or `.text`), for the paths that need them.
    public var cells: [TabularCell] {
        (0..<count).map { k in
            let f = field(k)
            return f.isEmpty ? .empty : .text(String(decoding: f, as: UTF8.self))
        }
    }
}

/// What `TabularBoardBuilder` asks of a row, whether it holds typed cells (a workbook) or
/// text bytes (CSV). One generic card-building path serves both, specialized for each.
protocol TabularRowCells {
    var count: Int { get }
    func isEmpty(_ k: Int) -> Bool
    /// The cell as text (`TabularCell.text`).
    func text(_ k: Int) -> String
    /// The text of a cell no other row repeats (an id): not worth looking up in a cache.
    func uniqueText(_ k: Int) -> String
    /// The cell itself, for diagnostics and for keeping a value as a custom field.
    func cell(_ k: Int) -> TabularCell
    /// The text without leading and trailing spaces and tabs.
    func trimmedText(_ k: Int) -> String
    func date(_ k: Int, _ reader: TabularDateReader) -> TabularDateReader.Reading
    /// A finite number, or nil when the cell is not one.
    func number(_ k: Int) -> Double?
    func bool(_ k: Int) -> Bool?
    /// The items of a list cell (`ListCodec`).
    func listItems(_ k: Int) -> [String]
    /// The cell's text as UTF-8 bytes, without making a `String` where the row has none.
    func withUTF8<R>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R
}

/// A workbook's typed cells.
struct TabularCellRow: TabularRowCells {
    let cells: [TabularCell]

    var count: Int { cells.count }
    func isEmpty(_ k: Int) -> Bool { cells[k].isEmpty }
    func text(_ k: Int) -> String { cells[k].text }
    func uniqueText(_ k: Int) -> String { cells[k].text }
    func cell(_ k: Int) -> TabularCell { cells[k] }
    func trimmedText(_ k: Int) -> String { cells[k].text.trimmingSpaces }
    func date(_ k: Int, _ reader: TabularDateReader) -> TabularDateReader.Reading { reader.read(cells[k]) }

    func number(_ k: Int) -> Double? {
        if case .number(let d) = cells[k] { return d }
        if let d = Double(cells[k].text.trimmingSpaces), d.isFinite { return d }
        return nil
    }

    func bool(_ k: Int) -> Bool? {
        switch cells[k] {
        case .bool(let b): return b
        case .number(let d): return d != 0
        default: return TabularBoolText.read(cells[k].text)
        }
    }

    func listItems(_ k: Int) -> [String] {
        if case .text(let s) = cells[k] { return ListCodec.split(s) }
        return [cells[k].text]
    }

    func withUTF8<R>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = cells[k].text
        return text.withUTF8(body)
    }
}

extension TabularTextRow: TabularRowCells {
    @inline(__always) func isEmpty(_ k: Int) -> Bool {
        (k == 0 ? 0 : ends[k - 1]) == ends[k]
    }

    @inline(__always) func text(_ k: Int) -> String { String(decoding: field(k), as: UTF8.self) }
    func uniqueText(_ k: Int) -> String { text(k) }

    func cell(_ k: Int) -> TabularCell { isEmpty(k) ? .empty : .text(text(k)) }

    func trimmedText(_ k: Int) -> String {
        String(decoding: TabularBytes.trimmed(field(k), tabs: true), as: UTF8.self)
    }

    func date(_ k: Int, _ reader: TabularDateReader) -> TabularDateReader.Reading {
        reader.read(utf8: field(k))
    }

    func number(_ k: Int) -> Double? {
        let f = TabularBytes.trimmed(field(k), tabs: true)
        // Whole numbers (positions are) without going through a String.
        if !f.isEmpty, f.count <= 15, f.allSatisfy({ $0 &- 48 < 10 }) {
            var v = 0
            for c in f { v = v * 10 + Int(c &- 48) }
            return Double(v)
        }
        if let d = Double(String(decoding: f, as: UTF8.self)), d.isFinite { return d }
        return nil
    }

    func bool(_ k: Int) -> Bool? {
        // What boardkit writes, without making a string.
        let f = field(k)
        if f.count == 4, f[0] == 0x74, f[1] == 0x72, f[2] == 0x75, f[3] == 0x65 { return true }
        if f.count == 5, f[0] == 0x66, f[1] == 0x61, f[2] == 0x6C, f[3] == 0x73, f[4] == 0x65 { return false }
        return TabularBoolText.read(text(k))
    }

    func listItems(_ k: Int) -> [String] { ListCodec.split(utf8: field(k)) }

    func withUTF8<R>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { body(field(k)) }
}

/// The words a boolean cell may hold.
enum TabularBoolText {
    static func read(_ text: String) -> Bool? {
        switch text.trimmingSpaces.lowercased() {
        case "true", "yes", "y", "1", "archived", "closed", "x", "예": return true
        case "false", "no", "n", "0", "": return false
        default: return nil
        }
    }
}

/// Small byte helpers shared by the text paths.
enum TabularBytes {
    /// `b` without leading and trailing spaces (and tabs when `tabs`).
    @inline(__always)
    static func trimmed(_ b: UnsafeBufferPointer<UInt8>, tabs: Bool) -> UnsafeBufferPointer<UInt8> {
        var lo = 0, hi = b.count
        @inline(__always) func blank(_ c: UInt8) -> Bool { c == 0x20 || (tabs && c == 0x09) }
        while lo < hi, blank(b[lo]) { lo += 1 }
        while hi > lo, blank(b[hi - 1]) { hi -= 1 }
        return UnsafeBufferPointer(rebasing: b[lo..<hi])
    }
}

/// A row (text bytes or a workbook's cells) read through the builder's caches: short repeated
/// texts and list cells share one value across rows (`InterningCache`), so a million cards
/// do not keep a million copies of the same label list or priority.
struct TabularCachedRow<Row: TabularRowCells>: TabularRowCells {
    let row: Row
    let strings: InterningCache<String>
    let lists: InterningCache<[String]>

    var count: Int { row.count }
    @inline(__always) func isEmpty(_ k: Int) -> Bool { row.isEmpty(k) }
    func text(_ k: Int) -> String {
        row.withUTF8(k) { bytes in strings.value(for: bytes) { _ in row.text(k) } }
    }
    func uniqueText(_ k: Int) -> String { row.uniqueText(k) }
    func cell(_ k: Int) -> TabularCell { row.cell(k) }
    func trimmedText(_ k: Int) -> String { row.trimmedText(k) }
    func date(_ k: Int, _ reader: TabularDateReader) -> TabularDateReader.Reading { row.date(k, reader) }
    func number(_ k: Int) -> Double? { row.number(k) }
    func bool(_ k: Int) -> Bool? { row.bool(k) }
    func listItems(_ k: Int) -> [String] {
        row.withUTF8(k) { bytes in lists.value(for: bytes) { _ in row.listItems(k) } }
    }
    func withUTF8<R>(_ k: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R { row.withUTF8(k, body) }
}
