/// A plain-text table with columns aligned by display width (Hangul and other wide characters
/// take two terminal cells), for the terminal report.
struct TextTable {
    var header: [String]
    var rows: [[String]]
    /// Columns aligned right (numbers).
    var rightAligned: Set<Int>

    init(header: [String], rows: [[String]], rightAligned: Set<Int> = []) {
        self.header = header
        self.rows = rows
        self.rightAligned = rightAligned
    }

    var text: String {
        let all = [header] + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in all { for (k, cell) in row.enumerated() { widths[k] = max(widths[k], Self.width(cell)) } }
        func line(_ row: [String]) -> String {
            var out = ""
            for (k, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[k] - Self.width(cell))
                if k > 0 { out += "  " }
                out += rightAligned.contains(k) ? pad + cell : (k == row.count - 1 ? cell : cell + pad)
            }
            return out
        }
        var lines = [line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
        lines += rows.map(line)
        return lines.joined(separator: "\n")
    }

    /// Terminal cells a string takes.
    static func width(_ s: String) -> Int {
        var w = 0
        for u in s.unicodeScalars {
            switch u.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                w += 2
            case 0x0300...0x036F, 0x200B...0x200F:
                break
            default:
                w += 1
            }
        }
        return w
    }

    /// Shortens a cell to `max` cells, with an ellipsis.
    static func clip(_ s: String, _ max: Int) -> String {
        guard width(s) > max else { return s }
        var out = ""
        var w = 0
        for ch in s {
            let cw = width(String(ch))
            if w + cw > max - 1 { break }
            out.append(ch)
            w += cw
        }
        return out + "…"
    }
}
