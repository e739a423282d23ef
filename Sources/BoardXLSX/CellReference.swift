import Foundation

/// A1-style cell references: column letters and 1-based row numbers.
enum CellReference {
    /// `A` for 0, `Z` for 25, `AA` for 26.
    static func column(_ index: Int) -> String {
        var n = index + 1
        var letters: [UInt8] = []
        while n > 0 {
            let r = (n - 1) % 26
            letters.append(UInt8(ascii: "A") + UInt8(r))
            n = (n - 1) / 26
        }
        return String(decoding: letters.reversed(), as: UTF8.self)
    }

    /// `Cards!D7` for row 6, column 3 (both 0-based). Sheet names with spaces or punctuation
    /// are quoted the way Excel does (`'History (2)'!A5`).
    static func cell(sheet: String, row: Int, column: Int) -> String {
        sheetPrefix(sheet) + self.column(column) + String(row + 1)
    }

    /// `Cards!` or `'History (2)'!`.
    static func sheetPrefix(_ sheet: String) -> String {
        let plain = sheet.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        return plain ? sheet + "!" : "'" + sheet.replacingOccurrences(of: "'", with: "''") + "'!"
    }

    /// Parses the column and row of a reference such as `AB12` (0-based), from bytes.
    /// A reference without digits (`AB`) gives a nil row.
    static func parse(_ b: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (column: Int, row: Int?)? {
        var i = start
        var col = 0
        while i < end {
            let c = b[i] | 0x20   // lower-case
            guard c >= UInt8(ascii: "a"), c <= UInt8(ascii: "z") else { break }
            col = col * 26 + Int(c - UInt8(ascii: "a") + 1)
            guard col <= 16_384 else { return nil }
            i += 1
        }
        guard col > 0 else { return nil }
        if i == end { return (col - 1, nil) }
        var row = 0
        while i < end {
            let d = b[i] &- 48
            guard d < 10 else { return nil }
            row = row * 10 + Int(d)
            guard row <= 1_048_576 else { return nil }
            i += 1
        }
        return row > 0 ? (col - 1, row - 1) : nil
    }
}
