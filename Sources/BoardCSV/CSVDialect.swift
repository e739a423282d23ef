/// How a CSV file is spelled: its delimiter, whether it starts with a byte-order mark, how
/// lines end and whether texts that start like formulas are neutralised. Reading sniffs it
/// from the first lines; writing takes it from the options.
public struct CSVDialect: Sendable, Equatable {
    /// `,`, `;` or tab.
    public var delimiter: UInt8
    /// A UTF-8 byte-order mark before the header (what Excel writes and wants).
    public var byteOrderMark: Bool
    /// CRLF (RFC 4180, Excel) or LF line ends.
    public var crlf: Bool
    /// A text cell that starts like a formula (`=`, `+`, `-`, `@`, tab, CR) is written with a
    /// `'` before it, so a spreadsheet shows it instead of running it (OWASP's advice on CSV
    /// injection). For CSV meant for a spreadsheet (`--excel`) only: it changes the text.
    public var neutralisesFormulas: Bool

    public init(delimiter: UInt8 = UInt8(ascii: ","), byteOrderMark: Bool = false, crlf: Bool = false,
                neutralisesFormulas: Bool = false) {
        self.delimiter = delimiter
        self.byteOrderMark = byteOrderMark
        self.crlf = crlf
        self.neutralisesFormulas = neutralisesFormulas
    }

    /// True when a cell starting with `byte` is one a spreadsheet may run as a formula.
    @inline(__always)
    static func startsFormula(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "@") || byte == 0x09 || byte == 0x0D
    }

    public static let delimiters: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09]

    /// The delimiter a file's name asks for: a tab for `.tsv` (any case), nil for any other
    /// name (a comma then, or what `--delimiter` says).
    public static func delimiter(forPath path: String) -> UInt8? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased() == "tsv" ? 0x09 : nil
    }
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The dialect of `text` judged from its first lines (up to 64 KiB): the delimiter that
    /// appears outside quotes the same number of times on each of the first lines, preferring
    /// the most frequent; `,` when nothing decides.
    public static func sniff(_ text: UnsafeBufferPointer<UInt8>) -> CSVDialect {
        var d = CSVDialect()
        var i = 0
        if text.count >= 3, text[0] == 0xEF, text[1] == 0xBB, text[2] == 0xBF {
            d.byteOrderMark = true
            i = 3
        }
        let end = min(text.count, i + 65_536)
        // Counts per line of each candidate, outside quotes, for up to 20 lines.
        var counts: [[Int]] = []
        var current = [0, 0, 0]
        var quoted = false
        var sawCR = false
        var k = i
        while k < end, counts.count < 20 {
            let c = text[k]
            if c == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted && (c == 0x0A || c == 0x0D) {
                if c == 0x0D { sawCR = true }
                if c == 0x0A, k > i, text[k - 1] == 0x0D { k += 1; continue }
                if current != [0, 0, 0] || !counts.isEmpty { counts.append(current) }
                current = [0, 0, 0]
            } else if !quoted, let slot = delimiters.firstIndex(of: c) {
                current[slot] += 1
            }
            k += 1
        }
        if k >= text.count, current != [0, 0, 0] { counts.append(current) }
        d.crlf = sawCR
        guard let first = counts.first else { return d }
        var best: (slot: Int, score: Int)?
        for slot in 0..<3 where first[slot] > 0 {
            let consistent = counts.allSatisfy { $0[slot] == first[slot] }
            let score = first[slot] + (consistent ? 1_000_000 : 0)
            if best == nil || score > best!.score { best = (slot, score) }
        }
        if let best { d.delimiter = delimiters[best.slot] }
        return d
    }
}
