import BoardModel

/// One cell of a row, format-neutral. CSV gives only `.text` (and `.empty`); a workbook gives
/// the typed values it stores, with date serials already turned into dates by the reader.
public enum TabularCell: Sendable, Equatable {
    case empty
    case text(String)
    case number(Double)
    case bool(Bool)
    /// A whole day (a workbook date cell with no time part).
    case date(CalendarDate)
    /// A wall-clock date and time with no zone (a workbook date-time cell, a zone-less export).
    case dateTime(LocalDateTime)
    /// An exact moment with its offset.
    case instant(Instant)

    /// True for `.empty` and for text that is empty.
    public var isEmpty: Bool {
        switch self {
        case .empty: return true
        case .text(let s): return s.isEmpty
        default: return false
        }
    }

    /// The cell as text, the way boardkit writes it in a text format: numbers without a
    /// needless `.0`, `true`/`false`, ISO 8601 dates.
    public var text: String {
        switch self {
        case .empty: return ""
        case .text(let s): return s
        case .number(let d): return TabularCell.numberText(d)
        case .bool(let b): return b ? "true" : "false"
        case .date(let d): return d.description
        case .dateTime(let t):
            var out: [UInt8] = []
            ISO8601.appendLocal(t, to: &out)
            return String(decoding: out, as: UTF8.self)
        case .instant(let i): return i.description
        }
    }

    /// `3` for 3.0, `2.5` for 2.5: what a person typed into a spreadsheet.
    public static func numberText(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }
}
